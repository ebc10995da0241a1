import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { brazilDate, MAX_COTENANTS, proposalInput, termMinFor } from "../../../shared/contracts/proposals";
import { listingsApi } from "../../features/listings/api";
import { cardTitle, place } from "../../features/listings/describe";
import { profilePath, useProfile } from "../../features/profile/api";
import { proposalsApi } from "../../features/proposals/api";
import { DocumentPicker } from "../../features/proposals/document-picker";
import {
  emptyGuarantor,
  type GuarantorDraft,
  GuarantorFields,
} from "../../features/proposals/guarantor-fields";
import { ProposalById } from "../../features/proposals/proposal-by-id";
import { checkTerms, type TermsDraft, TermsFields } from "../../features/proposals/terms-form";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { formatBRL } from "../../lib/money";
import { refreshPaths } from "../../lib/query";
import { revealFirstError } from "../../lib/reveal-error";

interface CotenantDraft {
  nome: string;
  cpf: string;
  email: string;
  renda: number | "";
}

function NewProposal({ offerId }: { offerId: string }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const offer = useQuery({
    queryKey: [`/api/offers/${offerId}`],
    queryFn: () => listingsApi.offer(offerId),
    retry: false,
  });
  const [draft, setDraft] = useState<TermsDraft | null>(null);
  const [moradores, setMoradores] = useState<number | "">(1);
  const [pets, setPets] = useState(false);
  const [renda, setRenda] = useState<number | "">("");
  const [cotenants, setCotenants] = useState<CotenantDraft[]>([]);
  const [docs, setDocs] = useState<string[]>(() =>
    params.get("documento") ? [params.get("documento") as string] : [],
  );
  const [mensagem, setMensagem] = useState("");
  const [fiador, setFiador] = useState<GuarantorDraft>(emptyGuarantor);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  if (profile.isPending || offer.isPending) return <Loader />;
  if (offer.data === undefined)
    return (
      <Alert color="red">
        {offer.error instanceof ApiError && offer.error.status === 404
          ? t("offer.notFound")
          : err.of(offer.error)}
      </Alert>
    );
  if (profile.data && !profile.data.complete)
    return <Navigate to={profilePath(profile.data, location.pathname + location.search)} replace />;
  const o = offer.data;
  const today = brazilDate(new Date());
  const terms: TermsDraft = draft ?? {
    aluguel: o.aluguel / 100,
    // The offer's date, unless it has passed: an entry date is from today on.
    dataEntrada: [today, o.disponivelEm].sort().at(-1) ?? today,
    prazoMeses: Math.max(o.prazoMeses, termMinFor(o)),
    garantia: o.garantias[0] ?? null,
    caucaoMeses: o.caucaoMeses ?? "",
  };

  async function send() {
    setProblem(null);
    const checked = checkTerms(terms, o);
    const body = {
      ofertaId: offerId,
      ...(checked.terms ?? {}),
      moradores: moradores === "" ? undefined : moradores,
      pets,
      renda: renda === "" ? undefined : Math.round(Number(renda) * 100),
      cotenants: cotenants.map((c) => ({
        ...c,
        renda: c.renda === "" ? undefined : Math.round(Number(c.renda) * 100),
      })),
      documentos: docs,
      mensagem,
      fiador: terms.garantia === "fiador" ? fiador : null,
    };
    const parsed = proposalInput.safeParse(body);
    const fieldErrors = { ...checked.errors };
    // Terms that did not pass checkTerms are absent from the body: their errors are checkTerms's,
    // not the contract's "missing field" (which put false errors under valid fields).
    const termFields = new Set(["aluguel", "dataEntrada", "prazoMeses", "garantia", "caucaoMeses"]);
    if (!parsed.success)
      for (const i of parsed.error.issues) {
        const path = i.path.join(".");
        if (!checked.terms && termFields.has(path)) continue;
        fieldErrors[path] ??= i.message;
      }
    setErrors(fieldErrors);
    if (!parsed.success || !checked.terms) {
      revealFirstError();
      return;
    }
    setSending(true);
    try {
      const created = await proposalsApi.create(parsed.data);
      queryClient.setQueryData([`/api/proposals/${created.id}`], created);
      void refreshPaths(queryClient, ["/api/proposals"]);
      void navigate(`/PropostaEnviada?id=${created.id}`);
    } catch (e) {
      setProblem(err.message(e));
      if (e instanceof ApiError && e.issues) {
        setErrors(Object.fromEntries(e.issues.map((i) => [i.path, i.message])));
        revealFirstError();
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t("proposal.newTitle")}
        </Title>
        <Text c="dimmed">
          {t("proposal.for", {
            offer: `${cardTitle(t, o.unidade)} – ${place(t, o.unidade)} · ${formatBRL(o.total)}`,
          })}
        </Text>
      </div>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <TermsFields value={terms} onChange={setDraft} offer={o} errors={errors} />
          {terms.garantia === "fiador" && (
            <GuarantorFields value={fiador} onChange={setFiador} errors={errors} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={t("proposal.fields.moradores")}
              value={moradores}
              onChange={(v) => setMoradores(v === "" ? "" : Number(v))}
              min={1}
              max={20}
              allowDecimal={false}
              error={err.field(errors.moradores)}
            />
            <NumberInput
              label={t("proposal.fields.renda")}
              value={renda}
              onChange={(v) => setRenda(v === "" ? "" : Number(v))}
              decimalSeparator=","
              thousandSeparator="."
              decimalScale={2}
              prefix="R$ "
              min={0}
              error={err.field(errors.renda)}
            />
            <Checkbox
              mt={28}
              label={t("proposal.fields.pets")}
              checked={pets}
              onChange={(e) => setPets(e.currentTarget.checked)}
            />
          </SimpleGrid>
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>{t("proposal.cotenants")}</Text>
            <Button
              size="xs"
              variant="light"
              disabled={cotenants.length >= MAX_COTENANTS}
              onClick={() => setCotenants([...cotenants, { nome: "", cpf: "", email: "", renda: "" }])}
            >
              {t("proposal.addCotenant")}
            </Button>
          </Group>
          {cotenants.map((c, i) => {
            const set = (patch: Partial<CotenantDraft>) =>
              setCotenants(cotenants.map((x, j) => (j === i ? { ...x, ...patch } : x)));
            const e = (k: string) => err.field(errors[`cotenants.${i}.${k}`]);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity before they are sent
              <Group key={i} align="flex-end" gap="xs" wrap="wrap">
                <TextInput
                  label={t("proposal.cotenantName")}
                  value={c.nome}
                  onChange={(ev) => set({ nome: ev.currentTarget.value })}
                  error={e("nome")}
                />
                <TextInput
                  label={t("proposal.cotenantCpf")}
                  value={c.cpf}
                  onChange={(ev) => set({ cpf: ev.currentTarget.value })}
                  error={e("cpf")}
                />
                <TextInput
                  label={t("proposal.cotenantEmail")}
                  type="email"
                  value={c.email}
                  onChange={(ev) => set({ email: ev.currentTarget.value })}
                  error={e("email")}
                />
                <NumberInput
                  label={t("proposal.cotenantIncome")}
                  value={c.renda}
                  onChange={(v) => set({ renda: v === "" ? "" : Number(v) })}
                  decimalSeparator=","
                  thousandSeparator="."
                  prefix="R$ "
                  min={0}
                  error={e("renda")}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t("proposal.removeCotenant")} ${i + 1}`}
                  onClick={() => setCotenants(cotenants.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Text fw={600} mb="xs">
          {t("proposal.documents")}
        </Text>
        <DocumentPicker value={docs} onChange={setDocs} />
      </Card>
      <Textarea
        label={t("proposal.fields.mensagem")}
        value={mensagem}
        onChange={(e) => setMensagem(e.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={3}
        error={err.field(errors.mensagem)}
      />
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button size="md" loading={sending} onClick={() => void send()}>
          {t("proposal.send")}
        </Button>
      </Group>
    </Stack>
  );
}

/** /AluguelProposta: `?oferta=` a new proposal; `?id=` a proposal to follow and answer. */
export function AluguelPropostaScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get("id");
  const offerId = params.get("oferta");
  let body: React.ReactNode;
  if (id) body = <ProposalById id={id} />;
  else if (offerId) body = <NewProposal offerId={offerId} />;
  else body = <Alert color="yellow">{t("offer.notFound")}</Alert>;
  return (
    <Container size="md" py="lg">
      {body}
    </Container>
  );
}
