import { createHash, randomUUID } from "node:crypto";
import type pg from "pg";
import { GUARANTEES, normalizeText } from "../../shared/contracts/listings";
import { offerTitle, type UnitType } from "../../shared/listing-names";
import { insertConfirmedUsers } from "../auth/users.repository";
import { withTransaction } from "../db/client";
import { insertOffers, type SeedOffer } from "../domains/listings/offers.repository";
import { analyzeListings } from "../domains/listings/offers-search.repository";
import { insertUnits, type SeedUnit } from "../domains/listings/units.repository";
import { insertSeedProfiles } from "../domains/profile/profiles.repository";
import { documentIdsInFolder, insertDocument } from "../storage/documents.repository";
import type { ObjectStore } from "../storage/object-store";
import { renderStoredPhoto } from "../storage/photos";
import {
  COMMERCIAL_FEATURES,
  FEATURES,
  FIRST_NAMES,
  PARKING_FEATURES,
  PLACES,
  STREETS,
  SURNAMES,
} from "./data";
import { housePng } from "./png";

/** A small deterministic generator, so that a seed with the same number gives the same data. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const TYPES: [UnitType, number][] = [
  ["apartamento", 0.6],
  ["casa", 0.2],
  ["studio", 0.12],
  ["sala_comercial", 0.04],
  ["loja", 0.02],
  ["vaga_garagem", 0.02],
];
const PHOTOS = 12;

/** The unit type whose share of TYPES the number in [0, 1) falls into. */
function pickWeighted(roll: number): UnitType {
  let rest = roll;
  for (const [type, share] of TYPES) {
    rest -= share;
    if (rest < 0) return type;
  }
  return "apartamento";
}

export interface SeedResult {
  offers: number;
  landlords: number;
  seconds: number;
}

/** The seed's photos are small drawings: far within the upload limit. */
const SEED_MAX_PIXELS = 40_000_000;

/**
 * Photos of the demo landlord, generated once and shared by the seeded units, with their
 * renditions for the screen made here (decision 024), as the upload's job makes them: the seed
 * runs without a job queue, and the benchmarks measure pages that ask for them.
 */
async function seedPhotos(pool: pg.Pool, store: ObjectStore, ownerId: string): Promise<string[]> {
  const ids = await storePhotos(pool, store, ownerId);
  // Idempotent: photos seeded before renditions existed get them; made ones are skipped.
  for (const id of ids) await renderStoredPhoto(pool, store, id, SEED_MAX_PIXELS);
  return ids;
}

async function storePhotos(pool: pg.Pool, store: ObjectStore, ownerId: string): Promise<string[]> {
  const existing = await documentIdsInFolder(pool, ownerId, "seed");
  if (existing.length >= PHOTOS) return existing;
  const ids: string[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const id = randomUUID();
    const png = housePng(i);
    await store.put(id, png);
    await insertDocument(pool, {
      id,
      owner_id: ownerId,
      kind: "foto_unidade",
      folder: "seed",
      file_name: `casa-${String(i).padStart(2, "0")}.png`,
      content_type: "image/png",
      size: png.length,
      sha256: createHash("sha256").update(png).digest("hex"),
    });
    ids.push(id);
  }
  return ids;
}

async function seedLandlords(pool: pg.Pool, count: number): Promise<string[]> {
  const accounts = Array.from({ length: count }, (_, i) => ({
    id: `seed-landlord-${i}`,
    name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${SURNAMES[Math.floor(i / FIRST_NAMES.length) % SURNAMES.length]}`,
    email: `anunciante${i}@exemplo.com.br`,
  }));
  await insertConfirmedUsers(pool, accounts);
  // Their offers take proposals: each has the profile a contract needs (decision 041).
  await insertSeedProfiles(
    pool,
    accounts.map((a, index) => ({ userId: a.id, name: a.name, index })),
  );
  return accounts.map((a) => a.id);
}

/**
 * Adds `count` offers (and their units) with realistic Brazilian data: about 85% published, the
 * rest drafts, reserved or closed. Rows go in with one statement per batch (unnest of arrays).
 */
export async function seedOffers(
  pool: pg.Pool,
  store: ObjectStore,
  count: number,
  options: { seed?: number; batch?: number; onProgress?: (done: number) => void } = {},
): Promise<SeedResult> {
  const started = performance.now();
  const r = rng(options.seed ?? count);
  const landlords = await seedLandlords(pool, Math.max(20, Math.min(2000, Math.ceil(count / 50))));
  const photos = await seedPhotos(pool, store, landlords[0] as string);
  const batch = options.batch ?? 5000;
  const now = Date.now();
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    const units: SeedUnit[] = [];
    const offers: SeedOffer[] = [];
    for (let i = 0; i < n; i++) {
      const place = r.pick(PLACES);
      const bairro = r.pick(place.bairros);
      const tipo = pickWeighted(r.next());
      const quartos =
        tipo === "vaga_garagem" || tipo === "sala_comercial" || tipo === "loja"
          ? 0
          : tipo === "studio"
            ? r.int(0, 1)
            : r.int(1, 4);
      const area =
        tipo === "vaga_garagem"
          ? r.int(10, 15)
          : tipo === "studio"
            ? r.int(22, 40)
            : 30 + quartos * r.int(18, 30);
      const perM2 = [0, 62, 45, 34][place.tier] as number;
      const aluguel = Math.max(300, Math.round((area * perM2 * (0.7 + r.next() * 0.6)) / 10) * 10) * 100;
      const condominio =
        tipo === "apartamento" || tipo === "studio" ? Math.round((area * r.int(8, 16)) / 10) * 1000 : 0;
      const iptu = Math.round((aluguel * (0.01 + r.next() * 0.02)) / 100) * 100;
      const seguro = Math.round((aluguel * (0.005 + r.next() * 0.005)) / 100) * 100;
      const mobiliado = r.chance(0.3);
      const pets = r.chance(0.55);
      const residential = tipo === "apartamento" || tipo === "casa" || tipo === "studio";
      const list = residential ? FEATURES : tipo === "vaga_garagem" ? PARKING_FEATURES : COMMERCIAL_FEATURES;
      const features = [...new Set(Array.from({ length: r.int(2, 4) }, () => r.pick(list)))];
      const descricao = `${offerTitle(tipo, bairro)}: ${features.join(", ")}.`;
      const fotos = Array.from(
        { length: r.int(1, 4) },
        (_, k) => photos[(i + done + k * 5) % photos.length] as string,
      );
      const unitId = randomUUID();
      const owner = r.pick(landlords);
      const statusRoll = r.next();
      const status =
        statusRoll < 0.85
          ? "publicada"
          : statusRoll < 0.9
            ? "rascunho"
            : statusRoll < 0.95
              ? "reservada"
              : "encerrada";
      const garantias = GUARANTEES.filter(() => r.chance(0.5));
      if (garantias.length === 0) garantias.push("seguro_fianca");
      const published = status === "rascunho" ? null : new Date(now - r.int(0, 120 * 86_400) * 1000);
      const unitText = normalizeText(
        `${tipo.replace("_", " ")} ${bairro} ${place.cidade} ${place.uf} ${descricao}`,
      );

      // The generator's calls run in this order (the properties' order): the same seed, the same data.
      units.push({
        id: unitId,
        owner_id: owner,
        tipo,
        cep: `${place.cepPrefix}${String(r.int(0, 10 ** (8 - place.cepPrefix.length) - 1)).padStart(8 - place.cepPrefix.length, "0")}`,
        logradouro: r.pick(STREETS),
        numero: String(r.int(1, 3000)),
        bairro,
        cidade: place.cidade,
        uf: place.uf,
        area_m2: area,
        quartos,
        banheiros: tipo === "vaga_garagem" ? 0 : Math.max(1, quartos - r.int(0, 1)),
        vagas: tipo === "vaga_garagem" ? 1 : r.int(0, 2),
        mobiliado,
        aceita_pets: pets,
        descricao,
        fotos,
      });
      offers.push({
        id: randomUUID(),
        unit_id: unitId,
        owner_id: owner,
        status,
        aluguel,
        condominio,
        iptu,
        seguro_incendio: seguro,
        total: aluguel + condominio + iptu + seguro,
        garantias,
        caucao_meses: garantias.includes("caucao") ? r.int(1, 3) : null,
        prazo_meses: r.pick([12, 24, 30, 30, 30, 36]),
        reajuste: r.chance(0.6) ? "IGP-M" : "IPCA",
        disponivel_em: new Date(now + r.int(0, 60) * 86_400_000).toISOString().slice(0, 10),
        published_at: published,
        cidade_norm: normalizeText(place.cidade),
        bairro_norm: normalizeText(bairro),
        capa: fotos[0] ?? null,
        search_text: unitText,
      });
    }
    await withTransaction(pool, async (client) => {
      await insertUnits(client, units);
      await insertOffers(client, offers);
    });
    options.onProgress?.(done + n);
  }
  await analyzeListings(pool);
  return { offers: count, landlords: landlords.length, seconds: (performance.now() - started) / 1000 };
}
