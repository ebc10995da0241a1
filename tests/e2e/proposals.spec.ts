import { guarantorOf, proposalBodyOf } from "../support/bodies";
import { startFakeCep } from "../support/fake-cep";
import { makePdf, randomCpf } from "../support/files";
import { E2E_CEP_PORT } from "./env";
import { expect, test } from "./fixtures";
import { newEmail, signUpInBrowser } from "./helpers";
import { completeProfile, publishOffer } from "./market";

const PASSWORD = "Ipê amarelo na varanda 42";

let cep: Awaited<ReturnType<typeof startFakeCep>>;
test.beforeAll(async () => {
  cep = await startFakeCep(
    {
      "30110000": {
        street: "Avenida Afonso Pena",
        neighborhood: "Funcionários",
        city: "Belo Horizonte",
        state: "MG",
      },
    },
    E2E_CEP_PORT,
  );
});
test.afterAll(() => cep?.close());

test("a tenant proposes with documents, the landlord counters, the tenant accepts and the deal is done; a rival's proposal closes", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const viewport = { width: 390, height: 844 };
  const landlordCtx = await browser.newContext({ viewport });
  const tenantCtx = await browser.newContext({ viewport });
  const rivalCtx = await browser.newContext({ viewport });
  const landlord = await landlordCtx.newPage();
  const tenant = await tenantCtx.newPage();
  const rival = await rivalCtx.newPage();

  await signUpInBrowser(landlord, { name: "Marta Alves", email: newEmail("locadora"), password: PASSWORD });
  await completeProfile(landlord.request, "Marta Alves Pereira");
  const offerId = await publishOffer(landlord);

  // The tenant: from the offer, through the profile steps, to the proposal.
  await signUpInBrowser(tenant, { name: "Rafael Costa", email: newEmail("inquilino"), password: PASSWORD });
  await tenant.goto(`/AluguelOferta?id=${offerId}`);
  await tenant.getByTestId("make-proposal").click();
  await expect(tenant).toHaveURL(/\/profile\?next=/);
  await tenant.getByLabel("Nome completo").fill("Rafael Costa Lima");
  await tenant.getByLabel("CPF").fill(randomCpf());
  await tenant.getByLabel("RG").fill("12.345.678-9");
  await tenant.getByLabel("Data de nascimento").fill("1992-07-14");
  await tenant.getByLabel("Profissão").fill("Analista de sistemas");
  await tenant.getByLabel("Nacionalidade").fill("brasileira");
  // The select by its role: its option list stays in the page while closed (Mantine 9).
  await tenant.getByRole("combobox", { name: "Estado civil" }).click();
  await tenant.getByRole("option", { name: "Solteiro ou solteira" }).click();
  await tenant.getByLabel("Telefone (com DDD)").fill("(31) 99876-5432");
  await tenant.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(tenant).toHaveURL(/\/profile2\?next=/);
  // The CEP fills the street, bairro, city and UF (through the server, from the CEP services).
  await tenant.getByLabel("CEP").fill("30110-000");
  await expect(tenant.getByLabel("Cidade")).toHaveValue("Belo Horizonte");
  await expect(tenant.getByLabel("Logradouro")).toHaveValue("Avenida Afonso Pena");
  await expect(tenant.getByLabel("Bairro")).toHaveValue("Funcionários");
  await expect(tenant.getByRole("combobox", { name: "UF" })).toHaveValue("MG");
  await tenant.getByLabel("Número").fill("1500");
  // Moving on was the confirmation: no toast from the previous step sits over this form's button.
  await expect(tenant.getByText("Dados salvos.")).toHaveCount(0);
  await tenant.getByLabel("Renda mensal (R$)").fill("9000");
  await tenant.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(tenant).toHaveURL(new RegExp(`/AluguelProposta\\?oferta=${offerId}`));
  await expect(tenant.getByRole("heading", { name: "Fazer proposta" })).toBeVisible();
  await tenant.getByLabel("Sua renda mensal (R$)").fill("9000");
  const chooser = tenant.waitForEvent("filechooser");
  await tenant.getByTestId("proposal-upload").click();
  await (await chooser).setFiles({
    name: "holerites.pdf",
    mimeType: "application/pdf",
    buffer: await makePdf(1),
  });
  await expect(tenant.getByTestId("document-picker").getByRole("checkbox", { checked: true })).toHaveCount(1);
  await tenant.getByLabel("Mensagem à parte locadora").fill("Posso mudar na data que você preferir.");
  await tenant.getByRole("button", { name: "Enviar proposta" }).click();
  await expect(tenant).toHaveURL(/\/PropostaEnviada\?id=/);
  await expect(tenant.getByTestId("sent-confirmation")).toBeVisible();
  await expect(tenant.getByTestId("turn-banner")).toContainText("Aguardando a outra parte");
  const tenantProposalUrl = tenant.url();
  // Back to the form after sending: it says the proposal was sent, with the way to it (issue 29).
  await tenant.goBack();
  const already = tenant.getByTestId("proposal-already-sent");
  await expect(already).toContainText("Você já enviou uma proposta para esta oferta");
  await expect(tenant.getByRole("button", { name: "Enviar proposta" })).toHaveCount(0);
  await already.getByRole("link", { name: "Ver a proposta enviada" }).click();
  await expect(tenant).toHaveURL(tenantProposalUrl);

  // A rival proposes too, through the API.
  await signUpInBrowser(rival, { name: "Sonia Prado", email: newEmail("rival"), password: PASSWORD });
  await completeProfile(rival.request, "Sonia Prado Neves");
  const rivalRes = await rival.request.post("/api/proposals", {
    // The tenant names the guarantor (decision 017).
    data: proposalBodyOf(offerId, "fiador", {
      aluguel: 270000,
      fiador: { ...guarantorOf("Geraldo Prado Neves"), email: newEmail("fiador"), estadoCivil: "divorciado" },
      moradores: 1,
      renda: 700000,
    }),
  });
  expect(rivalRes.status()).toBe(201);
  const rivalId = ((await rivalRes.json()) as { id: string }).id;

  // The landlord counters from the inbox.
  await landlord.getByTestId("account-menu").click();
  await landlord.getByRole("menuitem", { name: "Propostas recebidas" }).click();
  await expect(landlord.getByTestId("proposal-row")).toHaveCount(2);
  await landlord.getByTestId("proposal-row").filter({ hasText: "Rafael Costa Lima" }).click();
  await expect(landlord.getByTestId("income-ratio")).toContainText("Saudável");
  await expect(landlord.getByTestId("proposal-documents").getByRole("link")).toHaveCount(1);
  // Opening the tenant's document reads the document, never /api/proposals/<its id> (was a 404).
  const proposalMisses: string[] = [];
  landlord.on("response", (r) => {
    if (r.status() === 404 && r.url().includes("/api/proposals/")) proposalMisses.push(r.url());
  });
  await landlord.getByTestId("proposal-documents").getByRole("link").click();
  await expect(landlord).toHaveURL(/\/ViewDocument\?id=/);
  await expect(landlord.getByTestId("document-name")).toContainText("holerites.pdf");
  expect(proposalMisses).toEqual([]);
  await landlord.goBack();
  await expect(landlord.getByTestId("income-ratio")).toContainText("Saudável");
  await expect(landlord.getByTestId("turn-banner")).toContainText("É a sua vez de responder");
  await landlord.getByRole("button", { name: "Contrapropor" }).click();
  await landlord.getByLabel("Aluguel proposto (R$)").fill("2900");
  await landlord.getByRole("button", { name: "Enviar contraproposta" }).click();
  await expect(landlord.getByTestId("proposal-status")).toHaveText("Contraproposta");
  await expect(landlord.getByTestId("timeline")).toContainText("R$ 2.900,00");

  // The tenant sees it is their turn and accepts: accepting the landlord's terms is the deal.
  await tenant.goto(tenantProposalUrl);
  await expect(tenant.getByTestId("turn-banner")).toContainText("É a sua vez de responder");
  await expect(tenant.getByTestId("turn-banner")).toContainText("Prazo");
  await tenant.getByRole("button", { name: "Aceitar contraproposta" }).click();
  await tenant.getByRole("dialog").getByRole("button", { name: "Aceitar contraproposta" }).click();
  // Approved: the header then says where the contract stands (its draft is written right after).
  await expect(tenant.getByTestId("proposal-status")).toHaveText(/^(Aprovada|Contrato em revisão)$/);

  // The landlord sees it approved, live, without approving her own terms again.
  await expect(landlord.getByTestId("proposal-status")).toHaveText(/^(Aprovada|Contrato em revisão)$/);
  await expect(landlord.getByRole("button", { name: "Aprovar" })).toHaveCount(0);
  await expect(landlord.getByTestId("turn-banner")).toContainText("o próximo passo é o contrato");

  // Both see it in their history at its contract's step (the draft is written right after the
  // approval); the rival's proposal was closed.
  await tenant.goto("/AluguelHistorico");
  await expect(tenant.getByTestId("history-item").first().getByTestId("proposal-status")).toHaveText(
    "Contrato em revisão",
  );
  await landlord.goto("/AluguelHistorico?papel=landlord");
  await expect(landlord.getByTestId("history-item")).toHaveCount(2);
  const withStatus = (status: string) =>
    landlord
      .getByTestId("history-item")
      .filter({ has: landlord.getByTestId("proposal-status").getByText(status, { exact: true }) });
  await expect(withStatus("Contrato em revisão")).toHaveCount(1);
  await expect(withStatus("Encerrada")).toHaveCount(1);
  const rivalView = await rival.request.get(`/api/proposals/${rivalId}`);
  expect(((await rivalView.json()) as { status: string }).status).toBe("encerrada");
  await rival.goto(`/PropostaEnviada?id=${rivalId}`);
  await expect(rival.getByTestId("proposal-status")).toHaveText("Encerrada");

  await landlordCtx.close();
  await tenantCtx.close();
  await rivalCtx.close();
});
