import { Badge, Group, Stack, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { SealDetails } from "../../../shared/contracts/contracts";

/**
 * A seal's time as the contract writes its own: Brasília's, to the second (a timestamp is
 * compared with the audit trail's).
 */
export function sealTime(iso: string, locale: string): string {
  return new Date(iso).toLocaleString(locale, {
    dateStyle: "short",
    timeStyle: "medium",
    timeZone: "America/Sao_Paulo",
  });
}

/** The signature's type in words: PAdES, the older PKCS#7, or whatever the file names. */
export function signatureType(subFilter: string | null, t: TFunction): string {
  if (subFilter === "ETSI.CAdES.detached") return t("verify.details.typePades");
  if (subFilter === "adbe.pkcs7.detached") return t("verify.details.typePkcs7");
  return subFilter ?? t("verify.details.typeUnknown");
}

/** The timestamp's time and TSA, or "sem carimbo do tempo". */
export function timestampText(timestamp: SealDetails["timestamp"], t: TFunction, locale: string): string {
  if (!timestamp) return t("verify.details.noTimestamp");
  const date = sealTime(timestamp.genTime, locale);
  const text = timestamp.tsa
    ? t("verify.details.timestampBy", { date, tsa: timestamp.tsa })
    : t("verify.details.timestampAt", { date });
  return timestamp.valid ? text : t("verify.details.timestampInvalid", { text });
}

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * What a seal is made of, as a lawyer checks it: the signature's type, its timestamp, the
 * certificate chain with each link trusted or not, and the PDF/A the file declares.
 */
export function SealDetailsView({
  details,
}: {
  /** Without a chain (the public page says only what identifies the contract), no chain row. */
  details: Omit<SealDetails, "chain"> & { chain?: SealDetails["chain"] };
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="xs" data-testid="seal-details">
      <Row label={t("verify.details.type")} testId="seal-type">
        {signatureType(details.subFilter, t)}
      </Row>
      <Row label={t("verify.details.timestamp")} testId="seal-timestamp">
        {timestampText(details.timestamp, t, i18n.language)}
      </Row>
      {details.chain && (
        <Row label={t("verify.details.chain")} testId="seal-chain">
          {details.chain.length === 0 ? (
            t("verify.details.noChain")
          ) : (
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
              {details.chain.map((link) => (
                <li key={`${link.subject}|${link.issuer}`} data-testid="chain-link">
                  <Group gap={6} wrap="wrap">
                    <span>{link.subject}</span>
                    <Badge size="xs" variant="light" color={link.trusted ? "teal" : "orange"}>
                      {link.trusted ? t("verify.details.trusted") : t("verify.details.untrusted")}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {link.issuer === link.subject
                      ? t("verify.details.selfIssued")
                      : t("verify.details.issuedBy", { issuer: link.issuer })}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Row>
      )}
      <Row label={t("verify.details.pdfA")} testId="seal-pdfa">
        {details.pdfA ? t("verify.details.pdfAValue", { level: details.pdfA }) : t("verify.details.pdfANone")}
      </Row>
    </Stack>
  );
}
