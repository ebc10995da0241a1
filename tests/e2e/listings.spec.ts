import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { makePng } from "../support/files";
import { expect, test } from "./fixtures";
import { newEmail, signUpInBrowser, watchPage } from "./helpers";
import { completeProfile } from "./market";

const PASSWORD = "Ipê amarelo na varanda 42";

async function results(page: Page, path: string) {
  await page.goto(path);
  // A visitor's / first shows the server's snapshot; the app takes its place (decision 025).
  await expect(page.locator("#prerender")).toHaveCount(0);
  await expect(page.getByText("Imóveis para alugar")).toBeVisible();
  await expect(page.getByRole("progressbar").or(page.locator(".mantine-Loader-root"))).toHaveCount(0);
  return page.getByTestId("result");
}

test("a landlord lists a unit with a photo and an offer; a visitor finds it by every filter and in every layout", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const problems = watchPage(page);
  const tag = `ipezinho${randomBytes(3).toString("hex")}`;
  await signUpInBrowser(page, {
    name: "Helena Castro Prado",
    email: newEmail("landlord"),
    password: PASSWORD,
  });

  // The unit.
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "Meus imóveis" }).click();
  await expect(page.getByRole("heading", { name: "Meus imóveis" })).toBeVisible();
  await page.getByRole("link", { name: "Cadastrar imóvel" }).click();
  await page.getByLabel("CEP").fill("13025-000");
  await page.getByLabel("Cidade").fill("Campinas");
  await page.getByLabel("Logradouro").fill("Rua Coronel Quirino");
  await page.getByLabel("Número", { exact: true }).fill("1200");
  await page.getByLabel("Bairro").fill("Cambuí");
  await page.getByLabel("Área (m²)").fill("82");
  await page.getByLabel("Quartos").fill("3");
  await page.getByLabel("Banheiros").fill("2");
  await page.getByLabel("Vagas").fill("1");
  await page.getByLabel("Mobiliado").check();
  await page.getByLabel("Aceita animais de estimação").check();
  await page.getByLabel("Descrição").fill(`Apartamento claro com varanda gourmet, ${tag}.`);
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("unit-add-photos").click();
  await (await chooser).setFiles({
    name: "sala.png",
    mimeType: "image/png",
    buffer: makePng(800, 600, [200, 150, 90]),
  });
  await expect(page.getByTestId("unit-photos").getByRole("img", { name: "Foto 1 do imóvel" })).toBeVisible();
  await page.getByRole("button", { name: "Salvar imóvel" }).click();
  await expect(page.getByTestId("unit-card")).toContainText("Apartamento no bairro Cambuí");

  // The offer.
  await page.getByRole("link", { name: "Criar oferta" }).click();
  await expect(page.getByRole("heading", { name: "Nova oferta de aluguel" })).toBeVisible();
  // Publishing needs what the contract needs (decision 041): said before the form is filled.
  await expect(page.getByTestId("publish-needs")).toContainText(
    "Para publicar, o contrato precisa dos seus dados",
  );
  await page.getByLabel("Aluguel mensal (R$)").fill("2500");
  await page.getByLabel("Condomínio (R$/mês)").fill("450");
  await page.getByLabel("IPTU (R$/mês)").fill("90");
  await page.getByLabel("Seguro incêndio (R$/mês)").fill("35");
  await expect(page.getByTestId("pacote")).toHaveText("R$ 3.075,00");
  await page.getByLabel("Caução", { exact: true }).check();
  await page.getByRole("button", { name: "Salvar oferta" }).click();
  await expect(page.getByText("Com caução, informe de 1 a 3 meses de aluguel.")).toBeVisible();
  await page
    .getByRole("textbox", { name: "Caução (meses de aluguel)" })
    .or(page.getByRole("combobox", { name: "Caução (meses de aluguel)" }))
    .click();
  await page.getByRole("option", { name: "2" }).click();
  await page.getByRole("button", { name: "Salvar oferta" }).click();
  await expect(page).toHaveURL(/\/AluguelOferta\?id=[0-9a-f-]{36}$/);
  await expect(page.getByTestId("offer-status")).toHaveText("Rascunho");
  // No "Publicar" the server would refuse: the way to the profile, and back here.
  await expect(page.getByRole("button", { name: "Publicar" })).toHaveCount(0);
  await expect(
    page.getByTestId("publish-needs").getByRole("link", { name: "Completar meus dados" }),
  ).toHaveAttribute(
    "href",
    `/profile?next=${encodeURIComponent(new URL(page.url()).pathname + new URL(page.url()).search)}`,
  );
  await completeProfile(page.request, "Helena Castro Prado");
  await page.reload();
  await expect(page.getByTestId("publish-needs")).toHaveCount(0);
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page.getByTestId("offer-status")).toHaveText("Publicada");
  const offerUrl = new URL(page.url());
  expect(problems).toEqual([]);

  // A visitor, signed out.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await context.newPage();
  const byFilter: Record<string, string> = {
    texto: `q=${tag}`,
    uf: `q=${tag}&uf=SP`,
    cidade: `q=${tag}&cidade=campinas`,
    bairro: `q=${tag}&bairro=Cambui`,
    preço: `q=${tag}&precoMin=3000&precoMax=3100`,
    quartos: `q=${tag}&quartos=3`,
    tipo: `q=${tag}&tipo=apartamento`,
    pets: `q=${tag}&pets=true`,
    mobiliado: `q=${tag}&mobiliado=true`,
  };
  for (const [filter, qs] of Object.entries(byFilter)) {
    const found = await results(visitor, `/?${qs}`);
    await expect(found, filter).toHaveCount(1);
  }
  for (const qs of [
    `q=${tag}&quartos=4`,
    `q=${tag}&precoMax=3000`,
    `q=${tag}&uf=RJ`,
    `q=${tag}&mobiliado=false`,
  ]) {
    await results(visitor, `/?${qs}`);
    await expect(visitor.getByText("Nenhum imóvel encontrado"), qs).toBeVisible();
  }
  for (const [path, layout] of [
    ["/", "cards"],
    ["/v1", "list"],
    ["/v2", "grid"],
    ["/v3", "cards"],
    ["/v4", "table"],
  ] as const) {
    const found = await results(visitor, `${path}?q=${tag}`);
    await expect(visitor.getByTestId(`results-${layout}`), path).toBeVisible();
    await expect(found, path).toHaveCount(1);
  }
  await visitor.getByTestId("result").getByRole("link").first().click();
  await expect(visitor).toHaveURL(`${offerUrl.pathname}${offerUrl.search}`);
  await expect(visitor.getByTestId("offer-title")).toHaveText("Apartamento no bairro Cambuí");
  await expect(visitor.getByTestId("advertiser")).toHaveText("Anunciado por Helena");
  await expect(visitor.getByTestId("offer-total")).toHaveText("R$ 3.075,00");
  await expect(visitor.getByText("Castro")).toHaveCount(0);
  await expect(visitor.getByTestId("gallery").getByRole("img").first()).toBeVisible();
  // On a phone, the proposal's button is in reach at once, and stays there while the page is read.
  await expect(visitor.getByTestId("make-proposal")).toBeInViewport();
  await visitor.mouse.wheel(0, 600);
  await expect(visitor.getByTestId("make-proposal")).toBeInViewport();
  await visitor.screenshot({ path: test.info().outputPath("offer-390.png") });
  await visitor.getByTestId("make-proposal").click();
  await expect(visitor).toHaveURL(/\/login\?next=%2FAluguelProposta%3Foferta%3D/);

  await visitor.goto(`/AluguelOfertaOLD${offerUrl.search}`);
  await expect(visitor.getByTestId("offer-old")).toBeVisible();
  await expect(visitor.getByTestId("offer-title")).toHaveText("Apartamento no bairro Cambuí");
  await expect(visitor.getByTestId("offer-total")).toHaveText("R$ 3.075,00");
  await expect(visitor.getByTestId("owner-tools")).toHaveCount(0);
  await context.close();

  // The owner's classic screen keeps the tools; closing takes the offer out of the search.
  await page.goto(`/AluguelOfertaOLD${offerUrl.search}`);
  await expect(page.getByTestId("owner-tools")).toBeVisible();
  await page.getByRole("button", { name: "Encerrar oferta" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Encerrar oferta" }).click();
  await expect(page.getByTestId("offer-status")).toHaveText("Encerrada");
  await results(page, `/?q=${tag}`);
  await expect(page.getByText("Nenhum imóvel encontrado")).toBeVisible();
});
