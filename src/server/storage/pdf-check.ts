import { PDFDocument } from "pdf-lib";

/**
 * Whether bytes that start like a PDF are one a reader can open (issue 29): "%PDF-" followed by
 * random bytes passed the magic-number sniff and was kept as a document nobody could read. The
 * file is parsed with pdf-lib (as the contracts are written), strictly: an object it cannot read,
 * no catalogue, or no page at all is not a document. Encrypted PDFs are read as far as their
 * structure goes (their pages are counted without the password), so a bank's protected
 * statement still passes.
 */
export async function isReadablePdf(bytes: Uint8Array): Promise<boolean> {
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
}

export const UNREADABLE_PDF =
  "Não foi possível abrir este PDF: o arquivo parece corrompido ou incompleto. Gere o PDF de novo (ou salve o documento como PDF outra vez) e envie novamente.";
