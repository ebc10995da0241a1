import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  appendCompletionCertificate,
  type CompletionInfo,
  loadSealCertificate,
  sealPdf,
} from "../src/server/domains/contracts/seal";
import { renderContract } from "../src/server/domains/contracts/template";
import { base } from "../src/server/domains/contracts/template.fixture";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** A certificate of completion like a real one: one signer, twelve steps of the trail. */
export function benchCompletion(i: number, sha256: string): CompletionInfo {
  return {
    numero: `BENCH-${i}`,
    sha256,
    signers: [
      {
        roleLabel: "LOCADOR(A)",
        nome: base.locador.nome,
        cpf: base.locador.cpf,
        email: "x@exemplo.com.br",
        signedAt: "21/11/2026",
      },
    ],
    events: Array.from({ length: 12 }, (_, k) => ({
      at: "21/11/2026 10:00",
      actor: base.locatario.nome,
      type: k % 2 === 0 ? "codigo_enviado" : "assinado",
      detail: null,
      ip: "127.0.0.1",
    })),
  };
}

/** Time to write a contract's PDF and to seal it (certificate of completion included), medians of `runs`. */
export async function benchContract(runs = 7): Promise<{ generateMs: number; sealMs: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chave-bench-seal-"));
  try {
    const cert = await loadSealCertificate({ dataDir });
    const generate: number[] = [];
    const seal: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const t0 = performance.now();
      const { bytes, sha256 } = await renderContract({ ...base, numero: `BENCH-${i}` });
      const t1 = performance.now();
      await sealPdf(await appendCompletionCertificate(bytes, benchCompletion(i, sha256)), cert);
      const t2 = performance.now();
      if (i === 0) continue; // warm-up
      generate.push(t1 - t0);
      seal.push(t2 - t1);
    }
    return { generateMs: median(generate), sealMs: median(seal) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
