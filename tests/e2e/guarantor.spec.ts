import type { Page } from "@playwright/test";
import { guarantorOf, proposalBodyOf } from "../support/bodies";
import { randomCpf } from "../support/files";
import { clipped } from "./axe";
import { expect, test } from "./fixtures";
import { fromOutbox, newEmail, signUpInBrowser } from "./helpers";
import { completeProfile, publishOffer } from "./market";

/*
 * Issue 29 (5, 6), decision 044: a guarantor with no account, a stranger to the app, gets an
 * e-mail that says who asks, for which home, in which role and until when; on a phone she reads the
 * contract's first page in normal text with the full PDF one tap away; she signs; and when she opens
 * her link again she reads that she already signed, with the contract to download.
 */

const PASSWORD = "Ipê amarelo na varanda 42";
const viewport = { width: 390, height: 844 };

/** The contract the approval wrote, once its job has run. */
async function contractOf(page: Page): Promise<string> {
  let id: string | undefined;
  await expect(async () => {
    const list = (await (await page.request.get("/api/contracts")).json()) as { id: string }[];
    id = list[0]?.id;
    expect(id).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return id as string;
}

test("a guarantor opens the invitation as a guest on a phone, reads the contract, signs, and reopening says she already signed", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const landlordCtx = await browser.newContext({ viewport });
  const tenantCtx = await browser.newContext({ viewport });
  const landlord = await landlordCtx.newPage();
  const tenant = await tenantCtx.newPage();
  const people = {
    landlord: { nome: "Marta Alves Pereira", cpf: randomCpf(), email: newEmail("loc") },
    tenant: { nome: "Rafael Conceição Lima", cpf: randomCpf(), email: newEmail("inq") },
    guarantor: { nome: "Helena Prado Gonçalves", cpf: randomCpf(), email: newEmail("fiadora") },
  };
  await signUpInBrowser(landlord, { name: "Marta Alves", email: people.landlord.email, password: PASSWORD });
  await completeProfile(landlord.request, people.landlord.nome, { cpf: people.landlord.cpf });
  await signUpInBrowser(tenant, { name: "Rafael Lima", email: people.tenant.email, password: PASSWORD });
  await completeProfile(tenant.request, people.tenant.nome, { cpf: people.tenant.cpf });

  const offerId = await publishOffer(
    landlord,
    {
      cep: "22270-000",
      logradouro: "Rua Voluntários da Pátria",
      numero: "190",
      bairro: "Botafogo",
      cidade: "Rio de Janeiro",
      uf: "RJ",
      areaM2: 65,
    },
    { aluguel: 450000, condominio: 80000, iptu: 15000, seguroIncendio: 5000, garantias: ["fiador"] },
  );
  const proposal = await tenant.request.post("/api/proposals", {
    data: proposalBodyOf(offerId, "fiador", {
      aluguel: 450000,
      fiador: {
        ...guarantorOf(people.guarantor.nome),
        cpf: people.guarantor.cpf,
        email: people.guarantor.email,
        genero: "feminino",
      },
      renda: 2_000_000,
    }),
  });
  expect(proposal.status(), await proposal.text()).toBe(201);
  const proposalId = ((await proposal.json()) as { id: string }).id;
  const approved = await landlord.request.post(`/api/proposals/${proposalId}/actions`, {
    data: { action: "approve" },
  });
  expect(approved.status()).toBe(200);
  const contractId = await contractOf(landlord);
  // The landlord is told the contract waits for her, with the way to it.
  expect(
    await fromOutbox(people.landlord.email, /(Revise e envie o contrato para assinatura[^\n]*)/),
  ).toContain("Botafogo");
  const sent = await landlord.request.post(`/api/contracts/${contractId}/send`);
  expect(sent.status(), await sent.text()).toBe(200);

  // The invitation says who asks, the home, her role and what it means, and the deadline.
  const invitation = await fromOutbox(people.guarantor.email, /(Olá[\s\S]*?Ler o contrato e assinar:)/);
  expect(invitation).toContain(`${people.landlord.nome} (parte locadora) e ${people.tenant.nome}`);
  expect(invitation).toContain(
    "Rua Voluntários da Pátria, 190, Botafogo, Rio de Janeiro – RJ, CEP 22270-000",
  );
  expect(invitation).toContain(
    "Você assina como fiadora e principal pagadora: você responde pelo aluguel e pelos encargos se",
  );
  expect(invitation).toMatch(/Assine até \d{2}\/\d{2}\/\d{4}/);
  expect(invitation).not.toContain("(a)");
  const link = await fromOutbox(
    people.guarantor.email,
    /(\/Clicksign\?contrato=[0-9a-f-]{36}&token=[A-Za-z0-9_-]{43})/,
  );

  // The guarantor, with no account, on her phone.
  const guestCtx = await browser.newContext({ viewport });
  const guest = await guestCtx.newPage();
  await guest.goto(link);
  const summary = guest.getByTestId("contract-summary");
  await expect(summary).toBeVisible();
  const home = guest.getByTestId("summary-home");
  await expect(home).toContainText("Rua Voluntários da Pátria, 190");
  await expect(guest.getByTestId("summary-role")).toContainText("Fiadora e principal pagadora");
  await expect(guest.getByTestId("summary-role")).toContainText("Você responde pelo aluguel");
  // Readable: the address and the role in text of at least 14 px, not a PDF drawn at 6 px.
  for (const el of [home.locator("p").last(), guest.getByTestId("summary-role").locator("p").last()]) {
    const size = await el.evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
    expect(size).toBeGreaterThanOrEqual(14);
  }
  await expect(guest.getByTestId("pdf-canvas")).toHaveCount(0);
  // The full PDF one tap away, and it opens without an account.
  const pdfHref = await guest.getByTestId("full-pdf").getAttribute("href");
  expect(pdfHref).toMatch(/\/api\/storage\/files\//);
  const pdf = await guestCtx.request.get(pdfHref as string);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  expect(await clipped(guest, "the guarantor's ceremony")).toEqual([]);
  await guest.screenshot({ path: "test-results/guarantor-ceremony-390.png", fullPage: true });

  // She signs with the e-mailed code; the code e-mail's link brings her back without an account.
  const asked = Date.now() - 1000;
  await guest.getByRole("button", { name: "Enviar código por e-mail" }).click();
  await expect(guest.getByText(/Código enviado para/)).toBeVisible();
  const code = await fromOutbox(people.guarantor.email, /Use o código (\d{6})/, asked);
  const back = await fromOutbox(people.guarantor.email, /Voltar ao contrato: (\S+)/, asked);
  expect(back).toContain(link);
  await guest.getByLabel("Código de 6 dígitos").fill(code);
  await guest.getByLabel("Seu nome completo, como no contrato").fill(people.guarantor.nome);
  await guest.getByLabel("Seu CPF").fill(people.guarantor.cpf);
  await guest.getByLabel("Li o contrato e concordo com os termos").check();
  await guest.getByRole("button", { name: "Assinar", exact: true }).click();
  await expect(guest.getByTestId("ceremony-done")).toBeVisible();

  // Reopening her link: she already signed, when, and the contract to download.
  const again = await guestCtx.newPage();
  await again.goto(link);
  await expect(again.getByTestId("already-signed")).toContainText("Você já assinou este contrato em");
  await expect(again.getByText(/inválido|já foi usado/)).toHaveCount(0);
  const download = await again.getByTestId("signed-download").getAttribute("href");
  const file = await guestCtx.request.get(download as string);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await again.screenshot({ path: "test-results/guarantor-signed-390.png", fullPage: true });
  await guestCtx.close();
  await landlordCtx.close();
  await tenantCtx.close();
});
