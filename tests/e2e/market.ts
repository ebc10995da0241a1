import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { offerBodyOf, proposalBodyOf, unitBodyOf } from "../support/bodies";
import { makePng } from "../support/files";
import { addressProfileOf, personalProfileOf } from "../support/profiles";
import { fromOutbox } from "./helpers";

/** Setup through the API with a page's session: what the flows under test start from. */
function metadata(meta: Record<string, string>): string {
  return Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");
}

/** Uploads in one tus request with the page's session (setup, not what is under test). */
export async function upload(
  request: APIRequestContext,
  bytes: Buffer,
  meta: Record<string, string>,
): Promise<string> {
  const res = await request.post("/api/storage/uploads", {
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": metadata(meta),
      "Content-Type": "application/offset+octet-stream",
    },
    data: bytes,
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

export async function completeProfile(
  request: APIRequestContext,
  name: string,
  over: Record<string, unknown> = {},
) {
  const personal = await request.put("/api/profile/personal", {
    data: personalProfileOf(name, { nomeCompleto: name, ...over }),
  });
  expect(personal.status()).toBe(200);
  const address = await request.put("/api/profile/address", { data: addressProfileOf() });
  expect(address.status()).toBe(200);
}

/** The e2e tests' unit: a 2-bedroom flat in Savassi, Belo Horizonte, that takes pets. */
const SAVASSI = {
  cep: "30140-071",
  logradouro: "Rua Pernambuco",
  numero: "550",
  complemento: undefined,
  bairro: "Savassi",
  cidade: "Belo Horizonte",
  uf: "MG",
  areaM2: 75,
  quartos: 2,
  mobiliado: false,
  aceitaPets: true,
};
/** Its offer: R$ 2.800 of rent, a pacote of R$ 3.520. */
const SAVASSI_OFFER = {
  aluguel: 280000,
  condominio: 60000,
  iptu: 9000,
  seguroIncendio: 3000,
  disponivelEm: "2026-12-10",
};

/** A published offer of the signed-in landlord (in Savassi, Belo Horizonte, unless `unitOver` says otherwise). */
export async function publishOffer(
  page: Page,
  unitOver: Record<string, unknown> = {},
  offerOver: Record<string, unknown> = {},
): Promise<string> {
  const photo = await upload(page.request, makePng(400, 300, [90, 140, 200]), {
    filename: "fachada.png",
    kind: "foto_unidade",
    folder: "unidades",
  });
  const unit = await page.request.post("/api/units", {
    data: unitBodyOf([photo], { ...SAVASSI, ...unitOver }),
  });
  expect(unit.status()).toBe(201);
  const unitId = ((await unit.json()) as { id: string }).id;
  const offer = await page.request.post("/api/offers", {
    data: { ...offerBodyOf(unitId, ["seguro_fianca", "fiador"], SAVASSI_OFFER), ...offerOver },
  });
  expect(offer.status()).toBe(201);
  const id = ((await offer.json()) as { id: string }).id;
  expect((await page.request.post(`/api/offers/${id}/publish`)).status()).toBe(200);
  return id;
}

/** Who signs a lease: their full name and CPF as the contract qualifies them, and their e-mail. */
export type Signer = { nome: string; cpf: string; email: string };

/** Signs through the e-mailed link and code, as a signer does on /Clicksign (setup, not under test). */
export async function signByLink(request: APIRequestContext, contractId: string, who: Signer) {
  const token = await fromOutbox(
    who.email,
    new RegExp(`/Clicksign\\?contrato=${contractId}&token=([A-Za-z0-9_-]{43})`),
  );
  const asked = Date.now() - 1000;
  const sent = await request.post(`/api/signing/${contractId}/code`, { data: { token } });
  expect(sent.status(), await sent.text()).toBe(200);
  const codigo = await fromOutbox(who.email, /Use o código (\d{6})/, asked);
  const signed = await request.post(`/api/signing/${contractId}/sign`, {
    data: { token, codigo, nome: who.nome, cpf: who.cpf },
  });
  expect(signed.status(), await signed.text()).toBe(200);
}

/** Waits until a document's last signature is sealed (the seal job runs in the background). */
export async function waitSealed(request: APIRequestContext, contractId: string) {
  await expect(async () => {
    const c = (await (await request.get(`/api/contracts/${contractId}`)).json()) as { status: string };
    expect(c.status).toBe("assinado");
  }).toPass({ timeout: 30_000 });
}

/**
 * A lease signed by both and sealed, on a new offer of the landlord's (`unitOver`, `offerOver` as
 * publishOffer takes them) with a seguro fiança, entering on `dataEntrada` (the proposal's
 * default otherwise): setup through the API, as the specs that start from a lease need it.
 */
export async function signedLease(
  landlord: Page,
  tenant: Page,
  people: { landlord: Signer; tenant: Signer },
  over: { unit?: Record<string, unknown>; offer?: Record<string, unknown>; dataEntrada?: string } = {},
): Promise<string> {
  const before = new Set(
    ((await (await landlord.request.get("/api/contracts")).json()) as { id: string }[]).map((c) => c.id),
  );
  const offerId = await publishOffer(landlord, over.unit, over.offer);
  const aluguel = Number(over.offer?.aluguel ?? SAVASSI_OFFER.aluguel);
  const proposal = await tenant.request.post("/api/proposals", {
    data: proposalBodyOf(offerId, "seguro_fianca", {
      aluguel,
      renda: 2_000_000,
      ...(over.dataEntrada ? { dataEntrada: over.dataEntrada } : {}),
    }),
  });
  expect(proposal.status(), await proposal.text()).toBe(201);
  const proposalId = ((await proposal.json()) as { id: string }).id;
  const approved = await landlord.request.post(`/api/proposals/${proposalId}/actions`, {
    data: { action: "approve" },
  });
  expect(approved.status()).toBe(200);
  let leaseId = "";
  await expect(async () => {
    const list = (await (await landlord.request.get("/api/contracts")).json()) as { id: string }[];
    leaseId = list.find((c) => !before.has(c.id))?.id ?? "";
    expect(leaseId).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  expect((await landlord.request.post(`/api/contracts/${leaseId}/send`)).status()).toBe(200);
  await signByLink(landlord.request, leaseId, people.landlord);
  await signByLink(tenant.request, leaseId, people.tenant);
  await waitSealed(landlord.request, leaseId);
  return leaseId;
}
