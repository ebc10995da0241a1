import { Button, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  NOTICE_REASON_MAX,
  type SettlementLineView,
  settlementContestInput,
  settlementDamageInput,
} from "../../../shared/contracts/lease";
import { formatBRL, reaisToCentavos, toReais } from "../../../shared/money";
import { MoneyInput } from "../../components/money-input";
import { useErrorText } from "../../lib/error-text";
import { useAddSettlementDamage, useContestSettlementLine } from "./api";

/*
 * The settlement's forms on /Locacao (issue 33 item 4), loaded when a party opens one: contesting
 * a line (why, and the value proposed instead) and, for the landlord, a damage the exit inspection
 * found. Their checks are the contract's (settlementContestInput, settlementDamageInput).
 */

/** The longest damage description the contract takes. */
const DAMAGE_MAX = 200;

/** The sign a line's amounts carry: − when the landlord owes (or returns) it. */
const lineSign = (line: Pick<SettlementLineView, "valor" | "calculado">) =>
  (line.valor === 0 ? line.calculado : line.valor) < 0 ? -1 : 1;

/** Contesting a line: the reason and the value proposed, in reais, with the line's sign. */
export function ContestForm({
  id,
  line,
  label,
  sense,
  onDone,
}: {
  id: string;
  line: SettlementLineView;
  /** The line's name in words. */
  label: string;
  /** Which way the line's money goes, in words ("a pagar pela parte locatária"). */
  sense: string;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const save = useContestSettlementLine(id);
  const sign = lineSign(line);
  const [motivo, setMotivo] = useState("");
  const [reais, setReais] = useState<number | "">(() => toReais(Math.abs(line.valor)));
  const [problems, setProblems] = useState<{ motivo?: string; valor?: string }>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = settlementContestInput.safeParse({
      chave: line.chave,
      motivo,
      valor: reais === "" ? Number.NaN : sign * reaisToCentavos(reais),
    });
    if (!parsed.success) {
      const found: typeof problems = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === "motivo") found.motivo ??= t("settlement.contest.form.reasonInvalid");
        else if (issue.path[0] === "valor") found.valor ??= errors.field(issue.message);
      }
      return setProblems(found);
    }
    setProblems({});
    try {
      // −0 (a landlord's line proposed at nothing) goes as 0.
      await save.mutateAsync({ ...parsed.data, valor: parsed.data.valor || 0 });
    } catch {
      return; // said below the form, from save.error; what was typed stays
    }
    onDone();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="settlement-contest-form">
      <Stack gap="sm">
        <Title order={3} size="h6" style={{ overflowWrap: "anywhere" }}>
          {t("settlement.contest.form.title", { linha: label })}
        </Title>
        <Textarea
          label={t("settlement.contest.form.motivo")}
          description={t("settlement.contest.form.motivoHelp")}
          value={motivo}
          onChange={(e) => {
            setMotivo(e.currentTarget.value);
            setProblems((p) => ({ ...p, motivo: undefined }));
          }}
          error={problems.motivo}
          maxLength={NOTICE_REASON_MAX}
          autosize
          minRows={2}
          required
        />
        <MoneyInput
          label={t("settlement.contest.form.valor")}
          description={t("settlement.contest.form.valorHelp", {
            sentido: sense,
            valor: formatBRL(Math.abs(line.valor)).replace(" ", "\u00a0"),
          })}
          value={reais}
          onChange={(v) => {
            setReais(v);
            setProblems((p) => ({ ...p, valor: undefined }));
          }}
          error={problems.valor}
          required
        />
        {save.error && (
          <Text size="sm" c="red" role="alert">
            {errors.message(save.error)}
          </Text>
        )}
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {t("settlement.contest.form.submit")}
          </Button>
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t("common.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The landlord's damage from the exit inspection: what, and what its repair costs. */
export function DamageForm({ id, onDone }: { id: string; onDone(): void }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const save = useAddSettlementDamage(id);
  const [descricao, setDescricao] = useState("");
  const [reais, setReais] = useState<number | "">("");
  const [problems, setProblems] = useState<{ descricao?: string; valor?: string }>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = settlementDamageInput.safeParse({
      descricao,
      valor: reais === "" ? Number.NaN : reaisToCentavos(reais),
    });
    if (!parsed.success) {
      const found: typeof problems = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === "descricao") found.descricao ??= t("settlement.damage.descricaoInvalid");
        else if (issue.path[0] === "valor") found.valor ??= t("settlement.damage.valorInvalid");
      }
      return setProblems(found);
    }
    setProblems({});
    try {
      await save.mutateAsync(parsed.data);
    } catch {
      return; // said below the form, from save.error; what was typed stays
    }
    onDone();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="settlement-damage-form">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("settlement.damage.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("settlement.damage.lead")}
        </Text>
        <TextInput
          label={t("settlement.damage.descricao")}
          description={t("settlement.damage.descricaoHelp")}
          value={descricao}
          onChange={(e) => {
            setDescricao(e.currentTarget.value);
            setProblems((p) => ({ ...p, descricao: undefined }));
          }}
          error={problems.descricao}
          maxLength={DAMAGE_MAX}
          required
        />
        <MoneyInput
          label={t("settlement.damage.valor")}
          value={reais}
          onChange={(v) => {
            setReais(v);
            setProblems((p) => ({ ...p, valor: undefined }));
          }}
          error={problems.valor}
          required
        />
        {save.error && (
          <Text size="sm" c="red" role="alert">
            {errors.message(save.error)}
          </Text>
        )}
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {t("settlement.damage.submit")}
          </Button>
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t("common.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
