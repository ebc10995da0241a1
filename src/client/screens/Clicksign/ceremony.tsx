import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { refuseInput, signInput } from "../../../shared/contracts/contracts";
import { genderContext } from "../../../shared/gender";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PdfView } from "../../components/pdf-view";
import {
  ceremonyQuery,
  useRefuseToSign,
  useSendSigningCode,
  useSign,
} from "../../features/contracts/api/signing";
import { SignaturePad } from "../../features/contracts/signature-pad";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { ContractProblem } from "./contract-problem";
import { ContractSummary } from "./contract-summary";
import { openFresh } from "./fresh-link";

const signFields = signInput.omit({ assinatura: true });
type SignDraft = z.input<typeof signFields>;
type RefuseDraft = z.input<typeof refuseInput>;

/** The ceremony's forms: messages change when the signer tries again, as everywhere in the app. */
const formOptions = { reValidateMode: "onSubmit", shouldFocusError: false } as const;

/** The signing ceremony through a personal link: read, confirm by e-mailed code, sign or refuse. */
export function Ceremony({ contractId, token }: { contractId: string; token: string }) {
  const { t, i18n } = useTranslation();
  const err = useErrorText();
  const view = useQuery(ceremonyQuery(contractId, token));
  // A phone draws the PDF at its width, about 6 px text: it reads the summary and opens the PDF
  // whole instead (decision 044). A wider screen shows both.
  const wide = useMediaQuery("(min-width: 48em)", false, { getInitialValueInEffect: false });
  const [codeInfo, setCodeInfo] = useState<string | null>(null);
  const [agree, setAgree] = useState(false);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [refusing, setRefusing] = useState(false);
  const [done, setDone] = useState<"signed" | "sealing" | "all" | "refused" | null>(null);
  const signForm = useForm<SignDraft, unknown, z.output<typeof signFields>>({
    resolver: zodResolver(signFields),
    defaultValues: { codigo: "", nome: "", cpf: "" },
    ...formOptions,
  });
  const refuseForm = useForm<RefuseDraft, unknown, z.output<typeof refuseInput>>({
    resolver: zodResolver(refuseInput),
    defaultValues: { codigo: "", motivo: "" },
    ...formOptions,
  });
  const code = useSendSigningCode(contractId, token);
  const sign = useSign(contractId, token);
  const refuse = useRefuseToSign(contractId, token);
  // A blocked signer learns it from the ceremony itself, which then offers nothing to do.
  const onBlocked = (e: unknown) => {
    if (e instanceof ApiError && e.code === "signer-blocked") {
      setCodeInfo(null);
      void view.refetch();
    }
  };
  const sendCode = () =>
    code.mutate(undefined, {
      onSuccess: (r) => setCodeInfo(r.sentTo),
      // An old "code sent" line beside a refusal reads as if both were true.
      onError: (e) => {
        setCodeInfo(null);
        onBlocked(e);
      },
    });
  const submitSign = signForm.handleSubmit((signature) =>
    sign.mutate(
      { ...signature, ...(drawn ? { assinatura: drawn } : {}) },
      {
        // The last signature answers "selando": the seal is a job, done in a moment.
        onSuccess: (r) =>
          setDone(r.status === "assinado" ? "all" : r.status === "selando" ? "sealing" : "signed"),
        onError: onBlocked,
      },
    ),
  );
  const submitRefusal = refuseForm.handleSubmit((refusal) =>
    refuse.mutate(refusal, { onSuccess: () => setDone("refused") }),
  );
  // The code typed in one place is the code in the other.
  const openRefusal = () => {
    refuseForm.setValue("codigo", signForm.getValues("codigo"));
    setRefusing(true);
  };
  const closeRefusal = () => {
    signForm.setValue("codigo", refuseForm.getValues("codigo"));
    setRefusing(false);
  };
  const codigo = signForm.watch("codigo");
  const signErrors = signForm.formState.errors;
  const refuseErrors = refuseForm.formState.errors;

  if (done) {
    // The personal link ends with the signature: the parties follow the contract in their account,
    // everyone else gets the sealed file by e-mail.
    const role = view.data?.signatario.role;
    const party = role === "locador" || role === "locatario";
    return (
      <Stack gap="sm">
        <Title order={1} size="h2">
          {t("contract.heading")}
        </Title>
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
      <ContractProblem>
        <Alert color="red" data-testid="ceremony-error">
          {view.error instanceof ApiError && view.error.code === "invalid-signing-link"
            ? t("contract.invalidLink")
            : err.of(view.error)}
        </Alert>
      </ContractProblem>
    );
  const v = view.data;
  if (v.assinado) {
    // A signer who signed and opens her link again: when, and the contract to keep.
    const signed = v.assinado;
    return (
      <Stack gap="md" data-testid="ceremony-signed">
        <Title order={1} size="h2">
          {t("contract.heading")} · {t("contract.title", { numero: v.contrato.numero })}
        </Title>
        <Alert color="teal" data-testid="already-signed">
          <Text size="md" fw={600}>
            {t("contract.alreadySigned", {
              date: t("contract.summary.deadlineValue", {
                when: new Date(signed.em).toLocaleString(i18n.language, {
                  dateStyle: "long",
                  timeStyle: "short",
                  timeZone: "America/Sao_Paulo",
                }),
              }),
            })}
          </Text>
          <Text size="sm" mt={4}>
            {signed.selado ? t("contract.alreadySignedSealed") : t("contract.alreadySignedWaiting")}
          </Text>
          {signed.documentUrl && (
            <Button
              component="a"
              href={signed.documentUrl}
              onClick={(e: React.MouseEvent) =>
                signed.documentUrl &&
                openFresh(
                  e,
                  signed.documentUrl,
                  () => view.refetch().then((r) => r.data?.assinado?.documentUrl ?? null),
                  { newTab: false },
                )
              }
              mt="sm"
              leftSection={<IconDownload size={18} />}
              data-testid="signed-download"
            >
              {signed.selado ? t("contract.downloadSealed") : t("contract.downloadCurrent")}
            </Button>
          )}
        </Alert>
        <ContractSummary view={v} signed />
      </Stack>
    );
  }
  const canAct = v.turn && !v.signatario.blocked;
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
          {t("contract.you", {
            papel: t(`contract.summary.roleName.${v.signatario.role}`, {
              context: genderContext(v.signatario.genero),
            }).toLocaleLowerCase(i18n.language),
            nome: v.signatario.nome,
          })}
        </Text>
      </div>
      <ContractSummary
        view={v}
        freshDocumentUrl={() => view.refetch().then((r) => r.data?.contrato.documentUrl ?? null)}
      />
      {v.contrato.documentUrl && (
        <Card withBorder padding="sm">
          {wide && <PdfView url={v.contrato.documentUrl} />}
          {/* 64 hex digits are one word wider than a phone: they break anywhere. */}
          <Text
            size="xs"
            c="dimmed"
            ff="monospace"
            mt="xs"
            style={{ wordBreak: "break-all" }}
            data-testid="ceremony-hash"
          >
            {t("contract.hash", { hash: v.contrato.sha256 })}
          </Text>
        </Card>
      )}
      {v.signatario.blocked && (
        <Alert color="red" data-testid="signer-blocked">
          {t("errors.signer-blocked")} {t("contract.blockedNext")}
        </Alert>
      )}
      {!v.turn && !v.signatario.blocked && <Alert color="yellow">{t("contract.notYourTurn")}</Alert>}
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group>
            <Button variant="light" onClick={sendCode} loading={code.isPending} disabled={!canAct}>
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
              {...signForm.register("codigo")}
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              error={err.field(signErrors.codigo?.message)}
            />
            <TextInput
              label={t("contract.fullName")}
              {...signForm.register("nome")}
              autoComplete="name"
              error={err.field(signErrors.nome?.message)}
            />
            <TextInput
              label={t("contract.yourCpf")}
              {...signForm.register("cpf")}
              inputMode="numeric"
              error={err.field(signErrors.cpf?.message)}
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
            <Button variant="subtle" color="red" onClick={openRefusal} disabled={!canAct}>
              {t("contract.refuse")}
            </Button>
            <Button
              color="teal"
              disabled={!agree || codigo.length !== 6 || !canAct}
              loading={sign.isPending}
              onClick={() => void submitSign()}
            >
              {t("contract.sign")}
            </Button>
          </Group>
        </Stack>
      </Card>
      <ConfirmDialog
        opened={refusing}
        onClose={closeRefusal}
        title={t("contract.refuseTitle")}
        error={refuse.isError ? err.message(refuse.error) : null}
        confirmLabel={t("contract.refuse")}
        confirmColor="red"
        pending={refuse.isPending}
        onConfirm={() => void submitRefusal()}
      >
        <TextInput
          label={t("contract.code")}
          {...refuseForm.register("codigo")}
          maxLength={6}
          error={err.field(refuseErrors.codigo?.message)}
        />
        <Textarea
          label={t("contract.reason")}
          {...refuseForm.register("motivo")}
          minRows={3}
          autosize
          maxLength={1000}
          error={err.field(refuseErrors.motivo?.message)}
        />
      </ConfirmDialog>
    </Stack>
  );
}
