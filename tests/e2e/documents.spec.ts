import type { Page } from "@playwright/test";
import { makePdf, makePng } from "../support/files";
import { clipped } from "./axe";
import { expect, test } from "./fixtures";
import { newEmail, signUpInBrowser, watchPage } from "./helpers";

const PASSWORD = "Ipê amarelo na varanda 42";

/** Slows this page's uploads so that a person (or a test) can pause them mid-way. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

async function percentOf(page: Page): Promise<number> {
  const text = (await page.getByTestId("upload-percent").first().textContent()) ?? "";
  return Number(text.split("%")[0]);
}

test.describe("documents", () => {
  test.use({ viewport: { width: 390, height: 844 } }); // a phone

  test("a 5 MB PDF goes up with pause and resume, then opens in the viewer", async ({ page }) => {
    const problems = watchPage(page);
    await signUpInBrowser(page, { name: "Renata Lima", email: newEmail("pdf"), password: PASSWORD });
    await page.goto("/profile3");
    await expect(page.getByRole("heading", { name: "Meus documentos" })).toBeVisible();
    const slot = page.getByTestId("slot-comprovante_renda");
    await expect(slot.getByTestId("slot-status")).toHaveText("Não enviado");

    const cdp = await throttleUploads(page, 1024 * 1024);
    const pdf = await makePdf(2, 5 * 1024 * 1024);
    const chooser = page.waitForEvent("filechooser");
    await slot.getByTestId("upload-comprovante_renda").click();
    await (await chooser).setFiles({ name: "holerites.pdf", mimeType: "application/pdf", buffer: pdf });

    const progress = slot.getByTestId("upload-progress");
    await expect(progress.getByTestId("upload-state")).toHaveText("Enviando");
    await expect.poll(() => percentOf(page)).toBeGreaterThan(5);
    await expect(progress.getByTestId("upload-speed")).toContainText("/s");
    await progress.getByRole("button", { name: "Pausar" }).click();
    await expect(progress.getByTestId("upload-state")).toHaveText("Pausado");
    const paused = await percentOf(page);
    expect(paused).toBeLessThan(100);
    await page.waitForTimeout(1500);
    expect(await percentOf(page)).toBe(paused);

    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await progress.getByRole("button", { name: "Continuar" }).click();
    await expect(slot.getByTestId("slot-status")).toContainText("holerites.pdf", { timeout: 30_000 });
    await expect(slot.getByTestId("slot-status")).toContainText("5 MB");

    await slot.getByRole("link", { name: "Ver" }).click();
    await expect(page).toHaveURL(/\/ViewDocument\?id=[0-9a-f-]{36}$/);
    await expect(page.getByTestId("document-name")).toHaveText("holerites.pdf");
    await expect(page.getByTestId("pdf-page")).toHaveText("Página 1 de 2");
    await expect(page.getByTestId("pdf-canvas")).toHaveAttribute("data-rendered-page", "1");
    await page.getByRole("button", { name: "Próxima página" }).click();
    await expect(page.getByTestId("pdf-page")).toHaveText("Página 2 de 2");
    await expect(page.getByTestId("pdf-canvas")).toHaveAttribute("data-rendered-page", "2");
    await page.getByRole("button", { name: "Aumentar" }).click();
    await expect(page.getByTestId("pdf-zoom")).toHaveText("125%");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Baixar" }).click();
    expect((await download).suggestedFilename()).toBe("holerites.pdf");
    expect(problems).toEqual([]);
  });

  test("three images are ordered, turned and combined into one PDF", async ({ page }) => {
    const problems = watchPage(page);
    await signUpInBrowser(page, { name: "Caio Torres", email: newEmail("convert"), password: PASSWORD });
    await page.goto("/Convert");
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("convert-pick").click();
    await (await chooser).setFiles([
      { name: "frente.png", mimeType: "image/png", buffer: makePng(1200, 800, [200, 40, 40]) },
      { name: "verso.png", mimeType: "image/png", buffer: makePng(800, 1200, [40, 160, 40]) },
      { name: "extrato.png", mimeType: "image/png", buffer: makePng(3000, 4000, [40, 40, 200]) },
    ]);
    const pages = page.getByTestId("convert-page");
    await expect(pages).toHaveCount(3);
    await page.getByRole("button", { name: "Mover para cima 3" }).click();
    await expect(pages.nth(1)).toContainText("extrato.png");
    await page.getByRole("button", { name: "Girar 90° 1" }).click();
    await page.getByLabel("Nome do arquivo").fill("Comprovantes de renda");
    await page.getByRole("button", { name: "Gerar PDF e salvar" }).click();
    await expect(page).toHaveURL(/\/ViewDocument\?id=/, { timeout: 30_000 });
    await expect(page.getByTestId("document-name")).toHaveText("Comprovantes de renda.pdf");
    await expect(page.getByTestId("pdf-page")).toHaveText("Página 1 de 3");
    await expect(page.getByTestId("pdf-canvas")).toHaveAttribute("data-rendered-page", "1");
    expect(problems).toEqual([]);
  });

  test("on a phone, /Convert shows the whole file name and document type in their fields", async ({
    page,
  }) => {
    await signUpInBrowser(page, { name: "Iara Campos", email: newEmail("convert-fit"), password: PASSWORD });
    // Asked for from /profile3's slot: the longest kind's name fills both fields.
    await page.goto("/Convert?tipo=comprovante_residencia");
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("convert-pick").click();
    await (await chooser).setFiles([
      { name: "conta.png", mimeType: "image/png", buffer: makePng(600, 800, [90, 90, 90]) },
    ]);
    await expect(page.getByTestId("convert-page")).toHaveCount(1);
    await expect(page.getByLabel("Nome do arquivo")).toHaveValue("Comprovante de residência");
    await expect(page.getByRole("combobox", { name: "Tipo de documento" })).toHaveValue(
      "Comprovante de residência",
    );
    expect(await clipped(page, "/Convert")).toEqual([]);
  });

  test("the camera takes pages, retakes one, and saves them as a PDF", async ({ page }) => {
    const problems = watchPage(page);
    await signUpInBrowser(page, { name: "Lia Souza", email: newEmail("camera"), password: PASSWORD });
    await page.goto("/Camera");
    await expect
      .poll(() => page.getByTestId("camera-video").evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBeGreaterThan(0);
    await page.getByRole("button", { name: "Fotografar" }).click();
    await page.getByRole("button", { name: "Fotografar" }).click();
    await expect(page.getByTestId("camera-pages").getByRole("img", { name: /^Página/ })).toHaveCount(2);
    await page.getByRole("button", { name: "Refazer 1" }).click();
    await page.getByRole("button", { name: "Fotografe de novo a página 1" }).click();
    await expect(page.getByTestId("camera-pages").getByRole("img", { name: /^Página/ })).toHaveCount(2);
    await page.getByRole("button", { name: "Salvar como PDF" }).click();
    await expect(page).toHaveURL(/\/ViewDocument\?id=/, { timeout: 30_000 });
    await expect(page.getByTestId("pdf-page")).toHaveText("Página 1 de 2");
    expect(problems).toEqual([]);
  });

  test("a photo taken for /profile3 comes back to it as that document", async ({ page }) => {
    await signUpInBrowser(page, { name: "Davi Nunes", email: newEmail("destino"), password: PASSWORD });
    await page.goto("/profile3");
    const slot = page.getByTestId("slot-cpf");
    await slot.getByRole("link", { name: "Fotografar" }).click();
    await expect(page).toHaveURL(/\/Camera\?tipo=cpf/);
    await expect
      .poll(() => page.getByTestId("camera-video").evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBeGreaterThan(0);
    await page.getByRole("button", { name: "Fotografar" }).click();
    await page.getByRole("button", { name: "Salvar documento" }).click();
    await expect(page).toHaveURL(/\/profile3\?documento=[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(slot.getByTestId("slot-status")).toContainText("CPF");
    await slot.getByRole("link", { name: "Ver" }).click();
    await expect(page.getByTestId("document-image")).toBeVisible();
    await page.getByRole("button", { name: "Girar" }).click();
    await expect(page.getByTestId("document-image")).toHaveAttribute("data-rotation", "90");
  });

  test("without camera permission the screen says so and offers the file picker", async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("denied", "NotAllowedError"));
    });
    await signUpInBrowser(page, { name: "Rui Alves", email: newEmail("denied"), password: PASSWORD });
    await page.goto("/Camera");
    await expect(page.getByTestId("camera-problem")).toContainText("permissão para usar a câmera foi negada");
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("camera-problem").getByRole("button", { name: "Escolher fotos" }).click();
    await (await chooser).setFiles([
      { name: "rg.png", mimeType: "image/png", buffer: makePng(600, 400, [90, 90, 90]) },
    ]);
    await expect(page.getByTestId("camera-pages").getByRole("img", { name: /^Página/ })).toHaveCount(1);
  });

  test("an upload interrupted by a reload resumes by itself", async ({ page }) => {
    await signUpInBrowser(page, { name: "Bia Rocha", email: newEmail("reload"), password: PASSWORD });
    await page.goto("/profile3");
    // The screen first: network conditions changed while its code is still loading can leave that
    // request hanging in Chromium (a CI run waited 60 s on "Carregando…").
    await expect(page.getByRole("heading", { name: "Meus documentos" })).toBeVisible();
    await throttleUploads(page, 512 * 1024);
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("upload-comprovante_residencia").click();
    await (await chooser).setFiles({
      name: "conta-de-luz.pdf",
      mimeType: "application/pdf",
      buffer: await makePdf(1, 3 * 1024 * 1024),
    });
    await expect.poll(() => percentOf(page)).toBeGreaterThan(10);
    const before = await percentOf(page);
    await page.reload();
    const panel = page.getByRole("region", { name: "Envios" });
    await expect(panel).toContainText("Retomado depois de uma interrupção");
    // Resumed, not restarted: once the server's offset is known, the first figure shown is near
    // where it was before the reload (bytes still in flight may be lost; a restart counts from 1%).
    await expect.poll(() => percentOf(page)).toBeGreaterThan(0);
    expect(await percentOf(page)).toBeGreaterThan(before / 2);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(panel.getByTestId("upload-state")).toHaveText("Enviado", { timeout: 30_000 });
    await page.reload();
    await expect(page.getByTestId("slot-comprovante_residencia").getByTestId("slot-status")).toContainText(
      "conta-de-luz.pdf",
    );
  });

  test("on /Camera at 390x844, the unfinished-uploads panel does not cover Salvar documento", async ({
    page,
  }) => {
    await signUpInBrowser(page, { name: "Eva Prado", email: newEmail("panel"), password: PASSWORD });
    await page.goto("/profile3");
    await expect(page.getByRole("heading", { name: "Meus documentos" })).toBeVisible();
    // Slow enough that the upload is still going on /Camera, where it shows in the panel.
    await throttleUploads(page, 64 * 1024);
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("upload-comprovante_residencia").click();
    await (await chooser).setFiles({
      name: "conta-de-agua.pdf",
      mimeType: "application/pdf",
      buffer: await makePdf(1, 3 * 1024 * 1024),
    });
    await expect.poll(() => percentOf(page)).toBeGreaterThan(0);
    await page.goto("/Camera?tipo=cpf&destino=profile3");
    const panel = page.getByRole("region", { name: "Envios" });
    await expect(panel).toContainText("conta-de-agua.pdf");
    await expect
      .poll(() => page.getByTestId("camera-video").evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBeGreaterThan(0);
    await page.getByRole("button", { name: "Fotografar" }).click();
    const save = page.getByRole("button", { name: "Salvar documento" });
    await expect(save).toBeEnabled();
    // As a person does: down to the end of the page, where the button is above the panel.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = await save.boundingBox();
    const corner = await panel.boundingBox();
    expect(button && corner).toBeTruthy();
    if (!button || !corner) return;
    expect(button.y + button.height).toBeLessThanOrEqual(corner.y);
    expect(button.y).toBeGreaterThanOrEqual(0);
    // And a tap there reaches the button, not the panel.
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x as number, y as number)?.closest("button")?.textContent ?? null,
      [button.x + button.width / 2, button.y + button.height / 2],
    );
    expect(hit).toContain("Salvar documento");
  });

  test("someone else's document, or one that does not exist, says so", async ({ page, browser }) => {
    await signUpInBrowser(page, { name: "Dono Doc", email: newEmail("owner"), password: PASSWORD });
    await page.goto("/Convert");
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("convert-pick").click();
    await (await chooser).setFiles([
      { name: "a.png", mimeType: "image/png", buffer: makePng(300, 300, [10, 10, 10]) },
    ]);
    await page.getByRole("button", { name: "Gerar PDF e salvar" }).click();
    await expect(page).toHaveURL(/\/ViewDocument\?id=/, { timeout: 30_000 });
    const url = page.url();

    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const stranger = await other.newPage();
    await signUpInBrowser(stranger, { name: "Outra Pessoa", email: newEmail("other"), password: PASSWORD });
    await stranger.goto(url);
    await expect(stranger.getByTestId("viewer-error")).toHaveText(
      "Você não tem permissão para ver este documento.",
    );
    await stranger.goto("/ViewDocument?id=00000000-0000-4000-8000-000000000000");
    await expect(stranger.getByTestId("viewer-error")).toHaveText(
      "Este documento não existe ou foi apagado.",
    );
    await other.close();
  });
});
