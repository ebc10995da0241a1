import { Anchor, Button, Card, FileButton, Stack, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ChargeView } from "../../../shared/contracts/rent";
import { ACCEPT_ATTRIBUTE } from "../../../shared/contracts/storage";
import { useAuth } from "../../app/auth";
import { UploadProgress } from "../../components/upload-progress";
import { useErrorText } from "../../lib/error-text";
import { useSingleUpload } from "../../lib/use-upload";
import { useAttachProof } from "./api";
import { useChargeFormat } from "./charge-format";

/** Where the tenants' proofs of payment are kept among their documents. */
const PROOF_FOLDER = "comprovantes";

/**
 * The proof of payment: the tenant sends one (a photo or a PDF) while the charge is open, and both
 * parties open the one sent.
 */
export function ChargeProof({ charge }: { charge: ChargeView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const errors = useErrorText();
  const { state } = useAuth();
  const userId = state.status === "signed-in" ? state.user.id : null;
  const upload = useSingleUpload();
  const attach = useAttachProof(charge.id);
  const reset = useRef<() => void>(null);
  const tenant = charge.papel === "locatario";
  const canSend = tenant && charge.status === "aberta";
  const proof = charge.comprovante;
  if (!canSend && !proof) return null;

  async function send(file: File | null) {
    reset.current?.();
    if (!file || !userId) return;
    attach.reset();
    const doc = await upload.start(
      file,
      { filename: file.name, kind: "comprovante_pagamento", folder: PROOF_FOLDER },
      userId,
    );
    if (doc) attach.mutate(doc.id);
  }

  const busy = upload.task !== null || attach.isPending;
  return (
    <Card withBorder padding="md" data-testid="charge-proof">
      <Stack gap="xs">
        <Text fw={700}>{t("charge.proof.title")}</Text>
        {proof ? (
          <Text size="sm" data-testid="charge-proof-sent">
            {tenant
              ? t("charge.proof.sent", { data: f.moment(proof.enviadoEm) })
              : t("charge.proof.landlordSent", { data: f.moment(proof.enviadoEm) })}{" "}
            <Anchor component={Link} to={`/ViewDocument?id=${proof.documentoId}`}>
              {t("charge.proof.view")}
            </Anchor>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t("charge.proof.lead")}
          </Text>
        )}
        {canSend && (
          <FileButton onChange={(file) => void send(file)} accept={ACCEPT_ATTRIBUTE} resetRef={reset}>
            {(props) => (
              <Button
                {...props}
                variant={proof ? "default" : "light"}
                leftSection={<IconUpload size={16} />}
                loading={busy}
                disabled={!userId}
                fullWidth
                data-testid="charge-proof-send"
              >
                {proof ? t("charge.proof.sendAnother") : t("charge.proof.send")}
              </Button>
            )}
          </FileButton>
        )}
        {upload.task && <UploadProgress task={upload.task} />}
        {attach.isPending && (
          <Text size="sm" role="status">
            {t("charge.proof.attaching")}
          </Text>
        )}
        {(upload.problem || attach.error) && (
          <Text size="sm" c="red" role="alert">
            {upload.problem ?? errors.message(attach.error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
