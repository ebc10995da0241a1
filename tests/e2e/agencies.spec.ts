import type { Browser, Page } from "@playwright/test";
import { CNPJ } from "validation-br/cnpj";
import { makePdf, randomCpf } from "../support/files";
import { clipped } from "./axe";
import { expect, test } from "./fixtures";
import { fromOutbox, newEmail, signUpInBrowser } from "./helpers";
import { completeProfile } from "./market";

/*
 * Issue 34 at phone size, as far as it goes: a person registers the company she signs for, with
 * its alphanumeric CNPJ and contrato social; she creates her imobiliária and invites a corretor
 * by e-mail, who signs up with that e-mail and accepts the invitation from /Imobiliaria; both see
 * the team with its roles.
 */

const PASSWORD = "Ipê amarelo na varanda 42";
const viewport = { width: 390, height: 844 };
const SHOTS = "test-results";

async function phone(browser: Browser) {
  const ctx = await browser.newContext({ viewport });
  return { ctx, page: await ctx.newPage() };
}

/** Nothing runs past the phone's edge, nor past its own box. */
async function noOverflow(page: Page, where: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, where).toBeLessThanOrEqual(viewport.width);
  expect(await clipped(page, where)).toEqual([]);
}

/** The Campinas address every form here takes (its CEP fills the UF). */
async function fillAddress(page: Page) {
  await page.getByLabel("CEP").fill("13025-000");
  await page.getByLabel("Cidade").fill("Campinas");
  await page.getByLabel("Logradouro").fill("Rua Coronel Quirino");
  await page.getByLabel("Número", { exact: true }).fill("1200");
  await page.getByLabel("Bairro").fill("Cambuí");
}

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: false }).first().click();
  // An option may carry its explanation after its name (the roles do).
  const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await page
    .getByRole("option", { name: new RegExp(`^${escaped}`) })
    .first()
    .click();
}

test("a person registers her company, creates her imobiliária and a corretor she invites joins it", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { ctx: adminCtx, page: admin } = await phone(browser);
  const { ctx: brokerCtx, page: broker } = await phone(browser);
  const people = {
    admin: { nome: "Helena Prado Soares", cpf: randomCpf(), email: newEmail("eimob") },
    broker: { nome: "Rafael Nunes Costa", email: newEmail("ecorr") },
  };
  await signUpInBrowser(admin, { name: "Helena Prado", email: people.admin.email, password: PASSWORD });
  await completeProfile(admin.request, people.admin.nome, { cpf: people.admin.cpf });

  // 1. Her company, in her account menu.
  await admin.getByTestId("account-menu").click();
  await admin.getByRole("menuitem", { name: "Minhas empresas" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Minhas empresas" })).toBeVisible();
  await admin.getByRole("button", { name: "Cadastrar empresa" }).click();
  await admin.getByLabel("Razão social").fill("Casa Nova Imóveis Ltda.");
  await admin.getByLabel("CNPJ").fill("12abc34501de35");
  await expect(admin.getByLabel("CNPJ")).toHaveValue(/12\.?ABC\.?345\/?01DE-?35/);
  await fillAddress(admin);
  await admin.getByLabel("Seu cargo na empresa").fill("sócia-administradora");
  await choose(admin, "Documento que dá poderes", "Contrato social");
  const chooser = admin.waitForEvent("filechooser");
  await admin.getByRole("button", { name: "Enviar documento" }).first().click();
  await (await chooser).setFiles({
    name: "contrato-social.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(await makePdf()),
  });
  await expect(admin.getByText("contrato-social.pdf")).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/agencies-company-form.png`, fullPage: true });
  await noOverflow(admin, "the company form");
  await admin.getByRole("button", { name: "Salvar empresa" }).click();
  await expect(admin.getByText("CNPJ 12.ABC.345/01DE-35")).toBeVisible();
  await noOverflow(admin, "the companies list");

  // 2. Her imobiliária.
  await admin.getByTestId("account-menu").click();
  await admin.getByRole("menuitem", { name: "Imobiliária" }).click();
  await expect(admin.getByRole("heading", { name: "O que é uma imobiliária na Chave" })).toBeVisible();
  const cnpj = CNPJ.fake({ alphanumeric: false }).toString();
  await admin.getByLabel("Razão social").fill("Casa Nova Imóveis S/A");
  await admin.getByLabel("Nome fantasia", { exact: false }).fill("Casa Nova");
  await admin.getByLabel("CNPJ").fill(cnpj);
  await fillAddress(admin);
  await admin.getByLabel("Número do CRECI").fill("12345-J");
  await choose(admin, "UF do conselho regional", "SP");
  await noOverflow(admin, "the agency form");
  await admin.getByRole("button", { name: "Criar imobiliária" }).click();
  await expect(admin.getByText("Seu papel: Administração")).toBeVisible();

  // 3. She invites a corretor by e-mail.
  await admin.getByLabel("E-mail").fill(people.broker.email);
  await choose(admin, "Papel", "Corretagem");
  await admin.getByRole("button", { name: "Enviar convite" }).click();
  await expect(admin.getByText(`Convite enviado para ${people.broker.email}.`)).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/agencies-admin.png`, fullPage: true });
  await noOverflow(admin, "the agency as its administrador sees it");
  const link = await fromOutbox(people.broker.email, /(https?:\/\/[^\s"<>]+\/Imobiliaria)/);
  expect(new URL(link).pathname).toBe("/Imobiliaria");

  // 4. He signs up with that e-mail and accepts it where the e-mail points.
  await signUpInBrowser(broker, { name: "Rafael Nunes", email: people.broker.email, password: PASSWORD });
  await broker.goto("/Imobiliaria");
  await expect(
    broker.getByText("Helena Prado convidou você para a equipe de Casa Nova (corretagem)."),
  ).toBeVisible();
  await noOverflow(broker, "an invitation");
  await broker.getByRole("button", { name: "Aceitar" }).click();
  await expect(broker.getByText("Seu papel: Corretagem")).toBeVisible();
  // A corretor sees the team and cannot invite nor change roles.
  await expect(broker.getByRole("button", { name: "Enviar convite" })).toHaveCount(0);
  await expect(broker.getByRole("button", { name: "Mudar papel" })).toHaveCount(0);
  await broker.screenshot({ path: `${SHOTS}/agencies-broker.png`, fullPage: true });
  await noOverflow(broker, "the agency as a corretor sees it");

  // 5. The administradora sees him in the team, live on her next visit.
  await admin.reload();
  await expect(admin.getByText("Rafael Nunes")).toBeVisible();
  await expect(admin.getByText("Convites pendentes")).toHaveCount(0);

  await adminCtx.close();
  await brokerCtx.close();
});
