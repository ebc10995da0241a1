import i18n from "i18next";
import type { DetailedError } from "tus-js-client";
import { describe, expect, it, vi } from "vitest";
import type { StoredDocument } from "../../shared/contracts/storage";
import {
  MAX_CHUNK_SIZE,
  OPERATION_RETRY_LIMIT_MS,
  RESUMABLE_THRESHOLD,
} from "../../shared/contracts/storage";
import ptBR from "../../shared/locales/pt-BR.json";
import { ApiError } from "./api";
import {
  backoffDelay,
  errorFromTus,
  finishedDocument,
  isRetryableStatus,
  nextChunkSize,
  StorageError,
  withRetry,
} from "./storage";
import { storageErrorText } from "./storage-error-text";

/** A clock the retry loop can read and advance instead of sleeping. */
function fakeClock() {
  let now = 0;
  const waits: number[] = [];
  return {
    now: () => now,
    wait: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    waits,
  };
}

describe("storage retry policy", () => {
  it("retries what may pass: no answer, 5xx, 408 and 429, and nothing else", () => {
    for (const status of [0, undefined, 500, 502, 503, 504, 408, 429])
      expect(isRetryableStatus(status)).toBe(true);
    for (const status of [400, 401, 402, 403, 404, 409, 413, 415])
      expect(isRetryableStatus(status)).toBe(false);
  });

  it("backs off from 1 s, doubling to 64 s, with jitter", () => {
    expect(backoffDelay(0, () => 0)).toBe(1000);
    expect(backoffDelay(3, () => 0)).toBe(8000);
    expect(backoffDelay(20, () => 0)).toBe(64_000);
    expect(backoffDelay(0, () => 1)).toBe(1250);
  });

  it("succeeds after a few failures that may pass", async () => {
    const clock = fakeClock();
    const answers = [503, 429, 408];
    const result = await withRetry(
      async () => {
        const status = answers.shift();
        if (status) throw new ApiError("unknown", status, "x");
        return "ok";
      },
      { now: clock.now, wait: clock.wait },
    );
    expect(result).toBe("ok");
    expect(clock.waits).toHaveLength(3);
  });

  it("gives up with retry-limit-exceeded once 120 s have gone by", async () => {
    const clock = fakeClock();
    let calls = 0;
    const failing = withRetry(
      async () => {
        calls++;
        throw new ApiError("service-unavailable", 503, "x");
      },
      { now: clock.now, wait: clock.wait },
    );
    await expect(failing).rejects.toMatchObject({ code: "retry-limit-exceeded" });
    expect(clock.now()).toBeLessThanOrEqual(OPERATION_RETRY_LIMIT_MS);
    expect(clock.now()).toBeGreaterThan(OPERATION_RETRY_LIMIT_MS / 3);
    expect(calls).toBeGreaterThan(3);
  });

  it("fails at once on a refusal, keeping its code", async () => {
    const clock = fakeClock();
    const refused = withRetry(
      async () => {
        throw new ApiError("unauthorized", 403, "Você não tem permissão para fazer isso.");
      },
      { now: clock.now, wait: clock.wait },
    );
    await expect(refused).rejects.toBeInstanceOf(StorageError);
    await expect(refused).rejects.toMatchObject({ code: "unauthorized", status: 403 });
    expect(clock.waits).toEqual([]);
  });
});

describe("resumable chunks", () => {
  it("start at 256 KiB and double up to 32 MiB", () => {
    const sizes = [RESUMABLE_THRESHOLD];
    while (sizes.length < 12) sizes.push(nextChunkSize(sizes.at(-1) as number));
    expect(sizes.slice(0, 4)).toEqual([262_144, 524_288, 1_048_576, 2_097_152]);
    expect(sizes[7]).toBe(MAX_CHUNK_SIZE);
    expect(sizes.at(-1)).toBe(MAX_CHUNK_SIZE);
  });
});

/** What tus-js-client hands over when the server answered: the status and the body it read. */
function tusFailure(status: number, body: string): DetailedError {
  const err = new Error(`tus: unexpected response ${status}`) as DetailedError;
  err.originalResponse = {
    getStatus: () => status,
    getBody: () => body,
    getHeader: () => undefined,
    getUnderlyingObject: () => undefined,
  } as unknown as DetailedError["originalResponse"];
  return err;
}

describe("upload refusals", () => {
  it("keeps the server's code and pt-BR words for an image too large, and does not retry it", () => {
    const message =
      "A imagem é grande demais: tem 50.000 × 50.000 pixels, e o limite é de 40 megapixels. Reduza a imagem e envie de novo.";
    const error = errorFromTus(tusFailure(413, JSON.stringify({ code: "image-too-large", message })));
    expect(error).toMatchObject({ code: "image-too-large", status: 413, message });
    expect(isRetryableStatus(error.status)).toBe(false);
    expect(storageErrorText(error, i18n.t)).toBe(message);
  });

  it("says the catalogue's pt-BR words for the new refusals when the server gave none", () => {
    for (const [status, code] of [
      [413, "image-too-large"],
      [412, "unsupported-upload-version"],
      [400, "invalid-upload-header"],
      [400, "upload-concat-unsupported"],
      [415, "upload-content-type"],
      [400, "upload-length-required"],
      [403, "upload-finished"],
    ] as const) {
      const error = errorFromTus(tusFailure(status, JSON.stringify({ code })));
      expect(error.code).toBe(code);
      const text = storageErrorText(error, i18n.t);
      expect(text).toBe(ptBR.errors[code]);
      expect(text).not.toBe(`errors.${code}`);
    }
    expect(
      storageErrorText(errorFromTus(tusFailure(413, JSON.stringify({ code: "image-too-large" }))), i18n.t),
    ).toBe("A imagem é grande demais (em pixels). Reduza a imagem e envie de novo.");
  });

  it("falls back on the status when the answer is not ours", () => {
    expect(errorFromTus(tusFailure(403, "Forbidden")).code).toBe("unauthorized");
    expect(errorFromTus(new Error("offline")).code).toBe("network");
  });
});

describe("the document an upload became", () => {
  const doc = { id: "0b5e1c9e-6a63-4d5a-9a3e-3f4f1e2d7c11", fileName: "renda.pdf" } as StoredDocument;

  it("is the body of a POST that carried every byte", async () => {
    const read = vi.fn();
    expect(await finishedDocument(JSON.stringify(doc), `/api/storage/uploads/${doc.id}`, read)).toEqual(doc);
    expect(read).not.toHaveBeenCalled();
  });

  it("is read by the upload's id after a final PATCH's 204 (tus 1.0.0: no body) or a HEAD", async () => {
    const read = vi.fn(async (id: string) => ({ ...doc, id }));
    expect(await finishedDocument("", `http://localhost/api/storage/uploads/${doc.id}`, read)).toEqual(doc);
    expect(read).toHaveBeenCalledWith(doc.id);
  });

  it("is null when there is none to read", async () => {
    const gone = vi.fn(async () => {
      throw new StorageError("object-not-found", 404);
    });
    expect(await finishedDocument("", `/api/storage/uploads/${doc.id}`, gone)).toBeNull();
    expect(await finishedDocument("", null, gone)).toBeNull();
  });
});
