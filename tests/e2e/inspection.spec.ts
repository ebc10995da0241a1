import { createHash } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { randomCpf } from "../support/files";
import { audit, clipped } from "./axe";
import { expect, test } from "./fixtures";
import { fromOutbox, newEmail, signUpInBrowser } from "./helpers";
import { completeProfile, signByLink, signedLease, waitSealed } from "./market";

/*
 * Issue 31 at phone size: a landlord inspects a two-bedroom flat with 20 photos on a phone, the
 * tenant contests two items with a photo each, the landlord accepts one and keeps the other with a
 * reason, both sign the laudo, which appears beside the lease; then the exit report shows entry
 * and exit side by side and totals the damage.
 */

const PASSWORD = "Ipê amarelo na varanda 42";
const viewport = { width: 390, height: 844 };

/** A phone photo (JPEG), each a different colour so each has its own hash. */
async function phonePhotos(dir: string, n: number, prefix: string): Promise<string[]> {
  await fsp.mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const file = path.join(dir, `${prefix}-${i}.jpg`);
    const colour = { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53 + 40) % 256 };
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
      .jpeg({ quality: 80 })
      .toFile(file);
    files.push(file);
  }
  return files;
}

/** Grades every item still without a state as "Bom" (a chip per item, as the landlord taps them). */
async function gradeAll(page: Page) {
  const items = page.getByTestId("inspection-item");
  const n = await items.count();
  for (let i = 0; i < n; i++) {
    const item = items.nth(i);
    // A chip is its label: the tap lands on the text, the radio behind it is checked.
    if (!(await item.getByRole("radio", { name: "Bom" }).isChecked()))
      await item.getByText("Bom", { exact: true }).click();
  }
}

test("a landlord inspects on a phone, the tenant contests two items, both sign the laudo, and the exit compares with it", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const photosDir = testInfo.outputPath("photos");
  const landlordCtx = await browser.newContext({ viewport });
  const tenantCtx = await browser.newContext({ viewport });
  const landlord = await landlordCtx.newPage();
  const tenant = await tenantCtx.newPage();
  const people = {
    landlord: { nome: "Marta Alves Pereira", cpf: randomCpf(), email: newEmail("vloc") },
    tenant: { nome: "Rafael Conceição Lima", cpf: randomCpf(), email: newEmail("vinq") },
  };
  await signUpInBrowser(landlord, { name: "Marta Alves", email: people.landlord.email, password: PASSWORD });
  await completeProfile(landlord.request, people.landlord.nome, { cpf: people.landlord.cpf });
  await signUpInBrowser(tenant, { name: "Rafael Lima", email: people.tenant.email, password: PASSWORD });
  await completeProfile(tenant.request, people.tenant.nome, { cpf: people.tenant.cpf });

  // The lease, signed by both (what this test starts from).
  const leaseId = await signedLease(landlord, tenant, people);

  // The landlord opens the lease's page and goes to its inspection.
  await landlord.goto(`/Clicksign?contrato=${leaseId}`);
  await landlord.getByTestId("contract-inspections").click();
  await landlord.getByRole("button", { name: "Iniciar a vistoria de entrada" }).click();
  await expect(landlord.getByRole("heading", { name: "Vistoria de entrada", level: 1 })).toBeVisible();
  // Someone else may fill it from their phone: an e-mail with no account is refused in words, kept.
  const invite = landlord.getByTestId("inspection-inspector");
  await invite.getByLabel("E-mail de quem vai vistoriar").fill("ninguem@exemplo.com.br");
  await invite.getByRole("button", { name: "Convidar" }).click();
  await expect(invite.getByRole("alert")).toContainText("Não há conta confirmada na Chave com este e-mail");
  await expect(invite.getByLabel("E-mail de quem vai vistoriar")).toHaveValue("ninguem@exemplo.com.br");
  await landlord.screenshot({ path: "test-results/inspection-invite-390.png" });
  const rooms = landlord.getByTestId("inspection-room");
  await expect(rooms.first()).toBeVisible();
  // A two-bedroom flat: its rooms come from the unit type.
  await expect(landlord.getByLabel("Cômodo", { exact: true }).nth(2)).toHaveValue("Quarto 2");

  // 20 photos: two wide photos of each of the first 7 rooms, and six close-ups.
  const photos = await phonePhotos(photosDir, 20, "entrada");
  const roomCount = await rooms.count();
  let used = 0;
  for (let r = 0; r < Math.min(roomCount, 7); r++) {
    const input = rooms.nth(r).locator('input[type="file"]').first();
    await input.setInputFiles(photos.slice(used, used + 2));
    used += 2;
  }
  const items = landlord.getByTestId("inspection-item");
  for (let i = 0; used < 20; i++, used++)
    await items
      .nth(i)
      .locator('input[type="file"]')
      .setInputFiles(photos[used] as string);
  await gradeAll(landlord);
  await items.first().getByLabel("Observação", { exact: true }).fill("Pintura nova, sem marcas");
  // Everything uploads and is saved; the screen says so.
  await expect(landlord.getByTestId("inspection-uploading")).toHaveCount(0, { timeout: 60_000 });
  await expect(landlord.getByTestId("inspection-photos").locator("img")).toHaveCount(20);
  await expect(landlord.getByTestId("inspection-save")).toHaveText("Salvo.", { timeout: 15_000 });
  expect(await clipped(landlord, "the landlord's inspection")).toEqual([]);
  expect(await audit(landlord, "the landlord's inspection draft")).toEqual([]);
  await landlord.screenshot({ path: "test-results/inspection-landlord-390.png" });
  // A reload loses nothing.
  await landlord.reload();
  await expect(landlord.getByTestId("inspection-photos").locator("img")).toHaveCount(20);
  await expect(landlord.getByLabel("Observação", { exact: true }).first()).toHaveValue(
    "Pintura nova, sem marcas",
  );
  await landlord.getByRole("button", { name: "Enviar para revisão" }).click();
  await expect(landlord.getByTestId("inspection-status")).toHaveAttribute("data-status", "revisao");
  const reportId = new URL(landlord.url()).searchParams.get("id") as string;

  // The tenant is told by e-mail, with the deadline and the link.
  const link = await fromOutbox(people.tenant.email, /(\/Vistoria\?id=[0-9a-f-]{36})/);
  await tenant.goto(link);
  await expect(tenant.getByText(/Confira cada item até/)).toBeVisible();
  const tenantItems = tenant.getByTestId("inspection-item");
  const contested = [tenantItems.nth(1), tenantItems.nth(2)];
  const theirs = await phonePhotos(photosDir, 2, "contestacao");
  for (const [n, item] of contested.entries()) {
    await item.getByRole("button", { name: "Contestar" }).click();
    await item.getByText("Regular", { exact: true }).last().click();
    await item
      .getByLabel("Sua observação")
      .fill(n === 0 ? "Piso com riscos fundos" : "Teto com mancha de umidade");
    await item.locator('input[type="file"]').setInputFiles(theirs[n] as string);
    // Her photo, in the contest form (below the landlord's own).
    await expect(item.getByTestId("inspection-photos").last().locator("img")).toHaveCount(1, {
      timeout: 30_000,
    });
    await item.getByRole("button", { name: "Salvar contestação" }).click();
    await expect(item.getByTestId("inspection-contest")).toBeVisible();
  }
  expect(await clipped(tenant, "the tenant's review")).toEqual([]);
  expect(await audit(tenant, "the tenant's review")).toEqual([]);
  await tenant.screenshot({ path: "test-results/inspection-tenant-390.png" });
  await tenant.getByRole("button", { name: "Enviar revisão com 2 contestações" }).click();
  await expect(tenant.getByTestId("inspection-status")).toHaveAttribute("data-status", "respostas");

  // The landlord accepts one and keeps the other with a reason (her screen refreshes live).
  await expect(landlord.getByTestId("inspection-status")).toHaveAttribute("data-status", "respostas", {
    timeout: 15_000,
  });
  await landlord.getByRole("button", { name: "Aceitar a versão da parte locatária" }).first().click();
  await expect(landlord.getByText("A parte locadora aceitou esta versão.")).toBeVisible();
  await landlord.getByRole("button", { name: "Manter a minha" }).click();
  await landlord
    .getByLabel("Por que você mantém a sua versão?")
    .fill("A mancha já constava das fotos da entrega");
  await landlord.getByRole("button", { name: "Manter, com este motivo" }).click();
  await expect(landlord.getByTestId("inspection-status")).toHaveAttribute("data-status", "concluida");

  // The laudo: written, sent, signed by both; the report then never changes.
  await landlord.getByRole("button", { name: "Gerar o laudo para assinatura" }).click();
  await expect(landlord.getByTestId("inspection-status")).toHaveAttribute("data-status", "assinatura");
  const laudoId = (
    (await (await landlord.request.get(`/api/inspections/${reportId}`)).json()) as { documentoId: string }
  ).documentoId;
  expect((await landlord.request.post(`/api/contracts/${laudoId}/send`)).status()).toBe(200);
  await signByLink(landlord.request, laudoId, people.landlord);
  await signByLink(tenant.request, laudoId, people.tenant);
  await waitSealed(tenant.request, laudoId);
  await tenant.goto(`/Vistoria?contrato=${leaseId}`);
  await expect(tenant.getByTestId("inspection-report-card")).toContainText("Assinada");
  // The originals, as one zip whose SHA-256 the laudo states, from the report's page.
  await tenant.goto(`/Vistoria?id=${reportId}`);
  const zipLink = tenant.getByRole("link", { name: "Baixar as fotos originais (zip)" });
  await expect(zipLink).toBeVisible();
  const zip = await tenant.request.get((await zipLink.getAttribute("href")) as string);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  const zipHash = createHash("sha256")
    .update(await zip.body())
    .digest("hex");
  await expect(tenant.getByText(`SHA-256 do zip das fotos, impresso no laudo: ${zipHash}`)).toBeVisible();
  expect(await clipped(tenant, "the signed report")).toEqual([]);
  await tenant.screenshot({ path: "test-results/inspection-signed-390.png" });
  await tenant.goto(`/Vistoria?contrato=${leaseId}`);
  // Beside the lease: both are the tenant's contracts, and the laudo's page names it.
  const contracts = (await (await tenant.request.get("/api/contracts")).json()) as {
    id: string;
    titulo: string;
  }[];
  expect(contracts.map((c) => c.id).sort()).toEqual([leaseId, laudoId].sort());
  await tenant.goto(`/Clicksign?contrato=${leaseId}`);
  await expect(tenant.getByTestId("lease-documents")).toContainText(/Laudo de vistoria nº \S+\s*Assinado/);
  await tenant.screenshot({ path: "test-results/inspection-lease-page-390.png" });
  await tenant.goto(`/Clicksign?contrato=${laudoId}`);
  await expect(tenant.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(tenant.getByText(/Laudo de vistoria nº/)).toBeVisible();
  await tenant.screenshot({ path: "test-results/inspection-laudo-390.png" });

  // The exit report: entry and exit side by side, damage priced and totalled.
  await landlord.goto(`/Vistoria?contrato=${leaseId}`);
  await landlord.getByRole("button", { name: "Iniciar a vistoria de saída" }).click();
  await expect(landlord.getByRole("heading", { name: "Vistoria de saída", level: 1 })).toBeVisible();
  const first = landlord.getByTestId("inspection-item").first();
  await expect(first.getByText("Na entrada")).toBeVisible();
  await first.getByText("Ruim", { exact: true }).last().click();
  await first.getByLabel("Dano além do desgaste natural").check();
  await first.getByLabel("O que foi danificado").fill("Furo de prego na parede");
  await first.getByLabel("Custo do reparo").fill("150");
  await expect(landlord.getByTestId("inspection-damage-total")).toContainText("R$ 150,00");
  await expect(landlord.getByTestId("inspection-save")).toHaveText("Salvo.", { timeout: 15_000 });
  expect(await clipped(landlord, "the exit inspection")).toEqual([]);
  expect(await audit(landlord, "the exit inspection")).toEqual([]);
  await landlord.screenshot({ path: "test-results/inspection-exit-390.png" });
  await landlordCtx.close();
  await tenantCtx.close();
});
