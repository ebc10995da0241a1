import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PhotoInfo, SearchResult } from "../../../shared/contracts/listings";
import { PHOTO_SIZES } from "../../../shared/photos";
import { renderScreen } from "../../app/testing";
import { Gallery } from "./offer-details";
import { offerCard } from "./offer-view.fixture";
import { OfferSearch } from "./search";
import { UnitPhoto } from "./unit-photo";

/* Decision 024: photos drawn at the size they are shown, in their own box, the first one first. */

const PLACEHOLDER = "data:image/webp;base64,UklGRhwAAABXRUJQVlA4IBAAAAAwAQCdASoBAAEAAQAcJaQAA3AA/v3AgAA=";
const info: PhotoInfo = { width: 1600, height: 1200, placeholder: PLACEHOLDER, widths: [320, 640, 1024] };
const [A, B] = ["0b7f3c1e-1a2b-4c3d-8e4f-5a6b7c8d9e0f", "1c8a4d2f-2b3c-4d4e-9f5a-6b7c8d9e0f1a"];

const card = (id: string, capa: string) => offerCard({ id, capa, capaInfo: info });
const api = {
  "/api/search": {
    items: [card("7b0e6c2a-4f1d-4b8e-9a3c-2d5e6f7a8b9c", A), card("8c1f7d3b-5a2e-4c9f-8b4d-3e6f7a8b9c0d", B)],
    nextCursor: null,
    total: 2,
  } satisfies SearchResult,
};

describe("a unit photo", { timeout: 30_000 }, () => {
  it("offers its renditions by width, in a box of its own size, lazily", async () => {
    renderScreen(<UnitPhoto id={A} info={info} sizes={PHOTO_SIZES.card} alt="Sala" h={170} />);
    const img = await screen.findByRole("img", { name: "Sala" });
    expect(img).toHaveAttribute(
      "srcset",
      `/api/photos/${A}?w=320 320w, /api/photos/${A}?w=640 640w, /api/photos/${A}?w=1024 1024w`,
    );
    expect(img).toHaveAttribute("src", `/api/photos/${A}?w=640`);
    expect(img).toHaveAttribute("sizes", PHOTO_SIZES.card);
    expect(img).toHaveAttribute("width", "1600");
    expect(img).toHaveAttribute("height", "1200");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).not.toHaveAttribute("fetchpriority");
    // The blurred placeholder fills the box until the photo arrives, then goes.
    expect(img.style.backgroundImage).toContain(PLACEHOLDER);
    fireEvent.load(img);
    expect(img.style.backgroundImage).toBe("");
  });

  it("is the original as uploaded until its renditions are made", async () => {
    renderScreen(<UnitPhoto id={A} alt="Sala" h={170} />);
    const img = await screen.findByRole("img", { name: "Sala" });
    expect(img).toHaveAttribute("src", `/api/photos/${A}`);
    expect(img).not.toHaveAttribute("srcset");
    expect(img).not.toHaveAttribute("sizes");
  });
});

describe("the first screen's largest photo", { timeout: 30_000 }, () => {
  it("is the first card's, asked for at once and first; the others wait until near", async () => {
    renderScreen(<OfferSearch />, { path: "/v3", api });
    await screen.findAllByTestId("result", {}, { timeout: 5000 });
    const [first, second] = screen.getAllByRole("img", { name: "Apartamento no bairro Centro" });
    expect(first).toHaveAttribute("fetchpriority", "high");
    expect(first).toHaveAttribute("loading", "eager");
    expect(first).toHaveAttribute("srcset", expect.stringContaining(`/api/photos/${A}?w=1024 1024w`));
    expect(second).toHaveAttribute("loading", "lazy");
    expect(second).not.toHaveAttribute("fetchpriority");
  });

  it("is the offer's cover in its gallery, drawn the container's width", async () => {
    renderScreen(<Gallery fotos={[A, B]} info={{ [A]: info }} alt="Apartamento" />);
    const cover = await screen.findByRole("img", { name: /Apartamento/ });
    expect(cover).toHaveAttribute("fetchpriority", "high");
    expect(cover).toHaveAttribute("sizes", PHOTO_SIZES.cover);
    expect(cover).toHaveAttribute("width", "1600");
  });
});
