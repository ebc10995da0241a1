import fsp from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import pg from "pg";
import { hasError, isStaticPix, parsePix } from "pix-utils";
import decodeQR from "qr/decode.js";
import sharp from "sharp";
import { randomCpf } from "../support/files";
import { clipped } from "./axe";
import { E2E_DATA_DIR, E2E_PORT } from "./env";
import { expect, test } from "./fixtures";
import { fromOutbox, newEmail, signUpInBrowser } from "./helpers";
import { completeProfile, signedLease } from "./market";

/*
 * Issue 32 at phone size: a tenant opens the month's charge, copies the Pix code, the landlord
 * confirms, the receipt appears for both; a late charge shows multa and juros.
 *
 * The server runs with RENT_CHARGE_LEAD_DAYS=45 (playwright.config.ts), so a lease that starts today
 * has its first charge (the prorated days left in this month, due on the 10th of the next) at once.
 */

const PASSWORD = "Ipê amarelo na varanda 42";
const viewport = { width: 390, height: 844 };
const SHOTS = "test-results";

/** The offer's monthly amounts in centavos (the Savassi flat of market.ts, at its own rent). */
const MONTHLY = { aluguel: 280000, condominio: 60000, iptu: 9000, seguroIncendio: 3000 };

/** Today in Brazil (YYYY-MM-DD), as the server counts a lease's days; written here, not imported. */
function brazilToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
}

/** `day` moved by `n` calendar days (YYYY-MM-DD in, YYYY-MM-DD out; UTC noon avoids DST edges). */
function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** "29/11/2026" from "2026-11-29". */
const ddmmyyyy = (day: string) => day.split("-").reverse().join("/");

/** a × b / c in centavos, rounded half up (all positive integers: no float anywhere). */
const mulDivHalfUp = (a: number, b: number, c: number) => Math.floor((2 * a * b + c) / (2 * c));

/** "R$ 1.234,56" as the pages write money (formatBRL: pt-BR, a plain space after R$). */
function brl(centavos: number): string {
  const reais = Math.floor(centavos / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `R$ ${reais},${String(centavos % 100).padStart(2, "0")}`;
}

/** `s` as a pattern, any space in it (the non-breaking one after "R$" too) matching any space. */
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/[\s\u00a0]/g, "\\s");

/** "234.67" from 23467: the value of the BR Code's field 54, by integer arithmetic. */
const emvAmount = (centavos: number) =>
  `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, "0")}`;

/** The top-level EMV objects of a BR Code: 2-digit id, 2-digit length, value. */
function emvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > payload.length)
      throw new Error(`malformed BR Code at ${at}: ${payload}`);
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** Checks a Pix Copia e Cola: a static BR Code to `key` for exactly `centavos`. */
function expectBrCode(code: string, key: string, centavos: number) {
  expect(code.startsWith("000201"), code).toBe(true);
  expect(code).toContain("br.gov.bcb.pix");
  const value = emvAmount(centavos);
  // Field 54, the amount: its id, its length in two digits, the value in reais with a point.
  expect(code).toContain(`54${String(value.length).padStart(2, "0")}${value}`);
  expect(emvFields(code).get("54")).toBe(value);
  const pix = parsePix(code);
  if (hasError(pix)) throw new Error(`pix-utils refused the code: ${pix.message}`);
  if (!isStaticPix(pix)) throw new Error(`pix-utils read a ${pix.type} code`);
  expect(pix.pixKey).toBe(key);
  expect(Math.round((pix.transactionAmount ?? 0) * 100)).toBe(centavos);
}

/** The server's own database: the run's on TEST_DATABASE_URL's server, else the embedded one. */
async function serverDatabase(): Promise<pg.Client> {
  const url =
    process.env.E2E_DATABASE_URL ||
    `postgres://postgres:${encodeURIComponent(
      (await fsp.readFile(path.join(E2E_DATA_DIR, ".db-password"), "utf8")).trim(),
    )}@127.0.0.1:${E2E_PORT + 1000}/chave`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Waits until the server has sealed the charge's receipt (its seal job), asking as `request`'s user. */
async function receiptSealed(request: APIRequestContext, chargeId: string) {
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/charges/${chargeId}`)).json()) as {
            recibo: { selado: boolean } | null;
          }
        ).recibo?.selado,
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The charge page's "Abrir o recibo": it appears by itself when the seal's live event comes. */
async function receiptLink(page: Page) {
  const link = page.getByRole("link", { name: "Abrir o recibo" });
  await expect(link).toBeVisible({ timeout: 30_000 });
  return link;
}

/** The whole page from its top (scrolled, a full-page shot draws the sticky header mid-page). */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/rent-${name}-390.png`, fullPage: true });
}

async function phone(browser: Browser) {
  const ctx = await browser.newContext({ viewport, permissions: ["clipboard-read", "clipboard-write"] });
  return { ctx, page: await ctx.newPage() };
}

test("a tenant pays the month's charge by Pix on a phone, the landlord confirms, both get the receipt; a late charge shows multa and juros", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { ctx: landlordCtx, page: landlord } = await phone(browser);
  const { ctx: tenantCtx, page: tenant } = await phone(browser);
  const people = {
    landlord: { nome: "Marta Alves Pereira", cpf: randomCpf(), email: newEmail("aloc") },
    tenant: { nome: "Rafael Conceição Lima", cpf: randomCpf(), email: newEmail("ainq") },
  };
  await signUpInBrowser(landlord, { name: "Marta Alves", email: people.landlord.email, password: PASSWORD });
  await completeProfile(landlord.request, people.landlord.nome, { cpf: people.landlord.cpf });
  await signUpInBrowser(tenant, { name: "Rafael Lima", email: people.tenant.email, password: PASSWORD });
  await completeProfile(tenant.request, people.tenant.nome, { cpf: people.tenant.cpf });

  // The landlord's Pix key: her CPF, given on /profile2 beside her address.
  await landlord.goto("/profile2");
  await landlord.getByLabel("Chave Pix para receber aluguéis (opcional)").fill(people.landlord.cpf);
  await landlord.getByRole("button", { name: "Salvar" }).click();
  // Saved, /profile2 goes on to the documents (/profile3), as it does after the address.
  await landlord.waitForURL(/\/profile3/);
  const pixKey = people.landlord.cpf.replace(/\D/g, "");

  // 1. The lease, entering today, signed by both; its first charge is made when it is sealed.
  const today = brazilToday();
  const leaseId = await signedLease(landlord, tenant, people, {
    unit: { numero: "550" },
    offer: MONTHLY,
    dataEntrada: brazilToday(),
  });
  // The tenant is told by e-mail, as she would wait for it.
  await fromOutbox(people.tenant.email, /Cobrança de .+ do contrato nº/);

  // The first month, prorated from the entry date: the days left in this month of each amount.
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const days = daysInMonth - d + 1;
  const firstCharge = Object.values(MONTHLY).reduce(
    (s, base) => s + mulDivHalfUp(base, days, daysInMonth),
    0,
  );

  // 2. The tenant, on her phone, from the history to the lease's page.
  await tenant.goto("/AluguelHistorico");
  await tenant.getByTestId("history-item").first().getByTestId("history-contract").click();
  await expect(tenant.getByTestId("contract-state")).toHaveText("Assinado");
  await tenant.getByTestId("contract-lease").click();
  await expect(tenant).toHaveURL(new RegExp(`/Locacao\\?id=${leaseId}$`));
  const next = tenant.getByTestId("lease-next");
  await expect(next.getByRole("heading", { name: "Próxima cobrança" })).toBeVisible();
  await expect(next).toContainText(brl(firstCharge));
  expect(await clipped(tenant, "the tenant's lease page")).toEqual([]);
  await shoot(tenant, "lease-tenant");

  // The charge: its lines add up to the prorated month, its QR and its Pix Copia e Cola.
  await next.getByRole("link", { name: "Ver e pagar por Pix" }).click();
  await expect(tenant).toHaveURL(/\/Cobranca\?id=[0-9a-f-]{36}$/);
  const chargeId = new URL(tenant.url()).searchParams.get("id") as string;
  await expect(tenant.getByTestId("charge-status")).toHaveText("Em aberto");
  await expect(tenant.getByTestId("charge-total")).toHaveText(brl(firstCharge));
  await expect(tenant.getByTestId("charge-lines-sum")).toHaveText(brl(firstCharge));
  // A prorated month says its days; entering on the 1st, the month is whole and says none.
  if (days < daysInMonth)
    await expect(tenant.getByTestId("charge-line").first()).toContainText(
      `${days} de ${daysInMonth} dias de ${brl(MONTHLY.aluguel)}`,
    );
  else await expect(tenant.getByTestId("charge-line").first()).not.toContainText("dias de");
  const pix = tenant.getByTestId("charge-pix");
  const qr = pix.getByRole("img", { name: `QR Code Pix de ${brl(firstCharge)}` });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(pix).toContainText(`Recebedor: ${people.landlord.nome}`);
  const code = await pix.getByLabel("Pix Copia e Cola").inputValue();
  expectBrCode(code, pixKey, firstCharge);
  // The QR as the phone draws it (a phone's camera would read this) carries that same code.
  const drawn = await sharp(await qr.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(decodeQR({ width: drawn.info.width, height: drawn.info.height, data: drawn.data })).toBe(code);
  await pix.getByRole("button", { name: "Copiar código Pix" }).click();
  await expect(pix.getByRole("status")).toHaveText("Código copiado");
  expect(await tenant.evaluate(() => navigator.clipboard.readText())).toBe(code);
  expect(await clipped(tenant, "the tenant's charge")).toEqual([]);
  await shoot(tenant, "charge-tenant");

  // 3. The landlord, on hers, opens the same charge and says the money arrived today.
  await landlord.goto(`/Locacao?id=${leaseId}`);
  await expect(landlord.getByTestId("lease-pix-key")).toHaveCount(0);
  await landlord.getByTestId("lease-next").getByRole("link", { name: "Ver a cobrança" }).click();
  await expect(landlord).toHaveURL(new RegExp(`/Cobranca\\?id=${chargeId}$`));
  await expect(landlord.getByTestId("charge-total")).toHaveText(brl(firstCharge));
  await landlord.getByRole("button", { name: "Recebi o pagamento" }).click();
  const dialog = landlord.getByRole("dialog", { name: "Confirmar o recebimento" });
  await expect(dialog.getByLabel("Data do pagamento")).toHaveValue(today);
  await expect(dialog.getByTestId("charge-receive-amount")).toHaveText(
    `Valor que será registrado: ${brl(firstCharge)}`,
  );
  expect(await clipped(landlord, "the landlord's confirmation")).toEqual([]);
  await landlord.screenshot({ path: `${SHOTS}/rent-receive-dialog-390.png` });
  await dialog.getByRole("button", { name: "Confirmar recebimento" }).click();
  await expect(dialog).toHaveCount(0);
  const paidOn = `Paga em ${ddmmyyyy(today)}`;
  await expect(landlord.getByTestId("charge-status")).toHaveText(paidOn);
  await expect(landlord.getByTestId("charge-payment")).toContainText(
    `${brl(firstCharge)} pagos em ${ddmmyyyy(today)}`,
  );
  // The receipt, issued with the payment, is sealed by a job just after: its link comes once it is.
  await expect(landlord.getByTestId("charge-receipt")).toBeVisible();
  await receiptSealed(landlord.request, chargeId);
  const landlordReceipt = await receiptLink(landlord);
  await expect(landlord.getByTestId("charge-pix")).toHaveCount(0);
  expect(await clipped(landlord, "the landlord's paid charge")).toEqual([]);
  await shoot(landlord, "charge-paid-landlord");

  // The tenant's page, open all along, turns paid by itself (the live event), no reload.
  await expect(tenant.getByTestId("charge-status")).toHaveText(paidOn, { timeout: 15_000 });
  await receiptLink(tenant);
  await expect(tenant.getByTestId("charge-pix")).toHaveCount(0);
  await expect(tenant.getByTestId("charge-total")).toHaveText(brl(firstCharge));
  expect(await clipped(tenant, "the tenant's paid charge")).toEqual([]);
  await shoot(tenant, "charge-paid-tenant");

  // The receipt opens in the document viewer and draws its first page.
  await tenant.getByRole("link", { name: "Abrir o recibo" }).click();
  await expect(tenant).toHaveURL(/\/ViewDocument\?id=[0-9a-f-]{36}$/);
  await expect(tenant.getByTestId("document-name")).toBeVisible();
  await expect(tenant.getByTestId("pdf-canvas")).toHaveAttribute("data-rendered-page", "1", {
    timeout: 20_000,
  });
  expect(await clipped(tenant, "the receipt")).toEqual([]);
  await shoot(tenant, "receipt-tenant");
  await landlordReceipt.click();
  await expect(landlord.getByTestId("pdf-canvas")).toHaveAttribute("data-rendered-page", "1", {
    timeout: 20_000,
  });

  // 4. Late: a second lease, and its first charge 9 days past due.
  const lateLeaseId = await signedLease(landlord, tenant, people, {
    unit: { numero: "552" },
    offer: MONTHLY,
    dataEntrada: brazilToday(),
  });
  let lateId = "";
  await expect(async () => {
    const lease = (await (await tenant.request.get(`/api/leases/${lateLeaseId}`)).json()) as {
      cobrancas: { id: string; competencia: string; valor: number }[];
    };
    const first = [...lease.cobrancas].sort((a, b) => a.competencia.localeCompare(b.competencia))[0];
    expect(first?.valor).toBe(firstCharge);
    lateId = first?.id ?? "";
  }).toPass({ timeout: 15_000 });
  // A fixture, not a hack: the e2e cannot move the server's clock, and the server computes what a
  // late charge costs from its stored due date and today at each read, with no other state kept
  // for lateness (reminders aside). A due date 9 days back is exactly the row this charge would be
  // 9 days after falling due; everything from here on is the product's own arithmetic.
  const db = await serverDatabase();
  try {
    const moved = await db.query(
      "UPDATE rent_charges SET due_date = $2 WHERE id = $1 AND status = 'aberta'",
      [lateId, plusDays(today, -9)],
    );
    expect(moved.rowCount).toBe(1);
  } finally {
    await db.end();
  }
  // Computed here, independently: 10 % once, and 1 % a month pro rata die (9/30), each rounded
  // half up to the centavo, on the charge's value alone.
  const multa = mulDivHalfUp(firstCharge, 10, 100);
  const juros = mulDivHalfUp(firstCharge, 9, 3000);
  const lateTotal = firstCharge + multa + juros;

  await tenant.goto(`/Locacao?id=${lateLeaseId}`);
  await expect(tenant.getByTestId("lease-next")).toContainText(brl(lateTotal));
  await expect(tenant.getByTestId("lease-next")).toContainText("Atrasada");
  await expect(tenant.getByTestId("lease-next").getByRole("status")).toHaveText(
    `Em atraso hoje, com multa e juros: ${brl(lateTotal)}`,
  );
  expect(await clipped(tenant, "the tenant's lease with a late charge")).toEqual([]);
  await shoot(tenant, "lease-late-tenant");
  await tenant.getByTestId("lease-next").getByRole("link", { name: "Ver e pagar por Pix" }).click();
  await expect(tenant).toHaveURL(new RegExp(`/Cobranca\\?id=${lateId}$`));
  await expect(tenant.getByTestId("charge-status")).toHaveText("Atrasada 9 dias");
  const late = tenant.getByTestId("charge-late");
  await expect(late).toContainText("Em atraso há 9 dias");
  // The rate as Intl writes a percent in pt-BR ("10%"), whatever space it may put before the sign.
  const pct = (n: number) => `${n}\\s?%`;
  await expect(late).toContainText(
    new RegExp(`Multa de ${pct(10)} sobre ${esc(brl(firstCharge))} = ${esc(brl(multa))}`),
  );
  await expect(late).toContainText(
    new RegExp(
      `Juros de ${pct(1)} ao mês por 9 dias: ${esc(brl(firstCharge))} × ${pct(1)} × 9/30 = ${esc(brl(juros))}`,
    ),
  );
  await expect(late).toContainText(`Total a pagar hoje: ${brl(lateTotal)}`);
  await expect(tenant.getByTestId("charge-total")).toHaveText(brl(lateTotal));
  // The static code is for today's amount, fees included.
  expectBrCode(
    await tenant.getByTestId("charge-pix").getByLabel("Pix Copia e Cola").inputValue(),
    pixKey,
    lateTotal,
  );
  expect(await clipped(tenant, "the tenant's late charge")).toEqual([]);
  await shoot(tenant, "charge-late-tenant");

  await landlordCtx.close();
  await tenantCtx.close();
});
