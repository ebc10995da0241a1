import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { ensureRoom, footer, openWriter, type Writer, write } from "../pdf-writer";
import { type ContractParty, SIGNATURE_LINE, SIGNATURE_SPACE, signatureName } from "../template";

/*
 * What every document's PDF shares with the lease's: DejaVu Sans embedded, fixed dates (the same
 * data gives the same bytes and hash), the signature lines signature-stamps.ts finds by their
 * text, and the page footer. A kind writes its body between `openDocument` and `closeDocument`.
 */

/** A new A4 document titled `title`, dated `dataEmissao` (YYYY-MM-DD), ready to write on. */
export async function openDocument(title: string, dataEmissao: string): Promise<Writer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor("Chave");
  doc.setCreator("Chave");
  doc.setProducer("Chave");
  doc.setLanguage("pt-BR");
  const issued = new Date(`${dataEmissao}T12:00:00Z`);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  return openWriter(doc);
}

/** Each signer's line with its caption (signatureName: "LOCADOR(A): name – CPF …"), in the signers' order. */
export function writeSignatureLines(
  w: Writer,
  lines: ({ label: string } & Pick<ContractParty, "nome" | "cpf" | "empresa">)[],
): void {
  for (const l of lines) {
    // The space for the drawn signature, its line and the name stay on one page.
    ensureRoom(w, SIGNATURE_SPACE + 30);
    w.y -= SIGNATURE_SPACE;
    write(w, SIGNATURE_LINE, { gap: 0, keepWithNext: 30 });
    write(w, signatureName(l.label, l), { size: 9, gap: 8 });
  }
  write(w, "Assinado eletronicamente; a trilha de auditoria segue no certificado de conclusão anexo.", {
    size: 8,
  });
}

/** Numbers the pages ("<footerLabel> · Página i de n") and saves; the bytes and their SHA-256. */
export async function closeDocument(
  w: Writer,
  footerLabel: string,
): Promise<{ bytes: Uint8Array; sha256: string }> {
  footer(w.doc.getPages(), w.regular, (i, n) => `${footerLabel} · Página ${i} de ${n}`);
  const bytes = await w.doc.save({ useObjectStreams: false });
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}
