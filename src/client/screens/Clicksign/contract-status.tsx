import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Anchor,
  Badge,
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
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import {
  type ContractReview,
  type ContractView,
  cancelInput,
  contractReview,
  trailWords,
  witnessInput,
} from "../../../shared/contracts/contracts";
import { ConfirmDialog } from "../../components/confirm-dialog";
import {
  contractQuery,
  useCancelContract,
  useMyLink,
  useResendToSigner,
  useSaveWitness,
  useSendContract,
} from "../../features/contracts/api/contracts";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { revealFirstError } from "../../lib/reveal-error";
import { ContractProblem } from "./contract-problem";

type PersonDraft = z.input<typeof witnessInput>;

const empty = (): PersonDraft => ({ nome: "", cpf: "", email: "" });

/** A refusal of the send that names one planned signer ("signatarios.2.cpf"): whose, and why. */
interface SignerProblem {
  index: number;
  message: string;
}

function signerProblemOf(err: unknown): SignerProblem | null {
  if (!(err instanceof ApiError)) return null;
  for (const issue of err.issues) {
    const m = /^signatarios\.(\d+)\./.exec(issue.path);
    if (m) return { index: Number(m[1]), message: issue.message };
  }
  return null;
}

/**
 * Everyone who will sign, as both parties see it before sending (decision 017); the one a refused
 * send names is marked, with the reason under their card.
 */
function PlannedSigners({ contract, problem }: { contract: ContractView; problem?: SignerProblem | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="planned-signers">
      <Text size="sm" fw={600}>
        {t("contract.plannedSigners")}
      </Text>
      {contract.plannedSigners.map((s, index) => {
        const wrong = problem?.index === index;
        return (
          <Card
            key={`${s.role}-${s.email}`}
            withBorder
            padding="xs"
            radius="sm"
            data-testid="planned-signer"
            data-invalid={wrong || undefined}
            style={wrong ? { borderColor: "var(--mantine-color-error)" } : undefined}
          >
            <Group justify="space-between" gap={4} wrap="wrap">
              <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                {s.nome}
              </Text>
              <Badge
                variant="light"
                color={s.role === "testemunha" || s.role === "fiador" ? "grape" : "gray"}
              >
                {t(`contract.roles.${s.role}`)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {s.email} · CPF {s.cpf}
              {s.parentesco ? ` · ${s.parentesco}` : ""}
            </Text>
            {s.indicadoPor && (
              <Text size="xs" c="dimmed">
                {t(`contract.namedBy.${s.indicadoPor}`)}
              </Text>
            )}
            {wrong && (
              <Text size="xs" c="red" mt={4}>
                {problem.message}
              </Text>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}

/** The one witness a party may name (or take back); the server holds the signer rules. */
function MyWitness({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const me = contract.role === "landlord" ? "locador" : "locatario";
  const mine = contract.plannedSigners.find((s) => s.role === "testemunha" && s.indicadoPor === me);
  // The form shows while the party names someone; the server holds the signer rules.
  const [editing, setEditing] = useState(false);
  const form = useForm<PersonDraft, unknown, z.output<typeof witnessInput>>({
    resolver: zodResolver(witnessInput),
    defaultValues: empty(),
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  const saveWitness = useSaveWitness(contract.id);
  // A refusal the server ties to a field ("testemunha.email") goes under that field, said once.
  const [placed, setPlaced] = useState(false);
  const save = (testemunha: PersonDraft | null) =>
    saveWitness.mutate(
      { testemunha },
      {
        onSuccess: () => {
          setEditing(false);
          notifications.show({ color: "teal", message: t("contract.witnessSaved") });
        },
        onError: (e) => {
          let onField = false;
          for (const issue of e instanceof ApiError ? e.issues : []) {
            const field = /^testemunha\.(nome|cpf|email)$/.exec(issue.path)?.[1] as
              | keyof PersonDraft
              | undefined;
            if (field) {
              form.setError(field, { message: issue.message });
              onField = true;
            }
          }
          setPlaced(onField);
          if (onField) revealFirstError();
        },
      },
    );
  const startEditing = () => {
    form.reset(empty());
    setEditing(true);
  };
  const submit = form.handleSubmit(
    (witness) => save(witness),
    () => revealFirstError(),
  );
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t("contract.myWitness")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("contract.witnessRules")}
      </Text>
      {mine && !editing && (
        <Group gap="xs">
          <Text size="sm">{mine.nome}</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            loading={saveWitness.isPending}
            onClick={() => save(null)}
          >
            {t("contract.removeWitness")}
          </Button>
        </Group>
      )}
      {!editing && (
        <Group>
          <Button size="sm" variant="light" onClick={startEditing}>
            {mine ? t("contract.changeWitness") : t("contract.addWitness")}
          </Button>
        </Group>
      )}
      {editing && (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t("contract.witnessName")}
              maxLength={150}
              autoComplete="off"
              {...form.register("nome")}
              error={err.field(errors.nome?.message)}
            />
            <TextInput
              label={t("contract.witnessCpf")}
              maxLength={14}
              inputMode="numeric"
              {...form.register("cpf")}
              error={err.field(errors.cpf?.message)}
            />
            <TextInput
              label={t("contract.witnessEmail")}
              type="email"
              maxLength={254}
              {...form.register("email")}
              error={err.field(errors.email?.message)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              {t("proposal.cancel")}
            </Button>
            <Button loading={saveWitness.isPending} onClick={() => void submit()}>
              {t("contract.saveWitness")}
            </Button>
          </Group>
        </Stack>
      )}
      {saveWitness.error && !placed && (
        <Alert color="red" role="alert">
          {err.message(saveWitness.error)}
        </Alert>
      )}
    </Stack>
  );
}

function Review({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const landlord = contract.role === "landlord";
  const form = useForm<ContractReview, unknown, z.output<typeof contractReview>>({
    resolver: zodResolver(contractReview),
    defaultValues: { sequential: contract.sequential },
  });
  const send = useSendContract(contract.id);
  const submit = form.handleSubmit((review) =>
    send.mutate(review, {
      onSuccess: () => notifications.show({ color: "teal", message: t("contract.sentNotice") }),
      onError: (e) => {
        // The signer the refusal names comes into view, marked.
        if (signerProblemOf(e))
          requestAnimationFrame(() =>
            document.querySelector('[data-testid="planned-signer"][data-invalid]')?.scrollIntoView({
              block: "center",
              behavior: "smooth",
            }),
          );
      },
    }),
  );
  const problem = signerProblemOf(send.error);
  const whose = problem ? contract.plannedSigners[problem.index] : undefined;
  return (
    <Card withBorder padding="md" data-testid="contract-review">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {landlord ? t("contract.review") : t("contract.reviewTenant")}
        </Title>
        <Text size="sm" c="dimmed">
          {landlord ? t("contract.reviewLead") : t("contract.waitingLandlord")}
        </Text>
        <PlannedSigners contract={contract} problem={problem} />
        <MyWitness contract={contract} />
        {landlord && (
          <>
            <Checkbox label={t("contract.sequential")} {...form.register("sequential")} />
            {send.error && (
              <Alert color="red" role="alert">
                {problem && whose
                  ? t("contract.signerProblem", {
                      papel: t(`contract.roles.${whose.role}`),
                      nome: whose.nome,
                      message: problem.message,
                    })
                  : err.message(send.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button loading={send.isPending} onClick={() => void submit()}>
                {t("contract.send")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

function Resend({ contract, signerId }: { contract: ContractView; signerId: string }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const resend = useResendToSigner(contract.id);
  const send = () =>
    resend.mutate(signerId, {
      onSuccess: () => notifications.show({ color: "teal", message: t("contract.resent") }),
      onError: (e) => notifications.show({ color: "red", message: err.message(e) }),
    });
  return (
    <Button size="compact-xs" variant="subtle" loading={resend.isPending} onClick={send}>
      {t("contract.resend")}
    </Button>
  );
}

function CancelContract({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [open, setOpen] = useState(false);
  const cancel = useCancelContract(contract.id);
  const form = useForm<z.input<typeof cancelInput>, unknown, z.output<typeof cancelInput>>({
    resolver: zodResolver(cancelInput),
    defaultValues: { motivo: "" },
    reValidateMode: "onSubmit",
  });
  const confirm = form.handleSubmit(({ motivo }) =>
    cancel.mutate(motivo, {
      onSuccess: () => {
        setOpen(false);
        notifications.show({ message: t("contract.cancelled") });
      },
    }),
  );
  return (
    <>
      <Group>
        <Button color="red" variant="subtle" size="xs" onClick={() => setOpen(true)}>
          {t("contract.cancel")}
        </Button>
      </Group>
      <ConfirmDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t("contract.cancelTitle")}
        error={cancel.isError ? err.message(cancel.error) : null}
        confirmLabel={t("contract.cancel")}
        confirmColor="red"
        pending={cancel.isPending}
        onConfirm={() => void confirm()}
      >
        <Text size="sm">{t("contract.cancelText")}</Text>
        <Textarea
          label={t("contract.reason")}
          {...form.register("motivo")}
          error={err.field(form.formState.errors.motivo?.message)}
          minRows={3}
          autosize
          maxLength={1000}
        />
      </ConfirmDialog>
    </>
  );
}

/** A signed-in signer signs from here: a fresh link of their own, then the usual ceremony. */
function SignNow({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const navigate = useNavigate();
  const link = useMyLink(contract.id);
  const signNow = () =>
    link.mutate(undefined, {
      onSuccess: ({ token }) => void navigate(`/Clicksign?contrato=${contract.id}&token=${token}`),
    });
  return (
    <Alert color="orange" title={t("contract.signNow")}>
      <Stack gap="xs">
        <Text size="sm">{t("contract.signNowLead")}</Text>
        {link.isError && (
          <Text c="red" size="sm">
            {err.message(link.error)}
          </Text>
        )}
        <Group>
          <Button onClick={signNow} loading={link.isPending} data-testid="sign-now">
            {t("contract.signNow")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** A contract for its parties: status per signer, the PDF, the audit trail; the landlord reviews and sends. */
export function ContractStatus({ contractId }: { contractId: string }) {
  const { t, i18n } = useTranslation();
  const err = useErrorText();
  const contract = useQuery(contractQuery(contractId));
  if (contract.isPending) return <Loader />;
  if (contract.data === undefined)
    return (
      <ContractProblem>
        <Alert color="red">
          {contract.error instanceof ApiError && contract.error.status === 404
            ? t("contract.notFound")
            : err.of(contract.error)}
        </Alert>
      </ContractProblem>
    );
  const c = contract.data;
  const pdf = c.sealedDocumentId ?? c.documentId;
  return (
    <Stack gap="md" data-testid="contract-status">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {t("contract.title", { numero: c.numero })}
          </Title>
          <Text size="sm" c="dimmed">
            {c.titulo}
          </Text>
        </div>
        <Badge
          variant="light"
          color={
            c.status === "assinado" || c.status === "selando"
              ? "teal"
              : c.status === "enviado"
                ? "blue"
                : c.status === "rascunho"
                  ? "gray"
                  : "red"
          }
          data-testid="contract-state"
        >
          {t(`contract.status.${c.status}`)}
        </Badge>
      </Group>
      {pdf && (
        <Anchor component={Link} to={`/ViewDocument?id=${pdf}`}>
          {c.sealedDocumentId ? t("contract.viewSealed") : t("contract.viewPdf")}
        </Anchor>
      )}
      {c.status === "selando" && (
        <Alert color="teal" data-testid="contract-sealing">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" />
            <Text size="sm">{t("contract.sealingNow")}</Text>
          </Group>
        </Alert>
      )}
      {c.status === "enviado" &&
        c.mine === "pending" &&
        (c.provider === "builtin" ? (
          <SignNow contract={c} />
        ) : (
          <Alert color="orange" title={t("contract.signNow")} data-testid="sign-at-provider">
            {t("contract.signAtProvider")}
          </Alert>
        ))}
      {c.status === "enviado" && c.provider !== "builtin" && c.mine !== "pending" && (
        <Text size="sm" c="dimmed">
          {t("contract.viaProvider")}
        </Text>
      )}
      {c.status === "rascunho" && (c.role === "landlord" || c.role === "tenant") && <Review contract={c} />}
      {c.signers.length > 0 && (
        <Card withBorder padding="sm">
          <Text fw={600} mb="xs">
            {t("contract.signers")}
          </Text>
          {/* One block per signer, its words wrapping: a table squashed the badges on a phone. */}
          <Stack
            gap={0}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: "none" }}
            data-testid="contract-signers"
          >
            {c.signers.map((s, index) => (
              <li key={s.id} data-testid="contract-signer">
                <Stack
                  gap={4}
                  py="xs"
                  style={
                    index > 0 ? { borderTop: "1px solid var(--mantine-color-default-border)" } : undefined
                  }
                >
                  <Group gap="xs" justify="space-between" wrap="wrap">
                    <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                      {s.nome}
                    </Text>
                    <Group gap={4} wrap="wrap">
                      <Badge
                        variant="light"
                        color={s.status === "assinado" ? "teal" : s.status === "recusado" ? "red" : "gray"}
                        style={{ flexShrink: 0 }}
                      >
                        {t(`contract.signerStatus.${s.status}`)}
                      </Badge>
                      {s.blocked && (
                        <Badge variant="light" color="red" style={{ flexShrink: 0 }}>
                          {t("contract.blocked")}
                        </Badge>
                      )}
                    </Group>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t(`contract.roles.${s.role}`)}
                    {s.signedAt
                      ? ` · ${new Date(s.signedAt).toLocaleString(i18n.language, {
                          dateStyle: "short",
                          timeStyle: "short",
                        })}`
                      : s.motivo
                        ? ` · ${s.motivo}`
                        : ""}
                  </Text>
                  {c.role === "landlord" &&
                    c.status === "enviado" &&
                    !s.blocked &&
                    (s.status === "pendente" || s.status === "visualizado") && (
                      <Group>
                        <Resend contract={c} signerId={s.id} />
                      </Group>
                    )}
                </Stack>
              </li>
            ))}
          </Stack>
        </Card>
      )}
      {c.role === "landlord" && (c.status === "rascunho" || c.status === "enviado") && (
        <CancelContract contract={c} />
      )}
      <Card withBorder padding="sm">
        <Text fw={600} mb="xs">
          {t("contract.trail")}
        </Text>
        <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: "none" }} data-testid="contract-trail">
          {c.events.map((e, i) => {
            const words = trailWords(e.type);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: events are append-only and ordered
              <li key={i}>
                <Text size="xs" style={{ overflowWrap: "anywhere" }} data-testid="trail-step">
                  <Text span size="xs" c="dimmed">
                    {new Date(e.createdAt).toLocaleString(i18n.language, {
                      dateStyle: "short",
                      timeStyle: "medium",
                    })}
                  </Text>{" "}
                  · {t(`contract.events.${words.key}`, { provider: words.provider })}
                  {e.detail ? ` – ${e.detail}` : ""}
                  {e.actor ? ` · ${e.actor}` : ""}
                  {e.ip ? ` · IP ${e.ip}` : ""}
                </Text>
              </li>
            );
          })}
        </Stack>
      </Card>
    </Stack>
  );
}
