import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Builders, builders, type Person } from "../../../tests/support/builders";
import { caller } from "../../../tests/support/market";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import type { OfferView, SearchResult } from "../../shared/contracts/listings";
import { formatBRL } from "../../shared/money";
import { PHOTO_SIZES } from "../../shared/photos";
import { BOOT_PATH, BOOT_SCRIPT } from "./boot";
import { escapeHtml, text } from "./html";
import { hasSessionCookie, homeSearch, PRERENDER_RESULTS } from "./prerender";
import { photoOf, preloadLink } from "./snapshots";

/*
 * The first paint without JavaScript (issue 18, decision 025): a visitor's `/` and
 * `/AluguelOferta?id=` carry a snapshot of their first screen; anything else, anyone signed in, and
 * any offer the public may not see get index.html as built.
 */

/** A build's index.html, as Vite writes it (the head's scripts and stylesheet, #root). */
const INDEX = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Chave</title>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Ef56.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Cd34.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>A Chave precisa de JavaScript ativado no navegador.</noscript>
  </body>
</html>`;

let t: TestApp;
let b: Builders;
let clientDir: string;
let landlord: Person;
/** A city of this run's own, so that other tests' offers never enter its searches. */
const run = randomBytes(4).toString("hex");
const city = `Cidade ${run}`;
/** Cities that do not begin like `city` (a search's place matches by its beginning). */
const nastyCity = `Outra ${run}`;
const closedCity = `Fechada ${run}`;
const NASTY = `<script>alert("x")</script> 'aspas' & $& $'`;
let older: string;
let newer: string;
let nasty: string;

const page = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const offerOf = async (id: string) => (await page(`/api/offers/${id}`)).json<OfferView>();
const title = (bairro: string) => text("listings.cardTitle", { tipo: "Apartamento", bairro });
/** The snapshot, or "" when the page came without one. */
const snapshotIn = (body: string) => /<div id="prerender">[\s\S]*?<\/main><\/div>/.exec(body)?.[0] ?? "";
const linkedIds = (body: string) =>
  [...snapshotIn(body).matchAll(/href="\/AluguelOferta\?id=([0-9a-f-]{36})"/g)].map((m) => m[1]);

beforeAll(async () => {
  clientDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-prerender-"));
  await fsp.writeFile(path.join(clientDir, "index.html"), INDEX);
  t = await createTestApp({ CLIENT_DIR: clientDir });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
  landlord = await b.person("Zuleica");
  const unit = { cidade: city, uf: "SP" };
  older = (await b.offer({ landlord, terms: { aluguel: 250000 }, unit: { ...unit, bairro: "Vila Antiga" } }))
    .offerId;
  newer = (
    await b.offer({
      landlord,
      terms: { aluguel: 310000 },
      unit: { ...unit, bairro: "Jardim Novo", mobiliado: false },
    })
  ).offerId;
  nasty = (
    await b.offer({
      landlord,
      unit: { cidade: nastyCity, uf: "SP", bairro: NASTY, descricao: `</p><img src=x onerror=alert(1)>` },
    })
  ).offerId;
  // The photos' renditions are made by a job after each upload: the snapshots name them.
  await t.settle();
});
afterAll(async () => {
  await t.close();
  await fsp.rm(clientDir, { recursive: true, force: true });
});

describe("the home's snapshot", () => {
  it("shows a visitor the first results, each title and price, with the first photo preloaded", async () => {
    const res = await page(`/?cidade=${encodeURIComponent(city)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    const snapshot = snapshotIn(res.body);
    expect(snapshot).toContain(text("home.title"));
    expect(linkedIds(res.body)).toEqual([newer, older]);
    for (const id of [newer, older]) {
      const offer = await offerOf(id);
      expect(snapshot).toContain(escapeHtml(title(offer.unidade.bairro)));
      expect(snapshot).toContain(formatBRL(offer.total));
      expect(snapshot).toContain(`${offer.unidade.bairro}, ${city} – SP`);
    }
    expect(snapshot).toContain("R$ 4.590,00");
    expect(snapshot).toContain("2 imóveis encontrados");
    // The first card's photo is asked for at once (and first), the others when scrolled to.
    // As the app's card asks for it: the same rendition's sources, so it is fetched once.
    const first = (await page(`/api/search?cidade=${encodeURIComponent(city)}`)).json<SearchResult>()
      .items[0];
    const photo = photoOf(first?.capa as string, first?.capaInfo, PHOTO_SIZES.card);
    expect(photo.srcset).toContain(`/api/photos/${first?.capa}?w=`);
    const preload = preloadLink(photo).value;
    expect(res.body).toContain(preload);
    expect(res.body.indexOf(preload)).toBeLessThan(res.body.indexOf("<script"));
    expect(snapshot).toContain(
      `<img src="${escapeHtml(photo.src)}" srcset="${escapeHtml(photo.srcset ?? "")}" sizes="${PHOTO_SIZES.card}"`,
    );
    expect(snapshot).toMatch(
      /<img [^>]*fetchpriority="high"[^>]*style="background-image:url\(&quot;data:image\/webp;base64,/,
    );
    expect(snapshot.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(snapshot.match(/loading="lazy"/g)).toHaveLength(1);
    // Before #root, which its CSS keeps out of the layout until the app releases the snapshot.
    expect(res.body.indexOf('<div id="prerender">')).toBeLessThan(res.body.indexOf('<div id="root">'));
    expect(res.body).toContain("#prerender~#root{display:none}");
    // The app's scripts are asked for once the page has loaded (the boot script adds them).
    expect(res.body).toContain(
      `<script defer src="${BOOT_PATH}" data-entry="/assets/index-Ab12.js" data-preload="/assets/react-Ef56.js"></script>`,
    );
    expect(res.body).not.toContain('type="module"');
    // The rest of the build's head and body are all still there.
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Cd34.css">');
    expect(res.body).toContain("<noscript>");
  });

  it("on a bare / shows the first results the API's default search gives", async () => {
    // Other tests publish offers meanwhile: the two answers are compared until they agree.
    let pageIds: (string | undefined)[] = [];
    let apiIds: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await page("/");
      const api = (await page(`/api/search?limit=${PRERENDER_RESULTS}`)).json<SearchResult>();
      pageIds = linkedIds(res.body);
      apiIds = api.items.map((o) => o.id);
      if (pageIds.join() === apiIds.join()) {
        for (const o of api.items) expect(res.body).toContain(formatBRL(o.total));
        break;
      }
    }
    expect(pageIds.length).toBeGreaterThan(0);
    expect(pageIds.length).toBeLessThanOrEqual(PRERENDER_RESULTS);
    expect(pageIds).toEqual(apiIds);
  });

  it("follows the filters the client reads, and sends the plain page for one the search refuses", async () => {
    const cheap = await page(`/?cidade=${encodeURIComponent(city)}&precoMax=4000&utm_source=jornal`);
    expect(linkedIds(cheap.body)).toEqual([older]);
    for (const query of ["precoMin=abc", "precoMin=5000&precoMax=100", "sort=nope", "uf=XX", "quartos=-1"]) {
      const res = await page(`/?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.body, query).toBe(INDEX);
    }
    // Exactly as typed (exato=1): otherwise the search reads it as the city it is like (decision 042).
    const none = await page(`/?cidade=${encodeURIComponent(`${city} nenhuma`)}&exato=1`);
    expect(snapshotIn(none.body)).toContain("Nenhum imóvel encontrado");
    expect(none.body).not.toContain('rel="preload"');
  });
});

describe("the offer's snapshot", () => {
  it("shows a visitor the offer's title, price and cover photo, never the owner or the address", async () => {
    const offer = await offerOf(newer);
    const cover = offer.unidade.fotos[0] as string;
    const photo = photoOf(cover, offer.unidade.fotosInfo[cover], PHOTO_SIZES.cover);
    const res = await page(`/AluguelOferta?id=${newer}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    const snapshot = snapshotIn(res.body);
    expect(snapshot).toContain(`<h1>${title("Jardim Novo")}</h1>`);
    expect(snapshot).toContain(formatBRL(offer.total));
    expect(snapshot).toContain(`${text("listings.rent")} R$ 3.100,00`);
    expect(snapshot).toContain("Sem mobília");
    expect(snapshot).toContain(
      `<img src="${escapeHtml(photo.src)}" srcset="${escapeHtml(photo.srcset ?? "")}"`,
    );
    expect(snapshot).toMatch(/<img [^>]*class="pr-cover" fetchpriority="high"/);
    expect(res.body).toContain(preloadLink(photo).value);
    for (const secret of ["Zuleica", landlord.fullName, "Praia de Botafogo", "22250", "apto 1201"])
      expect(res.body, secret).not.toContain(secret);
  });

  it("sends the plain page, 200, for an offer the public may not see, and for any malformed id", async () => {
    const closed = (await b.offer({ landlord, unit: { cidade: closedCity, uf: "SP" } })).offerId;
    const shut = await caller(t.app)("POST", `/api/offers/${closed}/close`, landlord.cookie);
    expect(shut.statusCode).toBe(200);
    for (const query of [
      `id=${closed}`,
      "id=00000000-0000-4000-8000-000000000000",
      "id=42",
      "id=%E0%A4%A",
      `id=${encodeURIComponent("<script>")}`,
      "id=",
      "",
      `unidade=${newer}`,
    ]) {
      const res = await page(`/AluguelOferta?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.body, query).toBe(INDEX);
    }
  });

  it("escapes what people typed: a bairro with markup, quotes and $-patterns stays text", async () => {
    const res = await page(`/AluguelOferta?id=${nasty}`);
    const snapshot = snapshotIn(res.body);
    expect(snapshot).toContain(
      "no bairro &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;aspas&#39; &amp; $&amp; $&#39;",
    );
    expect(snapshot).toContain("&lt;/p&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(res.body).not.toContain("<script>alert");
    expect(res.body).not.toContain("<img src=x");
    // The alt attribute, too.
    expect(snapshot).toMatch(/alt="Foto 1 de 1 – Apartamento no bairro &lt;script&gt;[^"]*"/);
    const home = await page(`/?cidade=${encodeURIComponent(nastyCity)}`);
    expect(linkedIds(home.body)).toEqual([nasty]);
    expect(home.body).not.toContain("<script>alert");
    // Only the build's own script: the snapshot adds none.
    expect(res.body.match(/<script/g)).toHaveLength(1);
  });
});

describe("who gets a snapshot", () => {
  it("sends a signed-in person the plain page", async () => {
    for (const url of ["/", `/AluguelOferta?id=${newer}`]) {
      const res = await page(url, landlord.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("knows a session cookie by its name, with or without the secure prefix", () => {
    expect(hasSessionCookie("chave.session_token=abc")).toBe(true);
    expect(hasSessionCookie("ph=1; __Secure-chave.session_token=abc.def")).toBe(true);
    expect(hasSessionCookie("ph=1; consent=yes")).toBe(false);
    expect(hasSessionCookie("note=session_token=1")).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });

  it("keeps every other client route plain", async () => {
    for (const url of ["/v3", "/Config", `/AluguelOfertaOLD?id=${newer}`, `/aluguelOferta?id=${newer}`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });
});

describe("the boot script", () => {
  it("is served as JavaScript from our origin, cached for good under its content's name", async () => {
    const res = await page(BOOT_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body).toBe(BOOT_SCRIPT);
  });
});

describe("the page's policy", () => {
  it("allows the inline CSS without weakening scripts: no nonce or hash that would void Mantine's inline styles", async () => {
    const res = await page(`/?cidade=${encodeURIComponent(city)}`);
    expect(res.body).toContain('<style id="prerender-style">');
    const csp = String(res.headers["content-security-policy"]);
    const directive = (name: string) =>
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .find((d) => d[0] === name)
        ?.slice(1) ?? [];
    expect(directive("style-src")).toContain("'unsafe-inline'");
    // A nonce or hash in style-src makes browsers ignore 'unsafe-inline' (and Mantine's style attributes).
    expect(directive("style-src").some((s) => /^'(nonce|sha\d+)-/.test(s))).toBe(false);
    expect(directive("script-src")).toEqual(["'self'"]);
    expect(directive("img-src")).toContain("'self'");
  });
});

describe("homeSearch", () => {
  it("reads the URL as the client does: its keys only, prices in reais, at most the first results", () => {
    const q = homeSearch(
      new URLSearchParams("precoMin=1.500&precoMax=3000&cidade=&tipo=casa&cursor=x&limit=99"),
    );
    expect(q).toMatchObject({ precoMin: 150, precoMax: 300000, tipo: "casa", limit: PRERENDER_RESULTS });
    expect(q).not.toHaveProperty("cidade");
    expect(q).not.toHaveProperty("cursor");
    expect(homeSearch(new URLSearchParams("pets=talvez"))).toBeNull();
  });
});
