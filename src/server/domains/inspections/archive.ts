import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import type { ObjectStore } from "../../storage/object-store";
import type { PhotosArchive } from "./rules";

/** A photo of the report as the archive names it. */
export interface ArchivedPhoto {
  id: string;
  fileName: string;
}

/** An entry's name: its place in the report, the photo's id (unique) and its name, nothing a path could use. */
export function entryName(index: number, photo: ArchivedPhoto): string {
  const safe = photo.fileName
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(-80);
  return `${String(index + 1).padStart(3, "0")}-${photo.id.slice(0, 8)}-${safe || "foto"}`;
}

/**
 * Writes the report's original photos, as uploaded, into one zip stored beside them (issue 31: the
 * laudo states its SHA-256, so anyone holding the zip can show it is the one the parties signed).
 * Stored, not compressed (photos are already JPEG), one file at a time from the store into a
 * temporary file: a report of hundreds of photos never sits in memory. The time of every entry is
 * `at` (when the laudo was written), so the archive holds nothing but the photos and their order.
 */
export async function writePhotosArchive(
  store: ObjectStore,
  photos: ArchivedPhoto[],
  at: Date,
): Promise<PhotosArchive> {
  const key = randomUUID();
  const file = path.join(os.tmpdir(), `chave-vistoria-${key}.zip`);
  try {
    const zip = new yazl.ZipFile();
    const hash = createHash("sha256");
    let size = 0;
    const written = pipeline(
      zip.outputStream as Readable,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      fs.createWriteStream(file, { mode: 0o600 }),
    );
    for (const [i, photo] of photos.entries())
      zip.addReadStreamLazy(entryName(i, photo), { mtime: at, compress: false }, (cb) => {
        store.read(photo.id).then(
          (stream) => cb(null, stream),
          (err: Error) => cb(err, undefined as never),
        );
      });
    zip.end();
    await written;
    await store.putFile(key, file);
    return { key, sha256: hash.digest("hex"), size, count: photos.length };
  } finally {
    await fsp.rm(file, { force: true });
  }
}
