import type { Browser } from "@playwright/test";
import { routes } from "../../src/shared/routes";
import { proposalBodyOf } from "../support/bodies";
import { makePng } from "../support/files";
import { audit, clipped, settled } from "./axe";
import { expect, test } from "./fixtures";
import { newEmail, signUpInBrowser } from "./helpers";
import { completeProfile, publishOffer, upload } from "./market";

/*
 * Accessibility as a test (issue 15): axe-core on every screen of the route table, signed out and
 * signed in, at phone and desktop size and on a phone in dark mode; any serious or critical
 * violation fails, named with the page, the run and the element, and so does a page without
 * exactly one main landmark and one h1. Screens that need an id get one from a small market set up
 * through the API. A toast is opened too, since its close button is part of every screen. The
 * proposal flow's dialogs and the signing ceremony are audited by the keyboard walk
 * (keyboard.spec.ts). At phone size each screen must also fit: nothing scrolls sideways, reaches
 * past the edge or is cut with "…", and a visitor's first result shows on the first screen.
 */

const PASSWORD = "Ipê amarelo na varanda 42";
const PHONE = { width: 390, height: 844 };
/**
 * Each run: a size, and the colour scheme (the app follows the device's, so a phone in dark mode
 * gets the dark theme); `name` is the tenant's new name for the toast, other than the last run's.
 * The dark run is the light phone run's pages in other colours (the same markup and layout): it
 * checks only what colours decide (`COLOUR_RULES`), and each run took about 2.8 minutes whole.
 */
const RUNS = {
  phone: { viewport: PHONE, colorScheme: "light", name: "Caio Martins Rocha", colours: false },
  desktop: {
    viewport: { width: 1280, height: 800 },
    colorScheme: "light",
    name: "Caio Rocha Martins",
    colours: false,
  },
  "phone, dark": { viewport: PHONE, colorScheme: "dark", name: "Caio Martins da Rocha", colours: true },
} as const;
/** axe's rules whose outcome depends on the colours: text contrast, and links told apart by colour. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
type Run = keyof typeof RUNS;

interface Market {
  tenant: { email: string };
  landlord: { email: string };
  offerId: string;
  proposalId: string;
  documentId: string;
}

async function signedIn(browser: Browser, run: Run, email: string) {
  const { viewport, colorScheme } = RUNS[run];
  const ctx = await browser.newContext({ viewport, colorScheme });
  const page = await ctx.newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByTestId("account-menu")).toBeVisible();
  return { ctx, page };
}

/** Each screen's path with what it needs to show something (an id, a query). */
function pathsOf(m: Market, who: "visitor" | "tenant" | "landlord"): string[] {
  const withIds: Record<string, string> = {
    "/AluguelOferta": `/AluguelOferta?id=${m.offerId}`,
    "/AluguelOfertaOLD": `/AluguelOfertaOLD?id=${m.offerId}`,
    "/AluguelProposta": `/AluguelProposta?oferta=${m.offerId}`,
    "/PropostaEnviada": `/PropostaEnviada?id=${m.proposalId}`,
    "/AprovarProposta": `/AprovarProposta?id=${m.proposalId}`,
    "/ViewDocument": `/ViewDocument?id=${m.documentId}`,
    "/Message": `/Message/${m.proposalId}`,
  };
  return routes
    .filter((r) => r.screen)
    .filter((r) =>
      who === "visitor" ? r.access !== "signed-in" : r.access !== "signed-out" && r.path !== "/logoff",
    )
    .filter((r) => who !== "landlord" || !["/AluguelProposta", "/PropostaEnviada"].includes(r.path))
    .filter((r) => who !== "tenant" || r.path !== "/AprovarProposta")
    .filter((r) => who !== "visitor" || r.path !== "/logoff")
    .map((r) => withIds[r.path] ?? r.path)
    .concat(
      // Pages a visitor reaches from a link: a contract's page asks them to sign in and says why;
      // the offer page without an offer sends them to the search.
      who === "visitor" ? [`/Clicksign?contrato=${m.proposalId}`, "/AluguelOferta"] : [],
    );
}

let market: Market;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const ctx = await browser.newContext();
  const landlordPage = await ctx.newPage();
  const landlord = { email: newEmail("a11y-locador") };
  await signUpInBrowser(landlordPage, { name: "Lúcia Andrade", email: landlord.email, password: PASSWORD });
  await completeProfile(landlordPage.request, "Lúcia Andrade Moreira");
  const offerId = await publishOffer(landlordPage);
  await ctx.close();

  const tenantCtx = await browser.newContext();
  const tenantPage = await tenantCtx.newPage();
  const tenant = { email: newEmail("a11y-inquilino") };
  await signUpInBrowser(tenantPage, { name: "Caio Martins", email: tenant.email, password: PASSWORD });
  await completeProfile(tenantPage.request, "Caio Martins Rocha");
  const documentId = await upload(tenantPage.request, makePng(300, 200, [200, 120, 90]), {
    filename: "rg.png",
    kind: "rg_frente",
    folder: "perfil",
  });
  const proposal = await tenantPage.request.post("/api/proposals", {
    data: proposalBodyOf(offerId, "seguro_fianca", {
      aluguel: 270000,
      renda: 1_100_000,
      documentos: [documentId],
    }),
  });
  expect(proposal.status()).toBe(201);
  const proposalId = ((await proposal.json()) as { id: string }).id;
  await tenantCtx.close();
  market = { tenant, landlord, offerId, proposalId, documentId };
});

for (const run of Object.keys(RUNS) as Run[]) {
  test(`no serious or critical axe finding on any screen, signed out and signed in, ${run}`, async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const findings: string[] = [];

    const { viewport, colorScheme, name, colours } = RUNS[run];
    const visitorCtx = await browser.newContext({ viewport, colorScheme });
    const visitor = await visitorCtx.newPage();
    // Whether what is cut off on a phone is checked: in the light phone run (the dark one is the same layout).
    const phone = viewport.width === PHONE.width && !colours;
    const options = colours ? { outline: false, rules: COLOUR_RULES } : {};
    for (const path of pathsOf(market, "visitor")) {
      await visitor.goto(path);
      await settled(visitor);
      findings.push(...(await audit(visitor, `visitor ${path}`, options)));
      if (phone) findings.push(...(await clipped(visitor, `visitor ${path}`)));
      if (phone && path === "/") {
        // A visitor who comes to search sees the first result on the first screen.
        const first = await visitor.getByTestId("result").first().boundingBox();
        if (!first || first.y >= PHONE.height)
          findings.push(
            `visitor /: the first result starts at ${first?.y ?? "nowhere"} px, below the first screen`,
          );
      }
    }
    await visitorCtx.close();

    for (const who of ["tenant", "landlord"] as const) {
      const { ctx, page } = await signedIn(browser, run, market[who].email);
      for (const path of pathsOf(market, who)) {
        await page.goto(path);
        await settled(page);
        findings.push(...(await audit(page, `${who} ${path}`, options)));
        if (phone) findings.push(...(await clipped(page, `${who} ${path}`)));
      }
      if (who === "tenant") {
        // A toast, as every action shows one: its close button must be named.
        await page.goto("/Config");
        await settled(page);
        // A name other than the one saved (the run before saved its own), so Salvar is on.
        await page.getByRole("textbox", { name: "Nome", exact: true }).fill(name);
        await page.getByRole("button", { name: "Salvar nome" }).click();
        await expect(page.locator(".mantine-Notification-root")).toBeVisible();
        findings.push(...(await audit(page, "tenant /Config with a toast", options)));
      }
      await ctx.close();
    }
    if (findings.length > 0) console.log(findings.join("\n"));
    expect(findings, findings.join("\n")).toEqual([]);
  });
}
