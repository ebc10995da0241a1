import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newEmail, signUpInBrowser } from "./helpers";
import { completeProfile, publishOffer } from "./market";

/*
 * Issue 29 (3): the search understands what the suggestions understand. A visitor on a phone types
 * a place with a slip in the one place box and presses Buscar without picking a suggestion.
 */

const PHONE = { width: 390, height: 844 };
const PASSWORD = "Ipê amarelo na varanda 42";
const SAO_PAULO = {
  cep: "05422-010",
  logradouro: "Rua dos Pinheiros",
  numero: "870",
  cidade: "São Paulo",
  uf: "SP",
};

test.use({ viewport: PHONE });

/** The place box once its suggestions have loaded (a plain input stands in until then). */
async function placeBox(page: Page) {
  const box = page.getByRole("search", { name: "Onde você quer morar?" }).getByRole("combobox");
  await expect(box).toBeVisible();
  return box;
}

/** Types `text` in the place box in place of what it held, and presses Buscar. */
async function searchFor(page: Page, text: string) {
  const box = await placeBox(page);
  await box.fill("");
  await box.pressSequentially(text, { delay: 20 });
  await page.getByTestId("place-search").click();
}

test("a visitor's 'Sao Paolo' and 'Pinheros', with Buscar and no suggestion picked, find São Paulo and Pinheiros", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A landlord's two offers in São Paulo: one in Pinheiros, one in Moema.
  await signUpInBrowser(page, {
    name: "Lúcia Pinheiro Alves",
    email: newEmail("landlord"),
    password: PASSWORD,
  });
  await completeProfile(page.request, "Lúcia Pinheiro Alves");
  await publishOffer(page, { ...SAO_PAULO, bairro: "Pinheiros" });
  await publishOffer(page, {
    ...SAO_PAULO,
    cep: "04077-000",
    logradouro: "Avenida Ibirapuera",
    bairro: "Moema",
  });

  const context = await browser.newContext({ viewport: PHONE });
  const visitor = await context.newPage();
  await visitor.goto("/");
  await expect(visitor.locator("#prerender")).toHaveCount(0);
  // The place box is on the first screen, and the results right after it.
  const box = await placeBox(visitor);
  const boxAt = await box.boundingBox();
  expect(boxAt && boxAt.y + boxAt.height).toBeLessThan(PHONE.height);
  const firstResult = visitor.getByTestId("result").first();
  await expect(firstResult).toBeVisible();
  const resultAt = await firstResult.boundingBox();
  expect(resultAt?.y).toBeLessThan(PHONE.height);

  // The suggestion understands the slip…
  await box.pressSequentially("Sao Paolo", { delay: 20 });
  await expect(visitor.getByRole("option", { name: /^São Paulo – SP · \d+ ofertas?$/ })).toBeVisible();
  // …and so does Buscar, without picking it.
  await visitor.getByTestId("place-search").click();
  await expect(visitor).toHaveURL(/[?&]cidade=Sao\+Paolo/);
  await expect(visitor.getByTestId("correction")).toContainText("Mostrando resultados para São Paulo – SP");
  await expect(visitor.getByTestId("result").first()).toContainText("São Paulo");
  const cities = await visitor.getByTestId("result").allTextContents();
  for (const text of cities) expect(text).toContain("São Paulo");

  // The way back to what was typed: nothing exactly so, and São Paulo offered as the alternative.
  await visitor.getByRole("link", { name: "Buscar exatamente por “Sao Paolo”" }).click();
  await expect(visitor.getByTestId("result-count")).toHaveText("Nenhum imóvel encontrado");
  const alternative = visitor.getByTestId("alternatives").getByRole("link", { name: /^São Paulo – SP · / });
  await expect(alternative).toBeVisible();
  await alternative.click();
  await expect(visitor.getByTestId("result").first()).toContainText("São Paulo");

  // A bairro with a slip, typed in the same box.
  await searchFor(visitor, "Pinheros");
  await expect(visitor.getByTestId("correction")).toContainText(
    "Mostrando resultados para Pinheiros, São Paulo – SP",
  );
  const bairros = await visitor.getByTestId("result").allTextContents();
  expect(bairros.length).toBeGreaterThan(0);
  for (const text of bairros) expect(text).toContain("Pinheiros");
  await visitor.screenshot({ path: test.info().outputPath("pinheros-390.png") });
  await context.close();
});
