import { apiPaths } from "../../shared/api-paths";
import type { OfferCard, OfferView, UnitType } from "../../shared/contracts/listings";
import { formatBRL } from "../../shared/money";
import { type Html, html, text } from "./html";

/*
 * The snapshots: plain HTML of what the app draws first on `/` and on `/AluguelOferta?id=`, in
 * the words of the pt-BR locale and with the same formatting helpers the screens use, from the
 * same public views the API sends a visitor (never the owner's name or the unit's address).
 * Escaped by `html`: every offer field is someone's input.
 */

/** What a page gains: a preload in <head>, and the snapshot placed before #root. */
export interface Snapshot {
  /** The first paint's image, for a <link rel=preload> (null: none on the first screen). */
  preload: Photo | null;
  body: Html;
}

/** An <img>'s sources. */
export interface Photo {
  src: string;
  srcset?: string;
  sizes?: string;
}

/**
 * A unit photo's sources for an image drawn `sizes` wide. The API serves the photo as uploaded;
 * when it serves renditions by width, their srcset goes here (and so into the preload too).
 */
export function photoSources(id: string, sizes: string): Photo {
  void sizes;
  return { src: apiPaths.photo(id) };
}

/** How wide the photos are drawn: a card (1, 2 or 3 columns), the offer's gallery. */
export const CARD_SIZES = "(min-width: 62em) 370px, (min-width: 36em) 50vw, 100vw";
export const COVER_SIZES = "(min-width: 62em) 928px, 100vw";

function img(photo: Photo, alt: string, width: number, height: number, first: boolean, className = "") {
  return html`<img src="${photo.src}"${photo.srcset ? html` srcset="${photo.srcset}" sizes="${photo.sizes ?? ""}"` : ""} alt="${alt}" width="${width}" height="${height}"${className ? html` class="${className}"` : ""}${first ? html` fetchpriority="high"` : html` loading="lazy"`} decoding="async">`;
}

export function preloadLink(photo: Photo): Html {
  return html`<link rel="preload" as="image" href="${photo.src}"${photo.srcset ? html` imagesrcset="${photo.srcset}" imagesizes="${photo.sizes ?? ""}"` : ""} fetchpriority="high">`;
}

const typeName = (tipo: UnitType) => text(`listings.types.${tipo}`);
/** "Apartamento no bairro Pinheiros" (describe.ts's cardTitle). */
const titleOf = (o: { tipo: UnitType; bairro: string }) =>
  text("listings.cardTitle", { tipo: typeName(o.tipo), bairro: o.bairro });
const placeOf = (o: { bairro: string; cidade: string; uf: string }) =>
  text("listings.place", { bairro: o.bairro, cidade: o.cidade, uf: o.uf });
/** "2 quartos · 68 m² · 1 vaga" (describe.ts's features). */
const featuresOf = (o: { quartos: number; areaM2: number; vagas: number }) =>
  [
    ...(o.quartos > 0 ? [text("listings.bedrooms", { count: o.quartos })] : []),
    text("listings.area", { area: o.areaM2.toLocaleString("pt-BR") }),
    text("listings.parking", { count: o.vagas }),
  ].join(" · ");

/** The app's header bar as a visitor sees it. */
function header(): Html {
  return html`<header class="pr-bar"><div class="pr-wrap"><a class="pr-brand" href="/" aria-label="${text("nav.home", { app: text("app.name") })}"><img src="/favicon.svg" alt="" width="28" height="28">${text("app.name")}</a><div class="pr-row"><a class="pr-btn pr-subtle" href="/login">${text("nav.login")}</a><a class="pr-btn pr-primary pr-wide" href="/signup">${text("nav.signup")}</a></div></div></header>`;
}

function card(o: OfferCard, first: boolean): Html {
  const title = titleOf(o);
  const photo = o.capa
    ? img(photoSources(o.capa, CARD_SIZES), title, 400, 170, first)
    : html`<div class="pr-none" role="img" aria-label="${text("listings.noPhoto")}"></div>`;
  return html`<a class="pr-card" href="/AluguelOferta?id=${o.id}">${photo}<div class="pr-body"><p class="pr-price">${formatBRL(o.total)}<span class="pr-xs pr-dim"> ${text("listings.total").toLowerCase()}${text("listings.perMonth")}</span></p><p class="pr-xs pr-dim">${text("listings.rent")} ${formatBRL(o.aluguel)}</p><p class="pr-sm pr-strong">${title}</p><p class="pr-sm pr-dim">${placeOf(o)}</p><p class="pr-xs">${featuresOf(o)}</p>${
    o.mobiliado || o.aceitaPets
      ? html`<div class="pr-row pr-tags">${o.mobiliado ? html`<span class="pr-badge">${text("listings.furnished")}</span>` : ""}${o.aceitaPets ? html`<span class="pr-badge pr-teal">${text("listings.pets")}</span>` : ""}</div>`
      : ""
  }</div></a>`;
}

/** `/` for a visitor: the title and the two doors, then the first results as cards. */
export function homeSnapshot(items: OfferCard[], total: number | null): Snapshot {
  const first = items[0];
  return {
    preload: first?.capa ? photoSources(first.capa, CARD_SIZES) : null,
    body: html`<div id="prerender">${header()}<main class="pr-wrap pr-main"><div class="pr-intro"><h1>${text("home.title")}</h1><div class="pr-row"><a class="pr-btn pr-primary" href="/signup">${text("home.ctaSignup")}</a><a class="pr-btn" href="/login">${text("home.ctaLogin")}</a></div></div><section class="pr-results"><h2>${text("search.title")}</h2>${total !== null ? html`<p class="pr-count">${text("search.resultCount", { count: total })}</p>` : ""}${items.length > 0 ? html`<div class="pr-grid">${items.map((o, i) => card(o, i === 0))}</div>` : ""}</section></main></div>`,
  };
}

/** `/AluguelOferta?id=` for a visitor: the cover photo, the title, the price and the features. */
export function offerSnapshot(offer: OfferView): Snapshot {
  const u = offer.unidade;
  const title = titleOf(u);
  const cover = u.fotos[0] ? photoSources(u.fotos[0], COVER_SIZES) : null;
  const photoAlt = `${text("offer.photoOf", { n: 1, total: u.fotos.length })} – ${title}`;
  return {
    preload: cover,
    body: html`<div id="prerender">${header()}<main class="pr-wrap pr-narrow pr-offer">${
      cover
        ? img(cover, photoAlt, 928, 320, true, "pr-cover")
        : html`<div class="pr-none" role="img" aria-label="${text("listings.noPhoto")}"></div>`
    }<div class="pr-head"><div><h1>${title}</h1><p class="pr-dim">${placeOf(u)}</p></div><div class="pr-amount"><p class="pr-total">${formatBRL(offer.total)}<span class="pr-sm pr-dim">${text("listings.perMonth")}</span></p><p class="pr-sm pr-dim">${text("listings.rent")} ${formatBRL(offer.aluguel)}</p></div></div><div class="pr-row">${[
      featuresOf(u),
      text("listings.bathrooms", { count: u.banheiros }),
      text(u.mobiliado ? "listings.furnished" : "listings.unfurnished"),
      text(u.aceitaPets ? "listings.pets" : "listings.noPets"),
    ].map(
      (b) => html`<span class="pr-badge pr-outline">${b}</span>`,
    )}</div>${u.descricao ? html`<p class="pr-text">${u.descricao}</p>` : ""}</main></div>`,
  };
}
