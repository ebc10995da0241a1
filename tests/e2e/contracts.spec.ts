import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { guarantorOf, proposalBodyOf } from "../support/bodies";
import { randomCpf } from "../support/files";
import { clipped } from "./axe";
import { expect, test } from "./fixtures";
import { fromOutbox, newEmail, signUpInBrowser } from "./helpers";
import { completeProfile, publishOffer } from "./market";

const PASSWORD = "Ipê amarelo na varanda 42";

test("from an approved proposal, the landlord signs in the app, tenant and guarantor through their e-mailed links, and the sealed PDF verifies", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const viewport = { width: 390, height: 844 };
  const landlordCtx = await browser.newContext({ viewport });
  const tenantCtx = await browser.newContext({ viewport });
  const landlord = await landlordCtx.newPage();
  const tenant = await tenantCtx.newPage();
  const landlordEmail = newEmail("loc");
  const tenantEmail = newEmail("inq");
  const guarantorEmail = newEmail("fiador");
  const people = {
    landlord: { nome: "Marta Alves Pereira", cpf: randomCpf(), email: landlordEmail },
    tenant: { nome: "Rafael Conceição Lima", cpf: randomCpf(), email: tenantEmail },
    guarantor: { nome: "Antônio Gonçalves", cpf: randomCpf(), email: guarantorEmail },
  };
  await signUpInBrowser(landlord, { name: "Marta Alves", email: landlordEmail, password: PASSWORD });
  await completeProfile(landlord.request, people.landlord.nome, { cpf: people.landlord.cpf });
  await signUpInBrowser(tenant, { name: "Rafael Lima", email: tenantEmail, password: PASSWORD });
  await completeProfile(tenant.request, people.tenant.nome, { cpf: people.tenant.cpf });

  // Setup through the API: an offer, a proposal with a guarantor as guarantee, approved.
  const offerId = await publishOffer(
    landlord,
    {
      cep: "04538-132",
      logradouro: "Rua Joaquim Floriano",
      numero: "820",
      bairro: "Itaim Bibi",
      cidade: "São Paulo",
      uf: "SP",
      areaM2: 70,
    },
    {
      aluguel: 500000,
      condominio: 90000,
      iptu: 20000,
      seguroIncendio: 5000,
      garantias: ["fiador"],
      disponivelEm: "2027-02-01",
    },
  );
  const proposal = await tenant.request.post("/api/proposals", {
    // The tenant names the guarantor; the landlord only accepts or asks for another (decision 017).
    data: proposalBodyOf(offerId, "fiador", {
      aluguel: 500000,
      fiador: { ...guarantorOf(people.guarantor.nome), cpf: people.guarantor.cpf, email: guarantorEmail },
      renda: 2_000_000,
    }),
  });
  const proposalId = ((await proposal.json()) as { id: string }).id;
  expect(
    (
      await landlord.request.post(`/api/proposals/${proposalId}/actions`, { data: { action: "approve" } })
    ).status(),
  ).toBe(200);

  // The landlord sees who will sign (the guarantor the tenant named) and sends it.
  await landlord.goto(`/AprovarProposta?id=${proposalId}`);
  await landlord.getByTestId("open-contract").click();
  await expect(landlord.getByTestId("contract-state")).toHaveText("Em revisão");
  const review = landlord.getByTestId("contract-review");
  await expect(review.getByTestId("planned-signers")).toContainText(people.guarantor.nome);
  await expect(review.getByTestId("planned-signers")).toContainText("Indicação da parte locatária");
  // Her own e-mail as a witness is refused, in pt-BR.
  await review.getByRole("button", { name: "Adicionar testemunha" }).click();
  await review.getByLabel("Nome completo").fill("Lucia Como Testemunha");
  await review.getByLabel("CPF").fill(people.guarantor.cpf);
  await review.getByLabel("E-mail").fill(people.landlord.email);
  await review.getByRole("button", { name: "Salvar testemunha" }).click();
  // Said under the e-mail field it is about.
  await expect(review.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(review).toContainText("não podem usar o e-mail da conta da parte locadora");
  await review.getByRole("button", { name: "Cancelar" }).click();
  await review.getByRole("button", { name: "Enviar para assinatura" }).click();
  await expect(landlord.getByTestId("contract-state")).toHaveText("Em assinatura");
  await expect(landlord.getByTestId("contract-signer")).toHaveCount(3);
  // On a phone the signers' list fits: no badge, date or "Reenviar convite" cut off.
  expect(await clipped(landlord, "the contract in signature")).toEqual([]);

  // Each signer, from their own e-mail, in a browser of their own.
  for (const who of [people.landlord, people.tenant, people.guarantor]) {
    // The landlord signs while signed in, from the contract's page; the others from their e-mail.
    const ctx = who === people.landlord ? null : await browser.newContext({ viewport });
    const page = ctx ? await ctx.newPage() : landlord;
    if (ctx) {
      const link = await fromOutbox(
        who.email,
        /(\/Clicksign\?contrato=[0-9a-f-]{36}&token=[A-Za-z0-9_-]{43})/,
      );
      await page.goto(link);
    } else {
      await page.getByTestId("sign-now").click();
    }
    await expect(page.getByTestId("ceremony")).toContainText(who.nome);
    // The document's SHA-256 and every field fit the phone's width.
    expect(await clipped(page, `the ceremony of ${who.nome}`)).toEqual([]);
    // On a phone the contract reads as a summary in normal text, the full PDF one tap away
    // (decision 044), not drawn at the screen's width.
    await expect(page.getByTestId("contract-summary")).toContainText("Rua Joaquim Floriano, 820");
    await expect(page.getByTestId("full-pdf")).toHaveAttribute("href", /\/api\/storage\/files\//);
    await expect(page.getByTestId("pdf-canvas")).toHaveCount(0);
    const asked = Date.now() - 1000;
    await page.getByRole("button", { name: "Enviar código por e-mail" }).click();
    await expect(page.getByText(/Código enviado para/)).toBeVisible();
    const code = await fromOutbox(who.email, /Use o código (\d{6})/, asked);
    await page.getByLabel("Código de 6 dígitos").fill(code);
    await page.getByLabel("Seu nome completo, como no contrato").fill(who.nome);
    await page.getByLabel("Seu CPF").fill(who.cpf);
    if (who === people.guarantor) {
      // The guarantor also draws a signature on the pad.
      await page.getByTestId("signature-pad").scrollIntoViewIfNeeded();
      const pad = await page.getByTestId("signature-pad").boundingBox();
      if (!pad) throw new Error("no signature pad");
      await page.mouse.move(pad.x + 20, pad.y + 90);
      await page.mouse.down();
      for (const [dx, dy] of [
        [60, -50],
        [120, 20],
        [180, -40],
        [240, 30],
      ] as const)
        await page.mouse.move(pad.x + dx, pad.y + 70 + dy, { steps: 5 });
      await page.mouse.up();
      await expect(page.getByRole("button", { name: "Limpar" })).toBeEnabled();
    }
    await page.getByLabel("Li o contrato e concordo com os termos").check();
    await page.getByRole("button", { name: "Assinar", exact: true }).click();
    await expect(page.getByTestId("ceremony-done")).toBeVisible();
    // The personal link ends here: a party is sent to the contract in their account, the
    // guarantor (no account) waits for the e-mail.
    await expect(page.getByTestId("follow-contract")).toHaveCount(who === people.guarantor ? 0 : 1);
    await ctx?.close();
  }

  await landlord.goto(
    `/Clicksign?contrato=${(((await (await landlord.request.get("/api/contracts")).json()) as { id: string }[])[0] as { id: string }).id}`,
  );
  // "Selando" while the seal job runs, then "Assinado" through the live event.
  await expect(landlord.getByTestId("contract-state")).toHaveText("Assinado", { timeout: 20_000 });
  const contract = (await (await landlord.request.get("/api/contracts")).json()) as {
    sealedDocumentId: string;
  }[];
  const sealedId = contract[0]?.sealedDocumentId as string;
  const link = (await (
    await tenant.request.post(`/api/storage/objects/${sealedId}/download-url`)
  ).json()) as { url: string };
  const pdf = Buffer.from(await (await tenant.request.get(link.url)).body());
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "chave-e2e-")), "contrato.pdf");
  fs.writeFileSync(file, pdf);
  const verdict = execFileSync("pdfsig", [file], { encoding: "utf8" });
  console.log(verdict);
  expect(verdict).toContain("Signature is Valid");
  expect(verdict).toContain("Total document signed");
  expect((await (await tenant.request.get(`/api/offers/${offerId}`)).json()).status).toBe("alugada");
  // The tenant finds it in the history and opens the sealed PDF: the server checks the seal.
  await tenant.goto("/AluguelHistorico");
  await tenant.getByTestId("history-item").first().getByRole("button").first().click();
  await tenant.getByTestId("history-contract").click();
  await expect(tenant.getByTestId("contract-state")).toHaveText("Assinado");
  await tenant.getByRole("link", { name: "Abrir o contrato assinado" }).click();
  await expect(tenant.getByTestId("seal-verdict")).toContainText(
    "Assinatura digital válida e conteúdo íntegro",
  );
  await landlordCtx.close();
  await tenantCtx.close();
});
