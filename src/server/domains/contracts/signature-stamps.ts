import { PDFDocument } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { SignerRole } from "../../../shared/contracts/contracts";
import { SIGNATURE_LINE, SIGNATURE_SPACE } from "./template";

/*
 * The drawn signatures, printed on their signers' lines of the rendered contract (issue 27: the
 * ceremony asks for a drawing, and a lease whose lines stay blank reads as unsigned). The contract
 * leaves SIGNATURE_SPACE points free above each line, and its lines come in the signers' order
 * (plannedSigners: a signer's position is the index of their line), so each drawing is placed by
 * finding the lines in the PDF as a reader does (their text), not by a layout copied here.
 */

export interface SignatureStamp {
  role: SignerRole;
  /** The signer's place in the contract (contract_signers.position): the index of their line. */
  position: number;
  nome: string;
  /** contract_signers.signature_image: a PNG data URL, or null when the signer drew nothing. */
  image: string | null;
}

export interface SignatureLine {
  /** 0-based page index. */
  page: number;
  x: number;
  /** The line's baseline, from the page's bottom. */
  y: number;
  width: number;
  /** The text printed under the line ("LOCADOR(A): Helena … – CPF …"). */
  caption: string;
}

/** Every signature line of a rendered contract, in order, with the caption under it. */
export async function signatureLinesOf(pdf: Uint8Array): Promise<SignatureLine[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const lines: SignatureLine[] = [];
  try {
    for (let i = 1; i <= doc.numPages; i++) {
      const items = (await (await doc.getPage(i)).getTextContent()).items.flatMap((item) =>
        "str" in item ? [item] : [],
      );
      items.forEach((item, k) => {
        if (item.str !== SIGNATURE_LINE) return;
        const caption = items.slice(k + 1).find((next) => next.str.trim() !== "")?.str ?? "";
        lines.push({ page: i - 1, x: item.transform[4], y: item.transform[5], width: item.width, caption });
      });
    }
  } finally {
    await doc.destroy();
  }
  return lines;
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/;

/**
 * The contract with each signer's drawing above their signature line, scaled to fit the space
 * the template left (aspect kept, centred on the line). Signers without a drawing keep a blank
 * line. Throws when a signer's line is not where the contract's order puts it (a caption naming
 * someone else): a drawing on another person's line would be worse than none.
 */
export async function stampSignatures(pdf: Uint8Array, signers: SignatureStamp[]): Promise<Uint8Array> {
  const drawn = signers.filter((s) => s.image);
  if (drawn.length === 0) return pdf;
  const lines = await signatureLinesOf(pdf);
  const doc = await PDFDocument.load(pdf);
  for (const s of drawn) {
    const line = lines[s.position];
    if (!line?.caption.includes(s.nome))
      throw new Error(`signature line ${s.position} is not ${s.role}'s (${line?.caption ?? "missing"})`);
    const base64 = PNG_DATA_URL.exec(s.image ?? "")?.[1];
    if (!base64) continue;
    const png = await doc.embedPng(Buffer.from(base64, "base64"));
    const room = { width: line.width * 0.9, height: SIGNATURE_SPACE - 4 };
    const scale = Math.min(room.width / png.width, room.height / png.height);
    const width = png.width * scale;
    const height = png.height * scale;
    doc.getPage(line.page).drawImage(png, {
      x: line.x + (line.width - width) / 2,
      // Just above the underscores, which sit on the baseline.
      y: line.y + 2,
      width,
      height,
    });
  }
  return doc.save({ useObjectStreams: false });
}
