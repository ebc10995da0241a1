import { randomBytes } from "node:crypto";
import { audit, clipped, settled } from "./axe";
import { expect, test } from "./fixtures";
import { fromOutbox, newEmail, signUpInBrowser, watchPage } from "./helpers";
import { completeProfile, publishOffer } from "./market";

/*
 * Issue 16 as a tenant lives it, on a phone: a search saved from the home page, forgotten, and a
 * home that fits appears (the bell says so, live); kept as a favourite, it gets cheaper (told
 * again); the history shows each version of the search.
 */

const PASSWORD = "Ipê amarelo na varanda 42";
const PHONE = { width: 390, height: 844 };

test("a tenant saves a search, is told live of a fitting offer and of a favourite's price drop, and sees the history", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const city = `Itaúna ${randomBytes(3).toString("hex")}`;
  const tenantCtx = await browser.newContext({ viewport: PHONE });
  const tenant = await tenantCtx.newPage();
  const problems = watchPage(tenant);
  const tenantEmail = newEmail("buscas");
  await signUpInBrowser(tenant, { name: "Bruna Lima", email: tenantEmail, password: PASSWORD });

  // From the home search, with its filters in the URL: "Salvar esta busca".
  await tenant.goto(`/?cidade=${encodeURIComponent(city)}&precoMax=4000`);
  await tenant.getByTestId("save-search").click();
  await expect(tenant).toHaveURL(/\/preferences\?/);
  const form = tenant.getByTestId("new-search");
  await expect(form.getByLabel("Preço máximo")).toHaveValue("R$ 4.000");
  await expect(form).toContainText(city);
  await form.getByRole("textbox", { name: "Nome da busca" }).fill("Perto do trabalho");
  await form.getByRole("button", { name: "Salvar busca" }).click();
  const card = tenant.getByTestId("saved-search");
  await expect(card).toContainText("Perto do trabalho");
  await expect(card.getByTestId("match-count")).toHaveText("Nenhuma oferta publicada combina agora");
  await expect(tenant.getByTestId("notice-count")).toHaveAttribute("data-unread", "0");
  await settled(tenant);
  expect(await audit(tenant, "/preferences with a saved search")).toEqual([]);
  expect(await clipped(tenant, "/preferences with a saved search")).toEqual([]);

  // A landlord publishes a home in that city, for R$ 3.520 a month: the bell says so, live.
  const landlordCtx = await browser.newContext();
  const landlord = await landlordCtx.newPage();
  await signUpInBrowser(landlord, { name: "Helena Prado", email: newEmail("anuncia"), password: PASSWORD });
  await completeProfile(landlord.request, "Helena Castro Prado");
  const offerId = await publishOffer(landlord, { cidade: city, uf: "MG", bairro: "Centro" });
  await expect(tenant.getByTestId("notice-count")).toHaveAttribute("data-unread", "1", { timeout: 20_000 });
  await expect(card.getByTestId("match-count")).toHaveText("1 oferta publicada combina agora");
  // And by e-mail, at once (the default), with its one-click unsubscribe.
  expect(await fromOutbox(tenantEmail, /(Apartamento no bairro Centro, Ita[^\n]+por mês\.)/)).toContain(
    "R$ 3.520,00",
  );
  expect(await fromOutbox(tenantEmail, /^(List-Unsubscribe-Post: .+)$/m)).toBe(
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
  );
  await tenant.getByRole("button", { name: "Avisos: 1 não lido" }).click();
  const notice = tenant.getByTestId("notice").first();
  await expect(notice).toContainText("Nova oferta para “Perto do trabalho”");
  await expect(notice).toContainText("Apartamento no bairro Centro");
  expect(await audit(tenant, "the bell's notices", { outline: false })).toEqual([]);
  await notice.click();
  await expect(tenant).toHaveURL(new RegExp(`/AluguelOferta\\?id=${offerId}`));
  await expect(tenant.getByTestId("notice-count")).toHaveAttribute("data-unread", "0");

  // She keeps it; the landlord lowers the rent: told again.
  await tenant.getByRole("button", { name: "Guardar nos favoritos" }).click();
  await expect(tenant.getByRole("button", { name: "Tirar dos favoritos" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const lowered = await landlord.request.put(`/api/offers/${offerId}`, {
    data: {
      aluguel: 250000,
      condominio: 60000,
      iptu: 9000,
      seguroIncendio: 3000,
      garantias: ["seguro_fianca", "fiador"],
      disponivelEm: "2026-12-10",
      descricao: "",
    },
  });
  expect(lowered.status()).toBe(200);
  await expect(tenant.getByTestId("notice-count")).toHaveAttribute("data-unread", "1", { timeout: 20_000 });
  await tenant.getByRole("button", { name: "Avisos: 1 não lido" }).click();
  await expect(tenant.getByTestId("notice").first()).toContainText(
    "De R$ 3.520,00 para R$ 3.220,00 por mês.",
  );
  await tenant.keyboard.press("Escape");

  // Her favourites list it; she pauses the search; the history shows both versions.
  await tenant.goto("/preferences/favoritos");
  await expect(tenant.getByTestId("favorite-offer")).toContainText("Apartamento no bairro Centro");
  await tenant.goto("/preferences");
  await tenant.getByRole("switch", { name: "Receber avisos desta busca" }).click({ force: true });
  await expect(tenant.getByTestId("saved-search")).toHaveAttribute("data-paused", "yes");
  await tenant.goto("/PreferencesHist");
  const versions = tenant.getByTestId("version");
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText("Pausou a busca “Perto do trabalho”");
  await expect(versions.nth(1)).toContainText("Criou a busca “Perto do trabalho”");
  await settled(tenant);
  expect(await audit(tenant, "/PreferencesHist")).toEqual([]);
  expect(await clipped(tenant, "/PreferencesHist")).toEqual([]);

  // How she is told: a daily digest at 19h for new offers.
  await tenant.goto("/preferences2");
  const matches = tenant.getByRole("radiogroup", { name: "Novas ofertas para as minhas buscas" });
  await matches.getByRole("radio", { name: "No app e num resumo diário por e-mail" }).check();
  await tenant.getByRole("combobox", { name: "Hora do resumo diário" }).click();
  await tenant.getByRole("option", { name: "19h" }).click();
  await tenant.getByRole("button", { name: "Salvar" }).click();
  await expect(tenant.getByText("Preferências de aviso salvas.")).toBeVisible();
  await settled(tenant);
  expect(await audit(tenant, "/preferences2")).toEqual([]);
  expect(await clipped(tenant, "/preferences2")).toEqual([]);
  await tenant.goto("/PreferencesHist");
  await expect(tenant.getByTestId("version").first()).toContainText(
    "Novas ofertas: por e-mail na hora → no resumo diário",
  );
  expect(problems).toEqual([]);
  await landlordCtx.close();
  await tenantCtx.close();
});
