import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { refuseInput, signInput } from "../../../shared/contracts/contracts";
import { CpfCnpjField, TextField } from "../../components/fields/text-fields";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { useRefuseToSign, useSendSigningCode, useSign } from "./api/signing";
import type { CeremonyDoneState } from "./ceremony-outcome";
import { RefusalDialog, type RefuseForm } from "./refusal-dialog";
import { SignaturePad } from "./signature-pad";

const signFields = signInput.omit({ assinatura: true });
type SignDraft = z.input<typeof signFields>;

/** The ceremony's forms: messages change when the signer tries again, as everywhere in the app. */
const formOptions = { reValidateMode: "onSubmit", shouldFocusError: false } as const;

/**
 * The signer's part: ask for the e-mailed code, type it with her name and CPF, draw, agree, sign;
 * or refuse. `canAct` is false when it is not her turn or she is blocked; `onBlocked` reads the
 * view again when the server says she is.
 * Over 150 lines on purpose: the code typed, the drawing and the agreement gate one button, and
 * the refusal takes the code typed here; split apart, that state would travel through props.
 */
export function SigningForm({
  contractId,
  token,
  canAct,
  onBlocked,
  onDone,
}: {
  contractId: string;
  token: string;
  canAct: boolean;
  onBlocked: () => void;
  onDone: (done: CeremonyDoneState) => void;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [codeInfo, setCodeInfo] = useState<string | null>(null);
  const [agree, setAgree] = useState(false);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [refusing, setRefusing] = useState(false);
  const signForm = useForm<SignDraft, unknown, z.output<typeof signFields>>({
    resolver: zodResolver(signFields),
    defaultValues: { codigo: "", nome: "", cpf: "" },
    ...formOptions,
  });
  const refuseForm: RefuseForm = useForm({
    resolver: zodResolver(refuseInput),
    defaultValues: { codigo: "", motivo: "" },
    ...formOptions,
  });
  const code = useSendSigningCode(contractId, token);
  const sign = useSign(contractId, token);
  const refuse = useRefuseToSign(contractId, token);
  // A blocked signer learns it from the ceremony itself, which then offers nothing to do.
  const whenBlocked = (e: unknown) => {
    if (e instanceof ApiError && e.code === "signer-blocked") {
      setCodeInfo(null);
      onBlocked();
    }
  };
  const sendCode = () =>
    code.mutate(undefined, {
      onSuccess: (r) => setCodeInfo(r.sentTo),
      // An old "code sent" line beside a refusal reads as if both were true.
      onError: (e) => {
        setCodeInfo(null);
        whenBlocked(e);
      },
    });
  const submitSign = signForm.handleSubmit((signature) =>
    sign.mutate(
      { ...signature, ...(drawn ? { assinatura: drawn } : {}) },
      {
        // The last signature answers "selando": the seal is a job, done in a moment.
        onSuccess: (r) =>
          onDone(r.status === "assinado" ? "all" : r.status === "selando" ? "sealing" : "signed"),
        onError: whenBlocked,
      },
    ),
  );
  const submitRefusal = refuseForm.handleSubmit((refusal) =>
    refuse.mutate(refusal, { onSuccess: () => onDone("refused") }),
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
  return (
    <>
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
            <TextField
              control={signForm.control}
              name="codigo"
              label={t("contract.code")}
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
            />
            <TextField
              control={signForm.control}
              name="nome"
              label={t("contract.fullName")}
              autoComplete="name"
            />
            <CpfCnpjField control={signForm.control} name="cpf" label={t("contract.yourCpf")} />
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
      <RefusalDialog
        form={refuseForm}
        opened={refusing}
        onClose={closeRefusal}
        onConfirm={() => void submitRefusal()}
        pending={refuse.isPending}
        error={refuse.isError ? err.message(refuse.error) : null}
      />
    </>
  );
}
