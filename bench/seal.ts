import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  appendCompletionCertificate,
  loadSealCertificate,
  type SealCertificate,
  sealPdf,
} from "../src/server/domains/contracts/seal";
import { renderContract } from "../src/server/domains/contracts/template";
import { base } from "../src/server/domains/contracts/template.fixture";
import { startTestTsa } from "../tests/support/tsa";
import { benchCompletion } from "./contract";

export interface SealFigures {
  contracts: number;
  p50: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * The seal's part of "last signature → sealed PDF stored" (issue 27): the certificate of
 * completion and the PAdES seal of `contracts` contracts, one after another, as the seal job
 * does them; without a TSA (B-B) and with OpenSSL's TSA on loopback (B-T with the DSS). The
 * first seal of each run is a warm-up (module loading, and the TSA's certificates learnt once).
 */
export async function benchSeal(contracts = 20): Promise<{ withoutTsa: SealFigures; withTsa: SealFigures }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chave-bench-pades-"));
  const tsa = await startTestTsa();
  try {
    const cert = await loadSealCertificate({ dataDir });
    const pdfs = await Promise.all(
      Array.from({ length: contracts + 1 }, (_, i) => renderContract({ ...base, numero: `BENCH-${i}` })),
    );
    const run = async (c: SealCertificate): Promise<SealFigures> => {
      const times: number[] = [];
      for (const [i, { bytes, sha256 }] of pdfs.entries()) {
        const t0 = performance.now();
        await sealPdf(await appendCompletionCertificate(bytes, benchCompletion(i, sha256)), c);
        if (i > 0) times.push(performance.now() - t0);
      }
      const sorted = times.sort((a, b) => a - b);
      return {
        contracts,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) as number,
      };
    };
    const withoutTsa = await run(cert);
    const withTsa = await run({ ...cert, tsa: { url: tsa.url, timeoutMs: 10_000 } });
    return { withoutTsa, withTsa };
  } finally {
    await tsa.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printSeal(f: { withoutTsa: SealFigures; withTsa: SealFigures }): void {
  const row = (label: string, s: SealFigures) =>
    `  ${label}, over ${s.contracts} contracts: p50 ${s.p50.toFixed(0)} ms · p99 ${s.p99.toFixed(0)} ms · max ${s.max.toFixed(0)} ms`;
  console.log("\nPAdES seal (certificate of completion + PDF/A + signature), one after another");
  console.log(row("without a TSA (B-B)", f.withoutTsa));
  console.log(`${row("with OpenSSL's TSA on loopback (B-T + DSS)", f.withTsa)} (target p99 ≤ 2000)`);
}

if (import.meta.url === `file://${process.argv[1]}`)
  printSeal(await benchSeal(Number(process.env.BENCH_SEAL_CONTRACTS ?? 20)));
