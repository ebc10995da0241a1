import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PdfView } from "../../components/pdf-view";
import { contractsApi } from "../../features/contracts/api";
import { SignaturePad } from "../../features/contracts/signature-pad";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";

/** The signing ceremony through a personal link: read, confirm by e-mailed code, sign or refuse. */
export function Ceremony({ contractId, token }: { contractId: string; token: string }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const view = useQuery({
    queryKey: [`/api/signing/${contractId}?token=${token}`],
    queryFn: () => contractsApi.ceremony(contractId, token),
    retry: false,
  });
  const [codeInfo, setCodeInfo] = useState<string | null>(null);
  const [codigo, setCodigo] = useState("");
  const [nome, setNome] = useState("");
  const [cpf, setCpf] = useState("");
  const [agree, setAgree] = useState(false);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [refusing, setRefusing] = useState(false);
  const [motivo, setMotivo] = useState("");
  const [done, setDone] = useState<"signed" | "sealing" | "all" | "refused" | null>(null);
  const code = useMutation({
    mutationFn: () => contractsApi.sendCode(contractId, token),
    onSuccess: (r) => setCodeInfo(r.sentTo),
    // An old "code sent" line beside a refusal reads as if both were true.
    onError: (e) => {
      setCodeInfo(null);
      if (e instanceof ApiError && e.code === "signer-blocked") void view.refetch();
    },
  });
  const sign = useMutation({
    mutationFn: () =>
      contractsApi.sign(contractId, { token, codigo, nome, cpf, ...(drawn ? { assinatura: drawn } : {}) }),
    // The last signature answers "selando": the seal is a job, done in a moment.
    onSuccess: (r) =>
      setDone(r.status === "assinado" ? "all" : r.status === "selando" ? "sealing" : "signed"),
    onError: (e) => {
      if (e instanceof ApiError && e.code === "signer-blocked") {
        setCodeInfo(null);
        void view.refetch();
      }
    },
  });
  const refuse = useMutation({
    mutationFn: () => contractsApi.refuse(contractId, { token, codigo, motivo }),
    onSuccess: () => setDone("refused"),
  });

  if (done) {
    // The personal link ends with the signature: the parties follow the contract in their account,
    // everyone else gets the sealed file by e-mail.
    const papel = view.data?.signatario.papel;
    const party = papel === "locador" || papel === "locatario";
    return (
      <Stack gap="sm">
        <Alert color={done === "refused" ? "gray" : "teal"} data-testid="ceremony-done">
          {done === "all"
            ? t("contract.allSigned")
            : done === "sealing"
              ? t("contract.sealing")
              : done === "signed"
                ? t("contract.signed")
                : t("contract.refused")}
        </Alert>
        {party && done !== "refused" && (
          <Button
            component={Link}
            to={`/Clicksign?contrato=${contractId}`}
            variant="light"
            data-testid="follow-contract"
          >
            {t("contract.follow")}
          </Button>
        )}
      </Stack>
    );
  }
  if (view.isPending) return <Loader />;
  if (view.data === undefined)
    return (
      <Alert color="red" data-testid="ceremony-error">
        {view.error instanceof ApiError && view.error.code === "invalid-signing-link"
          ? t("contract.invalidLink")
          : err.of(view.error)}
      </Alert>
    );
  const v = view.data;
  const canAct = v.vez && !v.signatario.bloqueado;
  return (
    <Stack gap="md" data-testid="ceremony">
      <div>
        <Title order={1} size="h2">
          {t("contract.signTitle")} · {t("contract.title", { numero: v.contrato.numero })}
        </Title>
        <Text c="dimmed" size="sm">
          {t("contract.signLead")}
        </Text>
        <Text size="sm" mt={4} fw={500}>
          {t("contract.you", { papel: t(`contract.roles.${v.signatario.papel}`), nome: v.signatario.nome })}
        </Text>
      </div>
      {v.contrato.documentUrl && (
        <Card withBorder padding="sm">
          <PdfView url={v.contrato.documentUrl} />
          <Text size="xs" c="dimmed" ff="monospace" mt="xs">
            {t("contract.hash", { hash: v.contrato.sha256 })}
          </Text>
        </Card>
      )}
      {v.signatario.bloqueado && (
        <Alert color="red" data-testid="signer-blocked">
          {t("errors.signer-blocked")} {t("contract.blockedNext")}
        </Alert>
      )}
      {!v.vez && !v.signatario.bloqueado && <Alert color="yellow">{t("contract.notYourTurn")}</Alert>}
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group>
            <Button variant="light" onClick={() => code.mutate()} loading={code.isPending} disabled={!canAct}>
              {t("contract.sendCode")}
            </Button>
            {codeInfo && (
              <Text size="sm" c="teal">
                {t("contract.codeSent", { email: codeInfo })}
              </Text>
            )}
          </Group>
          {code.isError && (
            <Text c="red" size="sm">
              {err.message(code.error)}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t("contract.code")}
              value={codigo}
              onChange={(e) => setCodigo(e.currentTarget.value)}
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
            />
            <TextInput
              label={t("contract.fullName")}
              value={nome}
              onChange={(e) => setNome(e.currentTarget.value)}
              autoComplete="name"
            />
            <TextInput
              label={t("contract.yourCpf")}
              value={cpf}
              onChange={(e) => setCpf(e.currentTarget.value)}
              inputMode="numeric"
            />
          </SimpleGrid>
          <SignaturePad onChange={setDrawn} />
          <Checkbox
            label={t("contract.agree")}
            checked={agree}
            onChange={(e) => setAgree(e.currentTarget.checked)}
          />
          {sign.isError && (
            <Alert color="red" role="alert">
              {err.message(sign.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="subtle" color="red" onClick={() => setRefusing(true)} disabled={!canAct}>
              {t("contract.refuse")}
            </Button>
            <Button
              color="teal"
              disabled={!agree || codigo.length !== 6 || !canAct}
              loading={sign.isPending}
              onClick={() => sign.mutate()}
            >
              {t("contract.sign")}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Modal opened={refusing} onClose={() => setRefusing(false)} title={t("contract.refuseTitle")} centered>
        <Stack>
          <TextInput
            label={t("contract.code")}
            value={codigo}
            onChange={(e) => setCodigo(e.currentTarget.value)}
            maxLength={6}
          />
          <Textarea
            label={t("contract.reason")}
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            minRows={3}
            autosize
            maxLength={1000}
          />
          {refuse.isError && (
            <Text c="red" size="sm">
              {err.message(refuse.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRefusing(false)}>
              {t("proposal.cancel")}
            </Button>
            <Button color="red" loading={refuse.isPending} onClick={() => refuse.mutate()}>
              {t("contract.refuse")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
