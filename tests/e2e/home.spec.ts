import type { Browser, Locator, Page } from "@playwright/test";
import { proposalBodyOf } from "../support/bodies";
import { clipped } from "./axe";
import { expect, test } from "./fixtures";
import { newEmail, signUpInBrowser, watchPage } from "./helpers";
import { completeProfile, publishOffer } from "./market";

/*
 * Issue 29 (2, 4): on a phone the home leads with the search, signed in or not, and tells each
 * person what awaits them — the landlord, after approving, that the contract waits for her review.
 */

const PHONE = { width: 390, height: 844 };
const PASSWORD = "Pão de queijo na chapa 29";
const SHOTS = "test-results/home";

/** A new account, signed in, in a phone-sized browser of its own; with its data complete when asked. */
async function person(browser: Browser, name: string, complete = false): Promise<Page> {
  const ctx = await browser.newContext({ viewport: PHONE });
  const page = await ctx.newPage();
  await signUpInBrowser(page, { name, email: newEmail("home"), password: PASSWORD });
  if (complete) await completeProfile(page.request, name);
  return page;
}

/** Whether the element starts on the first screen with at least `shown` pixels of it in sight. */
async function onFirstScreen(element: Locator, shown = 60) {
  const box = await element.boundingBox();
  if (!box) throw new Error("not drawn");
  expect(box.y, "starts below the first screen").toBeLessThanOrEqual(PHONE.height - shown);
  expect(box.y).toBeGreaterThanOrEqual(0);
}

const placeBox = (page: Page) =>
  page.getByRole("search", { name: "Onde você quer morar?" }).locator("input").first();

test("signed out on a phone, the place box and the first result are on the first screen", async ({
  browser,
}) => {
  const landlord = await person(browser, "Joana Ribeiro Matos", true);
  await publishOffer(landlord);
  const ctx = await browser.newContext({ viewport: PHONE });
  const page = await ctx.newPage();
  const problems = watchPage(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alugue com a chave na mão");
  await expect(placeBox(page)).toBeVisible();
  const first = page.getByTestId("result").first();
  await expect(first).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/signed-out.png` });
  expect(await clipped(page, "the home, signed out")).toEqual([]);
  await onFirstScreen(placeBox(page));
  await onFirstScreen(first);
  // The ways in stay one tap away, in the header, without pushing the search down.
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Entrar" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Criar conta" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);

  // The server's snapshot (before any JavaScript) puts the first result where the app does, so
  // nothing moves when the app takes over.
  const drawn = (await first.boundingBox())?.y ?? -1;
  const plain = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const snapshot = await plain.newPage();
  await snapshot.goto("/");
  await expect(snapshot.locator("#prerender .pr-where")).toContainText("Onde você quer morar?");
  await snapshot.screenshot({ path: `${SHOTS}/snapshot.png` });
  const served = (await snapshot.locator("#prerender .pr-card").first().boundingBox())?.y ?? -100;
  expect(Math.abs(served - drawn), `snapshot ${served} px, app ${drawn} px`).toBeLessThanOrEqual(4);
});

test("signed in as a tenant with no units, the home is not a call to advertise and shows listings first", async ({
  browser,
}) => {
  const landlord = await person(browser, "Joana Ribeiro Matos", true);
  await publishOffer(landlord);
  const tenant = await person(browser, "Rafael Conceição Lima");
  const problems = watchPage(tenant);
  await tenant.goto("/");
  await expect(tenant.getByRole("heading", { name: "Olá, Rafael!" })).toBeVisible();
  // "Anunciar imóvel" is a quiet link, not the highlighted action; nothing else is highlighted.
  const advertise = tenant.getByRole("link", { name: "Anunciar imóvel" });
  await expect(advertise).toBeVisible();
  await expect(advertise).not.toHaveClass(/mantine-Button-root/);
  await expect(tenant.getByTestId("greeting").locator(".mantine-Button-root")).toHaveCount(0);
  const first = tenant.getByTestId("result").first();
  await expect(first).toBeVisible();
  await tenant.screenshot({ path: `${SHOTS}/signed-in-tenant.png` });
  expect(await clipped(tenant, "the tenant's home")).toEqual([]);
  await onFirstScreen(placeBox(tenant));
  await onFirstScreen(first);
  expect(problems).toEqual([]);
});

test("after approving a proposal, the landlord's home says to review and send the contract, and leads to the review", async ({
  browser,
}) => {
  const landlord = await person(browser, "Marta Alves Pereira", true);
  const tenant = await person(browser, "Caio Nogueira Santos", true);
  const offerId = await publishOffer(landlord);
  const proposal = await tenant.request.post("/api/proposals", {
    data: proposalBodyOf(offerId, "seguro_fianca", { aluguel: 280000 }),
  });
  expect(proposal.status()).toBe(201);
  const proposalId = ((await proposal.json()) as { id: string }).id;
  const approved = await landlord.request.post(`/api/proposals/${proposalId}/actions`, {
    data: { action: "approve" },
  });
  expect(approved.status()).toBe(200);

  const problems = watchPage(landlord);
  await landlord.goto("/");
  const task = landlord
    .getByRole("navigation", { name: "O que espera por você" })
    .getByRole("link", { name: "Revise e envie o contrato para assinatura" });
  await expect(task).toBeVisible();
  // First on the screen, before the search, and the search still on the first screen.
  await onFirstScreen(task);
  await onFirstScreen(placeBox(landlord));
  // A landlord with units is led to them.
  await expect(landlord.getByTestId("greeting").getByRole("link", { name: "Meus imóveis" })).toBeVisible();
  await landlord.screenshot({ path: `${SHOTS}/signed-in-landlord.png` });
  // The task is said in full, never cut short at the screen's edge.
  expect(await clipped(landlord, "the landlord's home")).toEqual([]);
  await task.click();
  await expect(landlord).toHaveURL(/\/Clicksign\?contrato=[0-9a-f-]{36}$/);
  await expect(landlord.getByTestId("contract-state")).toHaveText("Em revisão");
  await expect(
    landlord.getByTestId("contract-review").getByRole("button", { name: "Enviar para assinatura" }),
  ).toBeVisible();

  // The tenant has nothing to review: the landlord is reviewing.
  await tenant.goto("/");
  await expect(tenant.getByRole("heading", { name: "Olá, Caio!" })).toBeVisible();
  await expect(tenant.getByRole("link", { name: /Revise e envie/ })).toHaveCount(0);
  expect(problems).toEqual([]);
});
