import type { Browser } from "@playwright/test";
import { randomCpf } from "../support/files";
import { expect, test } from "./fixtures";
import { newEmail, signUpInBrowser } from "./helpers";
import { completeProfile, signByLink, signedLease, waitSealed } from "./market";

/*
 * Issue 33 at phone size: on /Locacao both parties read where the lease stands; the tenant gives
 * notice to leave, sees art. 4's proportional fine for her date before she commits, signs the
 * notice, and the landlord — who may not ask for the unit within the term — sees it signed.
 */

const PASSWORD = "Ipê amarelo na varanda 42";
const viewport = { width: 390, height: 844 };
const SHOTS = "test-results";

/** Today in Brazil (YYYY-MM-DD), as the server counts a lease's days. */
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

test("a tenant gives notice to leave on a phone, with the proportional fine shown before she signs; the landlord sees it", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { ctx: landlordCtx, page: landlord } = await phone(browser);
  const { ctx: tenantCtx, page: tenant } = await phone(browser);
  const people = {
    landlord: { nome: "Helena Duarte Campos", cpf: randomCpf(), email: newEmail("nloc") },
    tenant: { nome: "Otávio Brandão Reis", cpf: randomCpf(), email: newEmail("ninq") },
  };
  await signUpInBrowser(landlord, {
    name: "Helena Duarte",
    email: people.landlord.email,
    password: PASSWORD,
  });
  await completeProfile(landlord.request, people.landlord.nome, { cpf: people.landlord.cpf });
  await signUpInBrowser(tenant, { name: "Otávio Reis", email: people.tenant.email, password: PASSWORD });
  await completeProfile(tenant.request, people.tenant.nome, { cpf: people.tenant.cpf });
  const today = brazilToday();
  const leaseId = await signedLease(landlord, tenant, people, {
    unit: { numero: "870" },
    offer: { aluguel: 300000 },
    dataEntrada: today,
  });

  // The landlord first: in force, and no way to ask for the unit within the term.
  await landlord.goto(`/Locacao?id=${leaseId}`);
  await expect(landlord.getByTestId("lease-terms")).toContainText("Em vigor até");
  await expect(landlord.getByTestId("lease-notice-not-allowed")).toContainText("art. 4º da Lei 8.245/91");

  // The tenant: the form, a date three weeks away, the fine of the term left.
  await tenant.goto(`/Locacao?id=${leaseId}`);
  const card = tenant.getByTestId("lease-notice");
  await card.getByRole("button", { name: "Avisar que vou sair" }).click();
  const entrega = plusDays(today, 21);
  await card.getByLabel("Data da entrega das chaves").fill(entrega);
  await card.getByLabel("Motivo").fill("Mudança para outra cidade");
  const estimate = card.getByTestId("lease-notice-estimate");
  await expect(estimate).toContainText("Multa rescisória estimada:");
  await expect(estimate).toContainText("de 30 meses (art. 4º da Lei 8.245/91)");
  await card.scrollIntoViewIfNeeded();
  await tenant.screenshot({ path: `${SHOTS}/lease-notice-form.png` });
  const box = await card.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(viewport.width);

  await card.getByRole("button", { name: "Gerar o aviso para assinar" }).click();
  const given = card.getByTestId("lease-notice-given");
  await expect(given).toContainText(
    `Você deu aviso em ${ddmmyyyy(today)}: entrega das chaves em ${ddmmyyyy(entrega)}`,
  );
  const sign = card.getByRole("link", { name: "Assinar o aviso" });
  const noticeId = new URL(await sign.getAttribute("href").then((h) => `http://x${h}`)).searchParams.get(
    "contrato",
  ) as string;
  await sign.click();
  await expect(tenant).toHaveURL(new RegExp(`/Clicksign\\?contrato=${noticeId}`));
  await tenant.screenshot({ path: `${SHOTS}/lease-notice-ceremony.png` });

  // She signs through the e-mailed link and code, as the ceremony asks; the seal follows.
  await signByLink(tenant.request, noticeId, people.tenant);
  await waitSealed(tenant.request, noticeId);

  // The landlord's page updates: the tenant's notice, signed, in the lease's documents.
  await expect(landlord.getByTestId("lease-notice-given")).toContainText(
    `A parte locatária deu aviso em ${ddmmyyyy(today)}: entrega das chaves em ${ddmmyyyy(entrega)}`,
  );
  await expect(landlord.getByTestId("lease-notice-given")).toContainText("Aviso assinado.");
  await expect(landlord.getByTestId("lease-documents")).toContainText("Aviso de desocupação");
  await landlord.getByTestId("lease-notice").scrollIntoViewIfNeeded();
  await landlord.screenshot({ path: `${SHOTS}/lease-notice-landlord.png` });
  await landlordCtx.close();
  await tenantCtx.close();
});
