import { createHash, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressProfileOf, personalProfileOf } from "../../../tests/support/profiles";
import { createTestApp, ORIGIN, signUp, type TestApp } from "../../../tests/support/test-app";
import { uploadBytes } from "../../../tests/support/tus";
import type { OfferView, SearchResult, UnitInput, UnitView } from "../../shared/contracts/listings";
import type { StoredDocument } from "../../shared/contracts/storage";
import { errorMessage } from "../../shared/errors";
import { insertDocument } from "./documents.repository";
import { photoInfos } from "./photo-renditions.repository";
import { PHOTO_JOBS, renderStoredPhoto } from "./photos";
import { renditionKey, renditionKeys, renditionWidths } from "./renditions";

/*
 * Decision 024: unit photos get WebP renditions and a placeholder by a job; the photo route serves
 * them by width with ETag, long caching and 304; existing photos get theirs from the backfill.
 */

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: ORIGIN,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
  });
}

/** A real photo-like JPEG: smooth noise (so it does not compress to nothing), `w`×`h`. */
async function makeJpeg(w: number, h: number, orientation?: number): Promise<Buffer> {
  const pipeline = sharp({
    create: {
      width: w,
      height: h,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .blur(2)
    .jpeg({ quality: 85 });
  return (orientation ? pipeline.withMetadata({ orientation }) : pipeline).toBuffer();
}

async function makePngOf(w: number, h: number): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .png()
    .toBuffer();
}

async function upload(cookie: string, bytes: Buffer, kind = "foto_unidade"): Promise<string> {
  const res = await uploadBytes(
    { baseUrl, cookie, origin: ORIGIN },
    bytes,
    {
      filename: "sala.jpg",
      kind,
      folder: "unidades",
    },
    16 * 1024 * 1024,
  );
  expect(res.status, res.body).toBeLessThan(300);
  return res.json<StoredDocument>().id;
}

async function storedBytes(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.app.storage.store.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const unitData = (fotos: string[]): UnitInput => ({
  tipo: "apartamento",
  cep: "05422-010",
  logradouro: "Rua dos Pinheiros",
  numero: "870",
  bairro: "Pinheiros",
  cidade: "São Paulo",
  uf: "SP",
  areaM2: 68,
  quartos: 2,
  banheiros: 1,
  vagas: 1,
  mobiliado: false,
  aceitaPets: true,
  descricao: "Sala clara com varanda.",
  fotos,
});

/** A unit showing `fotos`, with its offer published when `publish`. */
async function unitShowing(cookie: string, fotos: string[], publish: boolean) {
  const unit = await call("POST", "/api/units", { cookie, body: unitData(fotos) });
  expect(unit.statusCode, unit.body).toBe(201);
  const unitId = unit.json<UnitView>().id;
  const offer = await call("POST", "/api/offers", {
    cookie,
    body: {
      unidadeId: unitId,
      aluguel: 350000,
      garantias: ["seguro_fianca"],
      disponivelEm: "2026-12-01",
    },
  });
  expect(offer.statusCode, offer.body).toBe(201);
  const offerId = offer.json<OfferView>().id;
  if (publish) {
    // Publishing needs the owner's complete profile (decision 041).
    await call("PUT", "/api/profile/personal", { cookie, body: personalProfileOf("Dona") });
    await call("PUT", "/api/profile/address", { cookie, body: addressProfileOf() });
    expect((await call("POST", `/api/offers/${offerId}/publish`, { cookie })).statusCode).toBe(200);
  }
  return offerId;
}

describe("renditions", () => {
  it("are the standard widths, never wider than the photo", () => {
    expect(renditionWidths(4032)).toEqual([320, 640, 1024]);
    expect(renditionWidths(1024)).toEqual([320, 640, 1024]);
    expect(renditionWidths(700)).toEqual([320, 640, 700]);
    expect(renditionWidths(640)).toEqual([320, 640]);
    expect(renditionWidths(40)).toEqual([40]);
  });

  it("are made as WebP at each width when a unit photo is uploaded, with a placeholder", async () => {
    const u = await signUp(t.app);
    const id = await upload(u.cookie, await makeJpeg(1600, 1200));
    await t.settle();
    const info = (await photoInfos(t.database.pool, [id]))[id];
    expect(info).toMatchObject({ width: 1600, height: 1200, widths: [320, 640, 1024] });
    expect(info?.placeholder).toMatch(/^data:image\/webp;base64,/);
    const tiny = await sharp(Buffer.from((info?.placeholder ?? "").split(",")[1] ?? "", "base64")).metadata();
    expect(tiny).toMatchObject({ format: "webp", width: 16, height: 12 });
    for (const [i, width] of [320, 640, 1024].entries()) {
      const meta = await sharp(await storedBytes(renditionKey(id, i))).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: (width * 3) / 4 });
      // No EXIF (a phone's GPS position) in a copy.
      expect(meta.exif).toBeUndefined();
    }
  });

  it("never enlarge a small photo, and keep a PNG's full width as WebP", async () => {
    const u = await signUp(t.app);
    const id = await upload(u.cookie, await makePngOf(700, 400));
    await t.settle();
    expect((await photoInfos(t.database.pool, [id]))[id]?.widths).toEqual([320, 640, 700]);
    const widest = await sharp(await storedBytes(renditionKey(id, 2))).metadata();
    expect(widest).toMatchObject({ format: "webp", width: 700, height: 400 });
  });

  it("turn a photo as its EXIF orientation says, and give its size as shown", async () => {
    const u = await signUp(t.app);
    // Stored 1200×800 and marked "rotate 90°": a phone held upright.
    const id = await upload(u.cookie, await makeJpeg(1200, 800, 6));
    await t.settle();
    expect((await photoInfos(t.database.pool, [id]))[id]).toMatchObject({ width: 800, height: 1200 });
    const meta = await sharp(await storedBytes(renditionKey(id, 0))).metadata();
    expect(meta).toMatchObject({ width: 320, height: 480 });
  });

  it("are not made for other images (a scanned document), and are made once", async () => {
    const u = await signUp(t.app);
    const rg = await upload(u.cookie, await makeJpeg(800, 600), "rg_frente");
    await t.settle();
    expect(await photoInfos(t.database.pool, [rg])).toEqual({});
    const id = await upload(u.cookie, await makeJpeg(800, 600));
    await t.settle();
    const store = t.app.storage.store;
    expect(await renderStoredPhoto(t.database.pool, store, id, 40_000_000)).toBe("done");
    expect(await renderStoredPhoto(t.database.pool, store, randomUUID(), 40_000_000)).toBe("gone");
  });

  it("go with the photo when it is deleted", async () => {
    const u = await signUp(t.app);
    const id = await upload(u.cookie, await makeJpeg(800, 600));
    await t.settle();
    await storedBytes(renditionKey(id, 0));
    const res = await call("DELETE", `/api/storage/objects/${id}`, { cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(204);
    for (const key of renditionKeys(id)) await expect(storedBytes(key)).rejects.toThrow();
  });
});

describe("the photo route", () => {
  it("serves the rendition at least as wide as asked, with its ETag, a day's caching and 304", async () => {
    const u = await signUp(t.app);
    const original = await makeJpeg(1600, 1200);
    const id = await upload(u.cookie, original);
    await t.settle();
    await unitShowing(u.cookie, [id], true);

    const res = await call("GET", `/api/photos/${id}?w=500`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: "webp", width: 640 });
    const etag = `"${createHash("sha256").update(res.rawPayload).digest("hex")}"`;
    expect(res.headers.etag).toBe(etag);
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);

    const again = await call("GET", `/api/photos/${id}?w=500`, { headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // A list of tags, a weak one, or another width's tag.
    const listed = await call("GET", `/api/photos/${id}?w=640`, {
      headers: { "if-none-match": `"x", W/${etag}` },
    });
    expect(listed.statusCode).toBe(304);
    expect(
      (await call("GET", `/api/photos/${id}?w=1024`, { headers: { "if-none-match": etag } })).statusCode,
    ).toBe(200);

    // Wider than any rendition: the widest; none asked: the original, as uploaded.
    const wide = await call("GET", `/api/photos/${id}?w=4096`);
    expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ format: "webp", width: 1024 });
    const whole = await call("GET", `/api/photos/${id}`);
    expect(whole.headers["content-type"]).toBe("image/jpeg");
    expect(whole.rawPayload.equals(original)).toBe(true);
    expect(whole.headers.etag).toBe(`"${createHash("sha256").update(original).digest("hex")}"`);
  });

  it.each([
    ["w=abc"],
    ["w=0"],
    ["w=-5"],
    ["w=1.5"],
    ["w=4097"],
    ["w=99999999999999999999"],
    ["w="],
    ["w=320&w=640"],
  ])("refuses %s with a pt-BR message", async (query) => {
    const u = await signUp(t.app);
    const id = await upload(u.cookie, await makePngOf(50, 50));
    const res = await call("GET", `/api/photos/${id}?${query}`, { cookie: u.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(errorMessage("invalid-photo-width"));
  });

  it("refuses a parameter it does not know", async () => {
    const res = await call("GET", `/api/photos/${randomUUID()}?largura=320`);
    expect(res.statusCode).toBe(400);
  });

  it("keeps an unpublished unit's photo and its renditions to its owner", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const id = await upload(u.cookie, await makeJpeg(900, 600));
    await t.settle();
    await unitShowing(u.cookie, [id], false);
    for (const url of [`/api/photos/${id}`, `/api/photos/${id}?w=320`]) {
      expect((await call("GET", url)).statusCode).toBe(401);
      expect((await call("GET", url, { cookie: other.cookie })).statusCode).toBe(403);
      // Not even "not modified" for someone who guessed its tag.
      const mine = await call("GET", url, { cookie: u.cookie });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers["cache-control"]).toBe("private, no-cache");
      const guessed = { "if-none-match": String(mine.headers.etag) };
      expect((await call("GET", url, { headers: guessed })).statusCode).toBe(401);
      expect((await call("GET", url, { cookie: other.cookie, headers: guessed })).statusCode).toBe(403);
      expect((await call("GET", url, { cookie: u.cookie, headers: guessed })).statusCode).toBe(304);
    }
  });
});

describe("what the screens are told", () => {
  it("gives the search's card and the offer page the photo's size, placeholder and widths", async () => {
    const u = await signUp(t.app);
    const cover = await upload(u.cookie, await makeJpeg(1600, 1200));
    const second = await upload(u.cookie, await makePngOf(500, 500));
    await t.settle();
    const offerId = await unitShowing(u.cookie, [cover, second], true);

    const offer = (await call("GET", `/api/offers/${offerId}`)).json<OfferView>();
    expect(offer.unidade.fotosInfo[cover]).toMatchObject({
      width: 1600,
      height: 1200,
      widths: [320, 640, 1024],
    });
    expect(offer.unidade.fotosInfo[second]).toMatchObject({ width: 500, height: 500, widths: [320, 500] });

    // The newest published offer in Pinheiros with this text is this one.
    const search = await call("GET", "/api/search?bairro=Pinheiros&q=varanda&limit=100");
    expect(search.statusCode, search.body).toBe(200);
    const card = search.json<SearchResult>().items.find((o) => o.id === offerId);
    expect(card?.capaInfo).toMatchObject({ width: 1600, height: 1200, widths: [320, 640, 1024] });
    expect(card?.capaInfo?.placeholder).toMatch(/^data:image\/webp;base64,/);
  });
});

describe("the backfill", () => {
  it("makes renditions for a photo stored before they existed; until then the original serves", async () => {
    const u = await signUp(t.app);
    // Stored as before decision 024: bytes and a row, no job.
    const id = randomUUID();
    const png = await makePngOf(1200, 900);
    await t.app.storage.store.put(id, png);
    await insertDocument(t.database.pool, {
      id,
      owner_id: u.userId,
      kind: "foto_unidade",
      folder: "unidades",
      file_name: "antiga.png",
      content_type: "image/png",
      size: png.length,
      sha256: createHash("sha256").update(png).digest("hex"),
    });
    await unitShowing(u.cookie, [id], true);

    const before = await call("GET", `/api/photos/${id}?w=320`);
    expect(before.statusCode).toBe(200);
    expect(before.headers["content-type"]).toBe("image/png");
    // Asked by width but not made yet: cached briefly, so the rendition replaces it soon.
    expect(before.headers["cache-control"]).toBe("public, max-age=60");
    expect(await photoInfos(t.database.pool, [id])).toEqual({});

    await t.app.jobs.send(t.database.pool, PHOTO_JOBS.backfill, {});
    await t.settle();

    expect((await photoInfos(t.database.pool, [id]))[id]?.widths).toEqual([320, 640, 1024]);
    const after = await call("GET", `/api/photos/${id}?w=320`, {
      headers: { "if-none-match": String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(await sharp(after.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 320,
      height: 240,
    });
  });
});
