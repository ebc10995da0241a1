import { Alert, Button, Card, Image, Stack, Text, Textarea } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ChargeView, PSP_VALIDITY_DAYS } from "../../../shared/contracts/rent";
import { formatBRL } from "../../../shared/money";

type Pix = NonNullable<ChargeView["pix"]>;

/**
 * How to pay an open charge: the Pix QR code and its "copia e cola" code, or why there is none yet.
 * The landlord sees the same, to check what the tenant is asked.
 */
export function ChargePix({ charge }: { charge: ChargeView }) {
  const { t } = useTranslation();
  const landlord = charge.papel === "locador";
  if (charge.pix) return <PixCard pix={charge.pix} landlord={landlord} />;
  if (charge.pixIndisponivel === "psp-pendente")
    return (
      <Alert color="blue" variant="light" title={t("charge.pix.title")} data-testid="charge-pix-missing">
        {t("charge.pix.pspPendente")}
      </Alert>
    );
  if (charge.pixIndisponivel === "psp-vencida")
    return (
      <Alert color="yellow" variant="light" title={t("charge.pix.title")} data-testid="charge-pix-missing">
        {t("charge.pix.pspVencida", { dias: PSP_VALIDITY_DAYS })}
      </Alert>
    );
  if (charge.pixIndisponivel === "sem-chave")
    return (
      <Alert color="yellow" variant="light" title={t("charge.pix.title")} data-testid="charge-pix-missing">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {landlord ? t("charge.pix.semChave.landlord") : t("charge.pix.semChave.tenant")}
          </Text>
          {landlord && (
            <Button component={Link} to="/profile2" variant="filled">
              {t("charge.pix.semChave.action")}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  return null;
}

function PixCard({ pix, landlord }: { pix: Pix; landlord: boolean }) {
  const { t } = useTranslation();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<"done" | "manual" | null>(null);
  const valor = formatBRL(pix.valor);

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(pix.copiaECola);
      setCopied("done");
    } catch {
      // No clipboard here (an old browser, a page not served over https) or it was refused: the
      // code is selected, for the phone's own "copy".
      field.current?.focus();
      field.current?.select();
      setCopied("manual");
    }
  }

  return (
    <Card withBorder padding="md" data-testid="charge-pix">
      <Stack gap="sm">
        <Text fw={700} size="lg">
          {t("charge.pix.title")}
        </Text>
        {landlord && (
          <Text size="sm" c="dimmed">
            {t("charge.pix.landlordLead")}
          </Text>
        )}
        <Image
          src={`data:image/svg+xml;utf8,${encodeURIComponent(pix.qrSvg)}`}
          alt={t("charge.pix.qrAlt", { valor })}
          w="100%"
          maw={260}
          mx="auto"
          fit="contain"
          style={{ aspectRatio: "1 / 1", background: "white" }}
        />
        <Text size="sm" ta="center">
          {t("charge.pix.recebedor", { nome: pix.recebedor })}
        </Text>
        <Textarea
          ref={field}
          label={t("charge.pix.code")}
          value={pix.copiaECola}
          readOnly
          rows={4}
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { fontFamily: "monospace", fontSize: 13, wordBreak: "break-all" } }}
          data-testid="charge-pix-code"
        />
        <Button
          size="lg"
          fullWidth
          leftSection={copied === "done" ? <IconCheck size={20} /> : <IconCopy size={20} />}
          onClick={() => void copy()}
        >
          {t("charge.pix.copy")}
        </Button>
        {/* Always there, so a screen reader announces what fills it. */}
        <Text size="sm" role="status" c={copied === "done" ? "green.8" : undefined} fw={600}>
          {copied === "done"
            ? t("charge.pix.copied")
            : copied === "manual"
              ? t("charge.pix.copyManual")
              : null}
        </Text>
        <Text size="sm">{t("charge.pix.howTo")}</Text>
        {pix.modo === "estatico" && (
          <Text size="xs" c="dimmed">
            {t("charge.pix.staticNote", { valor })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
