import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Upload } from "tus-js-client";
import { MAX_CHUNK_SIZE, RESUMABLE_THRESHOLD, UPLOAD_PATH } from "../src/shared/contracts/storage";

export const UPLOAD_BYTES = 100 * 1024 * 1024;
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 5);

/**
 * A real one-page PDF of `size` bytes, most of them a stream of random bytes (as a scanned file's
 * image is): the server opens what it is sent (storage/pdf-check.ts), so "%PDF-" followed by noise
 * is refused, as it would be from a person.
 */
export function payload(size: number): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n")];
  const offsets: number[] = [];
  let at = parts[0]?.length ?? 0;
  const add = (b: Buffer) => {
    parts.push(b);
    at += b.length;
  };
  objects.forEach((body, i) => {
    offsets.push(at);
    add(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`));
  });
  // What the rest of the file takes, so the stream fills the size asked for.
  const tail = (n: number) =>
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${[...offsets, n]
        .map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)
        .join("")}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${String(0).padStart(12, "0")}\n%%EOF\n`,
    );
  const streamHead = (length: number) =>
    Buffer.from(`4 0 obj\n<< /Length ${String(length).padStart(12, "0")} >>\nstream\n`);
  const streamEnd = Buffer.from("\nendstream\nendobj\n");
  const length = size - at - streamHead(0).length - streamEnd.length - tail(0).length;
  const streamAt = at;
  add(streamHead(length));
  add(randomBytes(length));
  add(streamEnd);
  const xrefAt = at;
  const end = tail(streamAt);
  parts.push(
    Buffer.from(
      end.toString("latin1").replace(/startxref\n\d{12}/, `startxref\n${String(xrefAt).padStart(12, "0")}`),
      "latin1",
    ),
  );
  return Buffer.concat(parts);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** One resumable upload with tus-js-client, chunks growing as the browser's do; seconds taken. */
function uploadOnce(base: string, cookie: string, bytes: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const upload: Upload = new Upload(bytes, {
      endpoint: `${base}${UPLOAD_PATH}`,
      headers: { cookie, origin: base },
      metadata: { filename: "bench.pdf", kind: "outro", folder: "bench" },
      uploadSize: bytes.length,
      chunkSize: RESUMABLE_THRESHOLD,
      retryDelays: null,
      onChunkComplete: (chunk) => {
        upload.options.chunkSize = Math.min(chunk * 2, MAX_CHUNK_SIZE);
      },
      onSuccess: () => resolve((performance.now() - started) / 1000),
      onError: reject,
    });
    upload.start();
  });
}

async function deleteAll(base: string, cookie: string) {
  const list = (await (
    await fetch(`${base}/api/storage/objects?folder=bench&pageSize=1000`, { headers: { cookie } })
  ).json()) as {
    items: { id: string }[];
  };
  for (const { id } of list.items)
    await fetch(`${base}/api/storage/objects/${id}`, { method: "DELETE", headers: { cookie, origin: base } });
}

/** The floor of any upload in Node here: one bare HTTP request piped into a file, no protocol. */
async function barePipe(bytes: Buffer, target: string, runs: number): Promise<number[]> {
  const server = http.createServer((req, res) => {
    void pipeline(req, fs.createWriteStream(target)).then(() => res.end("ok"));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        const req = http.request({ port, host: "127.0.0.1", method: "PATCH" }, (res) => {
          res.resume();
          res.on("end", resolve);
        });
        req.on("error", reject);
        req.end(bytes);
      });
      times.push((performance.now() - started) / 1000);
      await fsp.rm(target, { force: true });
    }
  } finally {
    server.close();
  }
  return times;
}

export interface UploadFigures {
  uploadSeconds: number;
  kernelCopySeconds: number;
  streamCopySeconds: number;
  barePipeSeconds: number;
}

/**
 * A 100 MiB resumable upload over loopback against a plain copy of the same bytes on the same
 * disk (the server's DATA_DIR), each the median of a few runs.
 */
export async function benchUpload(base: string, cookie: string, dataDir: string): Promise<UploadFigures> {
  const bytes = payload(UPLOAD_BYTES);
  const source = path.join(dataDir, "bench-source.bin");
  const target = path.join(dataDir, "bench-copy.bin");
  await fsp.writeFile(source, bytes);
  const uploads: number[] = [];
  const copies: number[] = [];
  const streamCopies: number[] = [];
  let pipes: number[] = [];
  try {
    await uploadOnce(base, cookie, bytes); // warm-up
    await deleteAll(base, cookie);
    for (let i = 0; i < RUNS; i++) {
      uploads.push(await uploadOnce(base, cookie, bytes));
      await deleteAll(base, cookie);
      const started = performance.now();
      await fsp.copyFile(source, target);
      copies.push((performance.now() - started) / 1000);
      await fsp.rm(target, { force: true });
      const streamed = performance.now();
      await pipeline(fs.createReadStream(source), fs.createWriteStream(target));
      streamCopies.push((performance.now() - streamed) / 1000);
      await fsp.rm(target, { force: true });
    }
    pipes = await barePipe(bytes, target, RUNS);
  } finally {
    fs.rmSync(source, { force: true });
    fs.rmSync(target, { force: true });
  }
  return {
    uploadSeconds: median(uploads),
    kernelCopySeconds: median(copies),
    streamCopySeconds: median(streamCopies),
    barePipeSeconds: median(pipes),
  };
}
