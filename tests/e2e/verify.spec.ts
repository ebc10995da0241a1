import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { audit, clipped, settled } from "./axe";
import { expect, test } from "./fixtures";

/*
 * Issue 27, item 7: anyone, without an account, reaches /Verificar from the footer on a phone and
 * checks a file: a PDF this installation never sealed is said to be unknown, something that is not
 * a PDF is refused in Portuguese, and nothing is cut off at 390×844. (A sealed contract's own
 * verdicts are the API's and the screen's tests; contracts.spec opens a sealed one.)
 */

test.use({ viewport: { width: 390, height: 844 } });

const shots = process.env.VERIFY_SHOTS;

test("a visitor checks a PDF on /Verificar, reached from the footer, on a phone", async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chave-verify-"));
  const plain = await PDFDocument.create();
  plain.addPage();
  const plainFile = path.join(dir, "contrato-de-locacao-do-apartamento-da-rua-pernambuco.pdf");
  fs.writeFileSync(plainFile, await plain.save());
  const textFile = path.join(dir, "foto.pdf");
  fs.writeFileSync(textFile, "isto não é um PDF");

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Verificar um contrato" }).click();
  await expect(page).toHaveURL(/\/Verificar$/);
  await settled(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verificar um contrato");
  expect(await audit(page, "/Verificar")).toEqual([]);
  expect(await clipped(page, "/Verificar")).toEqual([]);
  if (shots) await page.screenshot({ path: path.join(shots, "verificar-empty.png"), fullPage: true });

  const answered = page.waitForResponse((r) => r.url().endsWith("/api/public/verify"));
  const picker = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Escolher o arquivo PDF" }).click();
  await (await picker).setFiles(plainFile);
  expect((await answered).status()).toBe(200);
  const verdict = page.getByTestId("verify-verdict");
  await expect(verdict).toHaveAttribute("data-result", "desconhecido");
  await expect(verdict).toContainText("Não é um contrato selado por esta Chave");
  expect(await audit(page, "/Verificar (desconhecido)")).toEqual([]);
  expect(await clipped(page, "/Verificar (desconhecido)")).toEqual([]);
  if (shots) await page.screenshot({ path: path.join(shots, "verificar-desconhecido.png"), fullPage: true });

  const refused = page.waitForResponse((r) => r.url().endsWith("/api/public/verify"));
  const again = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: /Escolhido: contrato-de-locacao/ }).click();
  await (await again).setFiles(textFile);
  expect((await refused).status()).toBe(415);
  await expect(page.getByRole("alert")).toContainText("Este arquivo não é um PDF.");
  await expect(verdict).toHaveCount(0);
  expect(await clipped(page, "/Verificar (not a PDF)")).toEqual([]);
  if (shots) await page.screenshot({ path: path.join(shots, "verificar-not-pdf.png"), fullPage: true });
  fs.rmSync(dir, { recursive: true, force: true });
});
