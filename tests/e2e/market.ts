import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { offerBodyOf, unitBodyOf } from "../support/bodies";
import { makePng } from "../support/files";
import { addressProfileOf, personalProfileOf } from "../support/profiles";

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
