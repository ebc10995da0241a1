import type { Browser, Page } from "@playwright/test";
import { randomCpf } from "../support/files";
import { clipped } from "./axe";
import { expect, test } from "./fixtures";
import { newEmail, signUpInBrowser } from "./helpers";
import { completeProfile, signByLink, signedLease, waitSealed } from "./market";

/*
 * Issue 33's journey at phone size: the tenant asks to move the due day and the landlord accepts
 * (both sign the termo aditivo); later she gives notice to leave and signs it; both read the
 * settlement line by line, agree, and sign the termo de rescisão; the lease is ended and the
 * landlord offers the unit again with one tap.
 */

const PASSWORD = "Ipê amarelo na varanda 42";
const viewport = { width: 390, height: 844 };
const SHOTS = "test-results";

const brazilToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
const ddmmyyyy = (day: string) => day.split("-").reverse().join("/");

async function phone(browser: Browser) {
  const ctx = await browser.newContext({ viewport });
  return { ctx, page: await ctx.newPage() };
}

/** The contract id a signing link on the page points at. */
async function contractOfLink(page: Page, name: string): Promise<string> {
  const href = (await page.getByRole("link", { name }).first().getAttribute("href")) ?? "";
  return new URL(`http://x${href}`).searchParams.get("contrato") as string;
}

/** Nothing runs past the phone's edge, nor past its own box. */
async function noOverflow(page: Page, where: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(viewport.width);
  expect(await clipped(page, where)).toEqual([]);
}

test("the tenant amends the due day, later gives notice; both agree the settlement and sign the termination; the unit is offered again", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const { ctx: landlordCtx, page: landlord } = await phone(browser);
  const { ctx: tenantCtx, page: tenant } = await phone(browser);
  const people = {
    landlord: { nome: "Beatriz Lopes Andrade", cpf: randomCpf(), email: newEmail("eloc") },
    tenant: { nome: "Caio Martins Freire", cpf: randomCpf(), email: newEmail("einq") },
  };
  await signUpInBrowser(landlord, {
    name: "Beatriz Lopes",
    email: people.landlord.email,
    password: PASSWORD,
  });
  await completeProfile(landlord.request, people.landlord.nome, { cpf: people.landlord.cpf });
  await signUpInBrowser(tenant, { name: "Caio Freire", email: people.tenant.email, password: PASSWORD });
  await completeProfile(tenant.request, people.tenant.nome, { cpf: people.tenant.cpf });
  const today = brazilToday();
  const leaseId = await signedLease(landlord, tenant, people, {
    unit: { numero: "912" },
    offer: { aluguel: 280000 },
    dataEntrada: today,
  });

  // 1. The tenant proposes the 20th as the due day.
  await tenant.goto(`/Locacao?id=${leaseId}`);
  const amendments = tenant.getByTestId("lease-amendments");
  await amendments.getByRole("button", { name: "Propor aditivo" }).click();
  const form = amendments.getByTestId("lease-amendment-form");
  await form.getByLabel("Dia do vencimento").check();
  await form.getByLabel("Novo dia do vencimento").fill("20");
  await form.getByLabel("Motivo", { exact: false }).first().fill("Meu salário cai no dia 15");
  await tenant.screenshot({ path: `${SHOTS}/lease-end-amendment-form.png` });
  await noOverflow(tenant, "the amendment form");
  await form.getByRole("button", { name: "Enviar a proposta" }).click();
  await expect(amendments.getByTestId("lease-amendment").first()).toContainText(
    "Vencimento: do dia 10 para o dia 20",
  );
  await expect(amendments.getByTestId("lease-amendment").first()).toContainText("Aguardando resposta");

  // 2. The landlord accepts it; both sign the termo aditivo.
  await landlord.goto(`/Locacao?id=${leaseId}`);
  const theirs = landlord.getByTestId("lease-amendments");
  await expect(theirs.getByTestId("lease-amendment").first()).toContainText(
    "Vencimento: do dia 10 para o dia 20",
  );
  await noOverflow(landlord, "the landlord's lease page with an amendment to answer");
  await theirs.getByRole("button", { name: "Aceitar" }).click();
  await landlord.getByRole("dialog").getByRole("button", { name: "Aceitar" }).click();
  await expect(theirs.getByTestId("lease-amendment-document")).toContainText("Termo aditivo nº");
  const aditivoId = await contractOfLink(landlord, "Assinar o termo aditivo");
  await signByLink(landlord.request, aditivoId, people.landlord);
  await signByLink(tenant.request, aditivoId, people.tenant);
  await waitSealed(tenant.request, aditivoId);
  await expect(amendments.getByTestId("lease-amendment-document")).toContainText("Assinado");
  await expect(tenant.getByTestId("lease-documents")).toContainText("Termo aditivo");

  // 3. Later, she gives notice to leave in three weeks and signs it.
  const notice = tenant.getByTestId("lease-notice");
  await notice.getByRole("button", { name: "Avisar que vou sair" }).click();
  const entrega = plusDays(today, 21);
  await notice.getByLabel("Data da entrega das chaves").fill(entrega);
  await notice.getByLabel("Motivo").fill("Mudança para outra cidade");
  await notice.getByRole("button", { name: "Gerar o aviso para assinar" }).click();
  await expect(notice.getByTestId("lease-notice-given")).toContainText(ddmmyyyy(entrega));
  const noticeId = await contractOfLink(tenant, "Assinar o aviso");
  await signByLink(tenant.request, noticeId, people.tenant);
  await waitSealed(tenant.request, noticeId);

  // 4. The settlement, line by line, for both.
  const settlement = tenant.getByTestId("lease-settlement");
  await expect(settlement).toContainText("Acerto de contas e entrega das chaves");
  await expect(settlement.getByTestId("settlement-entrega")).toContainText(ddmmyyyy(entrega));
  await expect(settlement).toContainText("Multa rescisória proporcional");
  await expect(settlement.getByTestId("settlement-total")).toContainText("A parte locatária paga");
  await settlement.scrollIntoViewIfNeeded();
  await tenant.screenshot({ path: `${SHOTS}/lease-end-settlement.png` });
  await noOverflow(tenant, "the settlement");
  await settlement.getByRole("button", { name: "Concordo com o acerto" }).click();
  await tenant.getByRole("dialog").getByRole("button", { name: "Concordo" }).click();
  await expect(settlement.getByTestId("settlement-agreement")).toContainText("Você concordou com o acerto");

  const theirSettlement = landlord.getByTestId("lease-settlement");
  await expect(theirSettlement.getByTestId("settlement-agreement")).toContainText(
    "A parte locatária concordou com o acerto",
  );
  await theirSettlement.getByRole("button", { name: "Concordo com o acerto" }).click();
  await landlord.getByRole("dialog").getByRole("button", { name: "Concordo" }).click();
  await expect(theirSettlement.getByTestId("settlement-document")).toContainText("Termo de rescisão nº");

  // 5. Both sign the termo de rescisão; the lease ends.
  const termoId = await contractOfLink(landlord, "Assinar o termo de rescisão");
  await signByLink(landlord.request, termoId, people.landlord);
  await signByLink(tenant.request, termoId, people.tenant);
  await waitSealed(landlord.request, termoId);
  await expect(theirSettlement.getByTestId("settlement-ended")).toContainText(
    `Locação encerrada em ${ddmmyyyy(entrega)}`,
  );
  await expect(settlement.getByTestId("settlement-ended")).toContainText("Locação encerrada");
  await expect(settlement.getByRole("button", { name: "Anunciar o imóvel de novo" })).toHaveCount(0);
  // The balance she owes is the lease's last charge, on her page without a reload.
  await expect(tenant.getByText("Acerto da rescisão").first()).toBeVisible();
  await theirSettlement.scrollIntoViewIfNeeded();
  await landlord.screenshot({ path: `${SHOTS}/lease-end-ended.png` });
  await noOverflow(landlord, "the ended lease");

  // 6. One tap: a new draft offer with the old one's terms.
  await theirSettlement.getByRole("button", { name: "Anunciar o imóvel de novo" }).click();
  await expect(landlord).toHaveURL(/\/AluguelOferta\?id=/);
  const newId = new URL(landlord.url()).searchParams.get("id") as string;
  const offer = (await (await landlord.request.get(`/api/offers/${newId}`)).json()) as {
    status: string;
    aluguel: number;
  };
  expect(offer).toMatchObject({ status: "rascunho", aluguel: 280000 });
  await landlord.screenshot({ path: `${SHOTS}/lease-end-reoffer.png` });
  await landlordCtx.close();
  await tenantCtx.close();
});
