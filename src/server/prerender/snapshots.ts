import type { OfferCard, OfferView, PhotoInfo } from "../../shared/contracts/listings";
import type { UnitType } from "../../shared/listing-names";
import { formatBRL } from "../../shared/money";
import { PHOTO_SIZES, photoSources } from "../../shared/photos";
import { type Html, html, text, trusted } from "./html";

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

/** An <img> of a unit photo: its sources, its own size and its blurred placeholder, when made. */
export interface Photo {
  src: string;
  srcset?: string;
  sizes?: string;
  width?: number;
  height?: number;
  placeholder?: string;
}

/**
 * A unit photo drawn `sizes` wide, as the app's UnitPhoto asks for it (src/shared/photos.ts): the
 * same src, srcset and sizes, so the browser picks the same rendition for the snapshot, the
 * preload and the app, and fetches it once.
 */
export function photoOf(id: string, info: PhotoInfo | null | undefined, sizes: string): Photo {
  const { src, srcSet } = photoSources(id, info);
  return {
    src,
    ...(srcSet ? { srcset: srcSet, sizes } : {}),
    ...(info ? { width: info.width, height: info.height, placeholder: info.placeholder } : {}),
  };
}

/** The first photo on the screen is asked for at once and first; the others as they scroll in. */
function img(photo: Photo, alt: string, size: [number, number], first: boolean, className = "") {
  const [width, height] = photo.width && photo.height ? [photo.width, photo.height] : size;
  return html`<img src="${photo.src}"${photo.srcset ? html` srcset="${photo.srcset}" sizes="${photo.sizes ?? ""}"` : ""} alt="${alt}" width="${width}" height="${height}"${className ? html` class="${className}"` : ""}${first ? html` fetchpriority="high"` : html` loading="lazy"`} decoding="async"${photo.placeholder ? html` style="background-image:url(&quot;${photo.placeholder}&quot;)"` : ""}>`;
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
  return html`<header class="pr-bar"><div class="pr-wrap"><a class="pr-brand" href="/" aria-label="${text("nav.home", { app: text("app.name") })}"><img src="/favicon.svg" alt="" width="28" height="28">${text("app.name")}</a><div class="pr-row"><a class="pr-btn pr-subtle" href="/login">${text("nav.login")}</a><a class="pr-btn pr-primary" href="/signup">${text("nav.signup")}</a></div></div></header>`;
}

/** The tabler "adjustments-horizontal" icon the filters button shows. */
const FILTERS_ICON = trusted(
  '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M12 6a2 2 0 1 0 4 0a2 2 0 1 0 -4 0"/><path d="M4 6h8"/><path d="M16 6h4"/><path d="M6 12a2 2 0 1 0 4 0a2 2 0 1 0 -4 0"/><path d="M4 12h2"/><path d="M10 12h10"/><path d="M15 18a2 2 0 1 0 4 0a2 2 0 1 0 -4 0"/><path d="M4 18h11"/><path d="M19 18h1"/></svg>',
);

/**
 * The search's title and, where the app draws them, look-alikes of its layout switcher and (on a
 * phone) its filters button, so the results stand where the app's will. They do nothing until the
 * app replaces them a moment later, so they are hidden from assistive technology.
 */
function searchTools(): Html {
  const layouts = ["layoutCards", "layoutList", "layoutGrid", "layoutTable"].map(
    (key, i) => html`<span${i === 0 ? html` class="pr-on"` : ""}>${text(`search.${key}`)}</span>`,
  );
  return html`<div class="pr-title-row"><h2>${text("search.title")}</h2><div class="pr-seg" aria-hidden="true">${layouts}</div></div><div class="pr-filters" aria-hidden="true"><span class="pr-btn">${FILTERS_ICON}${text("search.filtersButton")}</span></div>`;
}

/**
 * A look-alike of the search's place box ("Onde você quer morar?", issue 29), where the app draws
 * it, so the results below it do not move when the app takes over; hidden from assistive
 * technology like the other look-alikes.
 */
function placeBox(): Html {
  return html`<div class="pr-where" aria-hidden="true"><p class="pr-where-label">${text("search.where")}</p><div class="pr-where-row"><span class="pr-input">${text("search.place")}</span><span class="pr-btn pr-primary">${text("search.apply")}</span></div></div>`;
}

function card(o: OfferCard, first: boolean): Html {
  const title = titleOf(o);
  const photo = o.capa
    ? img(photoOf(o.capa, o.capaInfo, PHOTO_SIZES.card), title, [400, 170], first)
    : html`<div class="pr-none" role="img" aria-label="${text("listings.noPhoto")}"></div>`;
  return html`<a class="pr-card" href="/AluguelOferta?id=${o.id}">${photo}<div class="pr-body"><p class="pr-price">${formatBRL(o.total)}<span class="pr-xs pr-dim"> ${text("listings.total").toLowerCase()}${text("listings.perMonth")}</span></p><p class="pr-xs pr-dim">${text("listings.rent")} ${formatBRL(o.aluguel)}</p><p class="pr-sm pr-strong">${title}</p><p class="pr-sm pr-dim">${placeOf(o)}</p><p class="pr-xs">${featuresOf(o)}</p>${
    o.mobiliado || o.aceitaPets
      ? html`<div class="pr-row pr-tags">${o.mobiliado ? html`<span class="pr-badge">${text("listings.furnished")}</span>` : ""}${o.aceitaPets ? html`<span class="pr-badge pr-teal">${text("listings.pets")}</span>` : ""}</div>`
      : ""
  }</div></a>`;
}

/** `/` for a visitor: the title on one line, then the search and its first results as cards. */
export function homeSnapshot(items: OfferCard[], total: number | null): Snapshot {
  const first = items[0];
  return {
    preload: first?.capa ? photoOf(first.capa, first.capaInfo, PHOTO_SIZES.card) : null,
    body: html`<div id="prerender">${header()}<main class="pr-wrap pr-main"><div class="pr-intro"><h1>${text("home.title")}</h1></div><section class="pr-results">${placeBox()}${searchTools()}${total !== null ? html`<p class="pr-count">${text("search.resultCount", { count: total })}</p>` : ""}${items.length > 0 ? html`<div class="pr-grid">${items.map((o, i) => card(o, i === 0))}</div>` : ""}</section></main></div>`,
  };
}

/** `/AluguelOferta?id=` for a visitor: the cover photo, the title, the price and the features. */
export function offerSnapshot(offer: OfferView): Snapshot {
  const u = offer.unidade;
  const title = titleOf(u);
  const cover = u.fotos[0] ? photoOf(u.fotos[0], u.fotosInfo[u.fotos[0]], PHOTO_SIZES.cover) : null;
  const photoAlt = `${text("offer.photoOf", { n: 1, total: u.fotos.length })} – ${title}`;
  return {
    preload: cover,
    body: html`<div id="prerender">${header()}<main class="pr-wrap pr-narrow pr-offer">${
      cover
        ? img(cover, photoAlt, [928, 320], true, "pr-cover")
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
