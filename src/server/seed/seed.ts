import { createHash, randomUUID } from "node:crypto";
import type pg from "pg";
import { GUARANTEES, normalizeText, offerTitle, type UnitType } from "../../shared/contracts/listings";
import { withTransaction } from "../db/client";
import type { ObjectStore } from "../storage/object-store";
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

/** Photos of the demo landlord, generated once and shared by the seeded units. */
async function seedPhotos(pool: pg.Pool, store: ObjectStore, ownerId: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    "SELECT id FROM documents WHERE owner_id = $1 AND folder = 'seed' ORDER BY file_name",
    [ownerId],
  );
  if (rows.length >= PHOTOS) return rows.map((r) => r.id);
  const ids: string[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const id = randomUUID();
    const png = housePng(i);
    await store.put(id, png);
    await pool.query(
      `INSERT INTO documents (id, owner_id, kind, folder, file_name, content_type, size, sha256)
       VALUES ($1, $2, 'foto_unidade', 'seed', $3, 'image/png', $4, $5)`,
      [
        id,
        ownerId,
        `casa-${String(i).padStart(2, "0")}.png`,
        png.length,
        createHash("sha256").update(png).digest("hex"),
      ],
    );
    ids.push(id);
  }
  return ids;
}

async function seedLandlords(pool: pg.Pool, count: number): Promise<string[]> {
  const ids: string[] = [];
  const names: string[] = [];
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(`seed-landlord-${i}`);
    names.push(
      `${FIRST_NAMES[i % FIRST_NAMES.length]} ${SURNAMES[Math.floor(i / FIRST_NAMES.length) % SURNAMES.length]}`,
    );
    emails.push(`anunciante${i}@exemplo.com.br`);
  }
  await pool.query(
    // Confirmed, like every account made before e-mail confirmation existed (decision 015).
    `INSERT INTO users (id, name, email, email_verified)
     SELECT *, true FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (id) DO NOTHING`,
    [ids, names, emails],
  );
  return ids;
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
    const u: Record<string, unknown[]> = {};
    const o: Record<string, unknown[]> = {};
    const push = (target: Record<string, unknown[]>, key: string, value: unknown) => {
      target[key] ??= [];
      target[key].push(value);
    };
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
      const fotos = Array.from({ length: r.int(1, 4) }, (_, k) => photos[(i + done + k * 5) % photos.length]);
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
      const published =
        status === "rascunho" ? null : new Date(now - r.int(0, 120 * 86_400) * 1000).toISOString();
      const unitText = normalizeText(
        `${tipo.replace("_", " ")} ${bairro} ${place.cidade} ${place.uf} ${descricao}`,
      );

      push(u, "id", unitId);
      push(u, "owner", owner);
      push(u, "tipo", tipo);
      push(
        u,
        "cep",
        `${place.cepPrefix}${String(r.int(0, 10 ** (8 - place.cepPrefix.length) - 1)).padStart(8 - place.cepPrefix.length, "0")}`,
      );
      push(u, "logradouro", r.pick(STREETS));
      push(u, "numero", String(r.int(1, 3000)));
      push(u, "bairro", bairro);
      push(u, "cidade", place.cidade);
      push(u, "uf", place.uf);
      push(u, "area", area);
      push(u, "quartos", quartos);
      push(u, "banheiros", tipo === "vaga_garagem" ? 0 : Math.max(1, quartos - r.int(0, 1)));
      push(u, "vagas", tipo === "vaga_garagem" ? 1 : r.int(0, 2));
      push(u, "mobiliado", mobiliado);
      push(u, "pets", pets);
      push(u, "descricao", descricao);
      push(u, "fotos", `{${fotos.join(",")}}`);

      push(o, "id", randomUUID());
      push(o, "unit", unitId);
      push(o, "owner", owner);
      push(o, "status", status);
      push(o, "aluguel", aluguel);
      push(o, "condominio", condominio);
      push(o, "iptu", iptu);
      push(o, "seguro", seguro);
      push(o, "total", aluguel + condominio + iptu + seguro);
      push(o, "garantias", `{${garantias.join(",")}}`);
      push(o, "caucao", garantias.includes("caucao") ? r.int(1, 3) : null);
      push(o, "prazo", r.pick([12, 24, 30, 30, 30, 36]));
      push(o, "reajuste", r.chance(0.6) ? "IGP-M" : "IPCA");
      push(o, "disponivel", new Date(now + r.int(0, 60) * 86_400_000).toISOString().slice(0, 10));
      push(o, "published", published);
      push(o, "cidadeNorm", normalizeText(place.cidade));
      push(o, "bairroNorm", normalizeText(bairro));
      push(o, "capa", fotos[0]);
      push(o, "search", unitText);
    }
    await withTransaction(pool, async (client) => {
      await client.query(
        `INSERT INTO units (id, owner_id, tipo, cep, logradouro, numero, bairro, cidade, uf, area_m2, quartos, banheiros,
           vagas, mobiliado, aceita_pets, descricao, fotos)
         SELECT id, owner, tipo, cep, logradouro, numero, bairro, cidade, uf, area, quartos, banheiros, vagas, mobiliado,
           pets, descricao, fotos::uuid[]
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
           $9::text[], $10::int[], $11::int[], $12::int[], $13::int[], $14::bool[], $15::bool[], $16::text[], $17::text[])
           AS t(id, owner, tipo, cep, logradouro, numero, bairro, cidade, uf, area, quartos, banheiros, vagas, mobiliado,
             pets, descricao, fotos)`,
        [
          "id",
          "owner",
          "tipo",
          "cep",
          "logradouro",
          "numero",
          "bairro",
          "cidade",
          "uf",
          "area",
          "quartos",
          "banheiros",
          "vagas",
          "mobiliado",
          "pets",
          "descricao",
          "fotos",
        ].map((k) => u[k]),
      );
      await client.query(
        `INSERT INTO offers (id, unit_id, owner_id, status, aluguel, condominio, iptu, seguro_incendio, total, garantias,
           caucao_meses, prazo_meses, reajuste, disponivel_em, published_at, tipo, uf, cidade, bairro, cidade_norm,
           bairro_norm, quartos, banheiros, vagas, area_m2, mobiliado, aceita_pets, capa, search_text)
         SELECT o.id, o.unit, o.owner, o.status, o.aluguel, o.condominio, o.iptu, o.seguro, o.total, o.garantias::text[],
           o.caucao, o.prazo, o.reajuste, o.disponivel::date, o.published::timestamptz, u.tipo, u.uf, u.cidade, u.bairro,
           o.cidade_norm, o.bairro_norm, u.quartos, u.banheiros, u.vagas, u.area_m2, u.mobiliado, u.aceita_pets, o.capa,
           o.search
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[],
           $9::bigint[], $10::text[], $11::int[], $12::int[], $13::text[], $14::text[], $15::text[], $16::text[],
           $17::text[], $18::uuid[], $19::text[])
           AS o(id, unit, owner, status, aluguel, condominio, iptu, seguro, total, garantias, caucao, prazo, reajuste,
             disponivel, published, cidade_norm, bairro_norm, capa, search)
         JOIN units u ON u.id = o.unit`,
        [
          "id",
          "unit",
          "owner",
          "status",
          "aluguel",
          "condominio",
          "iptu",
          "seguro",
          "total",
          "garantias",
          "caucao",
          "prazo",
          "reajuste",
          "disponivel",
          "published",
          "cidadeNorm",
          "bairroNorm",
          "capa",
          "search",
        ].map((k) => o[k]),
      );
    });
    options.onProgress?.(done + n);
  }
  await pool.query("ANALYZE units, offers");
  return { offers: count, landlords: landlords.length, seconds: (performance.now() - started) / 1000 };
}
