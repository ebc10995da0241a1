import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PDFDocument, PDFHexString, PDFName, PDFString } from "pdf-lib";

/*
 * PDF/A-2b (ISO 19005-2, level B): what an archive or ICP-Brasil's validator looks for to treat
 * the sealed contract as a long-term document. Our PDFs already embed every font (DejaVu through
 * fontkit) and draw nothing transparent; this adds the rest: the XMP metadata declaring
 * pdfaid:part 2 / conformance B with the same title, dates and tools as the Info dictionary, an
 * sRGB output intent (the colours are DeviceRGB), and the document ID in the trailer.
 */

export interface PdfAMeta {
  title: string;
  /** When the document was made; its Info and XMP creation date. */
  created: Date;
  /** When it was last changed (the seal's time). */
  modified: Date;
  /** The Info dictionary's Author, Subject and Keywords, which XMP must repeat (ISO 19005-2, 6.6.2.3). */
  author?: string | undefined;
  subject?: string | undefined;
  keywords?: string | undefined;
}

const CREATOR = "Chave";
const PRODUCER = "Chave (pdf-lib)";

let icc: Buffer | undefined;
/**
 * The sRGB IEC 61966-2.1 ICC profile, from pdfkit's package (which ships it for its own PDF/A
 * output): an npm dependency, so `npm install` brings it wherever the server runs.
 */
function srgbProfile(): Buffer {
  icc ??= fs.readFileSync(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve("pdfkit")),
      "data",
      "sRGB_IEC61966_2_1.icc",
    ),
  );
  return icc;
}

function xmlText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** ISO 8601 without milliseconds, the same instant as pdf-lib's "D:YYYYMMDDHHmmSSZ". */
function xmpDate(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function xmp(meta: PdfAMeta): string {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <pdfaid:part>2</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(meta.title)}</rdf:li></rdf:Alt></dc:title>
${meta.author ? `   <dc:creator><rdf:Seq><rdf:li>${xmlText(meta.author)}</rdf:li></rdf:Seq></dc:creator>\n` : ""}${
  meta.subject
    ? `   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(meta.subject)}</rdf:li></rdf:Alt></dc:description>\n`
    : ""
}${meta.keywords ? `   <pdf:Keywords>${xmlText(meta.keywords)}</pdf:Keywords>\n` : ""}   <xmp:CreatorTool>${CREATOR}</xmp:CreatorTool>
   <xmp:CreateDate>${xmpDate(meta.created)}</xmp:CreateDate>
   <xmp:ModifyDate>${xmpDate(meta.modified)}</xmp:ModifyDate>
   <xmp:MetadataDate>${xmpDate(meta.modified)}</xmp:MetadataDate>
   <pdf:Producer>${PRODUCER}</pdf:Producer>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * Makes a loaded document PDF/A-2b in place. Load it with `{ updateMetadata: false }`, or pdf-lib
 * rewrites the producer and dates on its own and the Info dictionary stops matching the XMP.
 */
export function makePdfA(doc: PDFDocument, meta: PdfAMeta): void {
  const created = new Date(Math.floor(meta.created.getTime() / 1000) * 1000);
  const modified = new Date(Math.floor(meta.modified.getTime() / 1000) * 1000);
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setCreator(CREATOR);
  if (meta.author) doc.setAuthor(meta.author);
  if (meta.subject) doc.setSubject(meta.subject);
  if (meta.keywords) doc.setKeywords([meta.keywords]);
  doc.setProducer(PRODUCER);
  doc.setCreationDate(created);
  doc.setModificationDate(modified);
  const { context, catalog } = doc;
  // Uncompressed, as ISO 19005 recommends, so that any tool (and our verifier) can read it.
  const metadata = context.stream(Buffer.from(xmp({ ...meta, created, modified }), "utf8"), {
    Type: "Metadata",
    Subtype: "XML",
  });
  catalog.set(PDFName.of("Metadata"), context.register(metadata));
  const profile = context.flateStream(srgbProfile(), { N: 3 });
  const intent = context.obj({
    Type: "OutputIntent",
    S: "GTS_PDFA1",
    OutputConditionIdentifier: PDFString.of("sRGB IEC61966-2.1"),
    Info: PDFString.of("sRGB IEC61966-2.1"),
    RegistryName: PDFString.of("http://www.color.org"),
    DestOutputProfile: context.register(profile),
  });
  catalog.set(PDFName.of("OutputIntents"), context.obj([context.register(intent)]));
  catalog.set(PDFName.of("MarkInfo"), context.obj({ Marked: false }));
  catalog.set(PDFName.of("Lang"), PDFString.of("pt-BR"));
  const id = createHash("md5").update(meta.title).update(created.toISOString()).digest("hex");
  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
}

/** The same, for bytes: loads, converts, saves. */
export async function toPdfA(bytes: Uint8Array, meta: PdfAMeta): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  makePdfA(doc, meta);
  return doc.save({ useObjectStreams: false });
}
