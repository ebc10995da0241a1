import type { PageImage } from "./image-tools";

/**
 * Pages the camera hands to the converter. Blobs cannot travel in a URL, so they wait here, in
 * this tab's memory, for the next screen to take them (once).
 */
let pending: PageImage[] = [];

export function handOffPages(pages: PageImage[]): void {
  pending = pages;
}

export function takeHandedOffPages(): PageImage[] {
  const pages = pending;
  pending = [];
  return pages;
}
