import { entryDate, proposalBodyOf } from "../support/bodies";
import { expect, test } from "./fixtures";
import { newEmail, signUpInBrowser, watchPage } from "./helpers";
import { completeProfile, publishOffer } from "./market";

const PASSWORD = "Ipê amarelo na varanda 42";

test("landlord and tenant chat live, see receipts and unread counts, keep what was sent across a reconnect, and see a decision without reloading", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const viewport = { width: 390, height: 844 };
  const landlordCtx = await browser.newContext({ viewport });
  const tenantCtx = await browser.newContext({ viewport });
  const landlord = await landlordCtx.newPage();
  const tenant = await tenantCtx.newPage();
  const problems = [...watchPage(landlord), ...watchPage(tenant)];
  let alerted = false;
  for (const p of [landlord, tenant])
    p.on("dialog", (d) => {
      alerted = true;
      void d.dismiss();
    });

  await signUpInBrowser(landlord, { name: "Helena Prado", email: newEmail("locadora"), password: PASSWORD });
  await completeProfile(landlord.request, "Helena Prado Souza");
  const offerId = await publishOffer(landlord);
  await signUpInBrowser(tenant, { name: "Otávio Reis", email: newEmail("inquilino"), password: PASSWORD });
  await completeProfile(tenant.request, "Otávio Reis Campos");
  const created = await tenant.request.post("/api/proposals", {
    data: proposalBodyOf(offerId, "seguro_fianca", { aluguel: 270000, renda: 1_100_000 }),
  });
  expect(created.status()).toBe(201);
  const proposalId = ((await created.json()) as { id: string }).id;

  // The landlord waits on the conversation list; the tenant opens the thread from theirs.
  await landlord.goto("/Message");
  await expect(landlord.getByTestId("conversation")).toHaveCount(1);
  await tenant.goto("/Message");
  await tenant.getByTestId("conversation").click();
  await expect(tenant).toHaveURL(new RegExp(`/Message/${proposalId}$`));

  const hostile =
    'Podemos visitar sábado? <img src=x onerror="alert(1)"> planta: https://exemplo.com.br/planta.pdf';
  await tenant.getByTestId("message-input").fill(hostile);
  await tenant.getByTestId("message-send").click();
  await expect(tenant.getByTestId("message-mine")).toHaveCount(1);
  await expect(tenant.getByTestId("message-input")).toHaveValue("");

  // It arrives on the landlord's screen without a reload: unread in the list and in the header.
  const row = landlord.getByTestId("conversation");
  await expect(row).toContainText("1 não lida");
  await expect(landlord.getByTestId("unread-count")).toHaveAttribute("data-unread", "1");
  await row.click();
  const theirs = landlord.getByTestId("message-theirs");
  await expect(theirs).toHaveCount(1);
  // Shown as text, never as HTML; the link is a link that opens apart and passes nothing along.
  await expect(theirs.getByTestId("message-text")).toHaveText(hostile);
  expect(await theirs.locator("img").count()).toBe(0);
  const link = theirs.getByRole("link", { name: "https://exemplo.com.br/planta.pdf" });
  await expect(link).toHaveAttribute("rel", /noopener/);
  await expect(link).toHaveAttribute("target", "_blank");
  // Reading it clears the count and the tenant sees the receipt, live.
  await expect(landlord.getByTestId("unread-count")).toHaveAttribute("data-unread", "0");
  await expect(tenant.getByTestId("read-receipt")).toHaveCount(1);

  await landlord.getByTestId("message-input").fill("Pode sim, às 10h.");
  await landlord.getByTestId("message-input").press("Enter");
  await expect(tenant.getByTestId("message-theirs")).toContainText("Pode sim, às 10h.");

  // The tenant loses the connection; what the landlord sends meanwhile arrives after it returns.
  await tenantCtx.setOffline(true);
  await tenant.waitForTimeout(1_000);
  await landlord.getByTestId("message-input").fill("Confirmado: sábado às 10h, portaria do prédio.");
  await landlord.getByTestId("message-send").click();
  await expect(landlord.getByTestId("message-mine")).toHaveCount(2);
  await tenant.waitForTimeout(1_500);
  // Offline, nothing came through: the stream really was cut.
  await expect(tenant.getByTestId("message-theirs")).toHaveCount(1);
  await tenantCtx.setOffline(false);
  await expect(tenant.getByTestId("message-theirs")).toHaveCount(2, { timeout: 15_000 });
  await expect(tenant.getByTestId("message-theirs").last()).toContainText("portaria do prédio");

  // A decision appears on the other side without a reload.
  await tenant.goto(`/PropostaEnviada?id=${proposalId}`);
  await expect(tenant.getByText("Com a parte locadora").first()).toBeVisible();
  const countered = await landlord.request.post(`/api/proposals/${proposalId}/actions`, {
    data: {
      action: "counter",
      termos: { aluguel: 285000, dataEntrada: entryDate(), prazoMeses: 30, garantia: "seguro_fianca" },
      mensagem: "Fecho por R$ 2.850.",
    },
  });
  expect(countered.status()).toBe(200);
  await expect(tenant.getByText("Contraproposta").first()).toBeVisible({ timeout: 10_000 });
  await expect(tenant.getByText("Fecho por R$ 2.850.").first()).toBeVisible();

  expect(alerted).toBe(false);
  expect(problems).toEqual([]);
  await landlordCtx.close();
  await tenantCtx.close();
});

test("a stranger cannot open someone else's conversation", async ({ page }) => {
  await signUpInBrowser(page, { name: "Sofia Lima", email: newEmail("estranha"), password: PASSWORD });
  await page.goto("/Message/8a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d");
  await expect(page.getByText("Conversa não encontrada, ou você não participa dela.")).toBeVisible();
  await page.goto("/Message");
  await expect(page.getByText(/Nenhuma conversa ainda/)).toBeVisible();
});
