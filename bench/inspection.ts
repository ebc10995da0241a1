import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { vistoria } from "../src/server/domains/contracts/documents/vistoria";
import {
  appendCompletionCertificate,
  loadSealCertificate,
  sealPdf,
} from "../src/server/domains/contracts/seal";
import { base } from "../src/server/domains/contracts/template.fixture";
import { writePhotosArchive } from "../src/server/domains/inspections/archive";
import type { ObjectStore } from "../src/server/storage/object-store";
import type { InspectionView } from "../src/shared/contracts/inspections";
import { benchCompletion } from "./contract";

/*
 * Issue 31's benchmark: an inspection report of `photos` 12 MP phone JPEGs (made here) becomes
 * its signed laudo — the PDF with every photo's thumbnail and SHA-256, the certificate of
 * completion and the PAdES seal, as the document machine and the seal job do them. Goal ≤ 10 s and
 * ≤ 25 MB on this machine; the process's peak resident memory while writing it is printed too.
 */

export interface InspectionFigures {
  photos: number;
  photoMb: number;
  zipMs: number;
  zipMb: number;
  renderMs: number;
  sealMs: number;
  pdfMb: number;
  peakRssMb: number;
  baseRssMb: number;
}

/**
 * A 4000×3000 phone-like JPEG of about 3–6 MB: shapes at every scale (coarse noise enlarged, so a
 * thumbnail keeps detail as a real room's would) under the sensor's fine noise.
 */
async function phoneJpeg(seed: number): Promise<Buffer> {
  const grey = { r: 128, g: 128, b: 128 };
  const coarse = await sharp({
    create: {
      width: 160,
      height: 120,
      channels: 3,
      background: grey,
      noise: { type: "gaussian", mean: 90 + seed * 8, sigma: 70 },
    },
  })
    .resize(4000, 3000, { kernel: "cubic" })
    .png()
    .toBuffer();
  const fine = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: grey,
      noise: { type: "gaussian", mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  return sharp(coarse)
    .composite([{ input: fine, blend: "soft-light" }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

export async function benchInspection(photos = 200): Promise<InspectionFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chave-bench-vistoria-"));
  try {
    // Eight different photos; each of the 200 is one of them with its own bytes after the image's
    // end (ignored by decoders), so each has its own SHA-256 as 200 real photos would.
    const bases = await Promise.all(Array.from({ length: 8 }, (_, i) => phoneJpeg(i)));
    const bytesOf = (n: number) =>
      Buffer.concat([bases[n % bases.length] as Buffer, Buffer.from(`photo ${n}`)]);
    const ids = Array.from(
      { length: photos },
      (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    );
    const byId = new Map(ids.map((id, n) => [id, n]));
    const photoMb = ids.reduce((sum, _, n) => sum + bytesOf(n).length, 0) / 1e6;

    // Ten rooms of eight items; every item has photos, and each room two wide ones.
    const rooms = Array.from({ length: 10 }, (_, r) => ({
      id: `c${r}`,
      nome: `Cômodo ${r + 1}`,
      fotos: [] as string[],
      itens: Array.from({ length: 8 }, (_, i) => ({
        id: `i${r}-${i}`,
        nome: `Item ${i + 1}`,
        estado: "bom" as const,
        observacao: "Sem marcas de uso aparentes; funcionando.",
        fotos: [] as string[],
        dano: null,
      })),
    }));
    ids.forEach((id, n) => {
      const room = rooms[n % rooms.length];
      if (!room) return;
      if (room.fotos.length < 2) room.fotos.push(id);
      else room.itens[n % room.itens.length]?.fotos.push(id);
    });
    const report: InspectionView = {
      id: "00000000-0000-4000-8000-00000000aaaa",
      contractId: "00000000-0000-4000-8000-00000000bbbb",
      tipo: "entrada",
      status: "concluida",
      versao: 1,
      papel: "landlord",
      vistoriador: null,
      conteudo: { comodos: rooms, medidores: [], chaves: [{ descricao: "Porta da frente", quantidade: 2 }] },
      contestacoes: {},
      concordados: [],
      revisaoAte: "2026-12-07T02:59:59.999Z",
      concordanciaTacita: true,
      entrada: null,
      totalDanos: 0,
      documentoId: null,
      arquivoFotos: null,
      fotos: ids.map((id, n) => ({
        id,
        sha256: createHash("sha256").update(bytesOf(n)).digest("hex"),
        fileName: `IMG_${n}.jpg`,
        createdAt: "2026-12-01T13:00:00Z",
      })),
      historico: [{ em: "2026-12-01T13:00:00Z", quem: "Bench", acao: "iniciou", detalhe: null }],
    };

    const cert = await loadSealCertificate({ dataDir });
    global.gc?.();
    const baseRss = process.memoryUsage().rss;
    let peak = baseRss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const t0 = performance.now();
    // The originals' zip (what the laudo states the hash of), written to a folder as the file store does.
    const store = {
      read: async (id: string) => Readable.from([bytesOf(byId.get(id) ?? 0)]),
      putFile: (key: string, file: string) => fs.promises.copyFile(file, path.join(dataDir, key)),
    } as Pick<ObjectStore, "read" | "putFile"> as ObjectStore;
    const archive = await writePhotosArchive(store, report.fotos, new Date("2026-12-08T12:00:00Z"));
    report.arquivoFotos = { sha256: archive.sha256, tamanho: archive.size, fotos: archive.count };
    const tZip = performance.now();
    const { bytes, sha256 } = await vistoria.render(
      {
        numero: "BENCH-VISTORIA",
        dataEmissao: "2026-12-08",
        lease: { ...base, numero: "BENCH-LEASE", emails: { locador: "a@x.br", locatario: "b@x.br" } },
        data: {
          inspectionId: report.id,
          leaseSha256: "f".repeat(64),
          report,
          arquivoFotos: report.arquivoFotos,
        },
      } as Parameters<typeof vistoria.render>[0],
      { read: async (id) => bytesOf(byId.get(id) ?? 0) },
    );
    const t1 = performance.now();
    const sealed = await sealPdf(await appendCompletionCertificate(bytes, benchCompletion(0, sha256)), cert);
    const t2 = performance.now();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      photos,
      photoMb,
      zipMs: tZip - t0,
      zipMb: archive.size / 1e6,
      renderMs: t1 - tZip,
      sealMs: t2 - t1,
      pdfMb: sealed.length / 1e6,
      peakRssMb: peak / 1e6,
      baseRssMb: baseRss / 1e6,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printInspection(f: InspectionFigures): void {
  console.log(
    `\nInspection report → signed laudo (${f.photos} photos of 12 MP, ${f.photoMb.toFixed(0)} MB of originals)`,
  );
  console.log(
    `  originals' zip ${(f.zipMs / 1000).toFixed(1)} s (${f.zipMb.toFixed(0)} MB) · PDF with thumbnails and hashes ${(f.renderMs / 1000).toFixed(1)} s · certificate + seal ${(f.sealMs / 1000).toFixed(1)} s · together ${((f.zipMs + f.renderMs + f.sealMs) / 1000).toFixed(1)} s (target ≤ 10 s)`,
  );
  console.log(
    `  signed PDF ${f.pdfMb.toFixed(1)} MB (target ≤ 25 MB) · process memory ${f.baseRssMb.toFixed(0)} MB before, peak ${f.peakRssMb.toFixed(0)} MB while writing`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`)
  printInspection(await benchInspection(Number(process.env.BENCH_INSPECTION_PHOTOS ?? 200)));
