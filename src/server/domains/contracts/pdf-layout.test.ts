import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRACT_EVENTS } from "../../../shared/contracts/contracts";
import { layoutProblems, type PageBoxes, pdfBoxes } from "./pdf-boxes.fixture";
import { openWriter, WIDTH, wrap } from "./pdf-writer";
import {
  appendCompletionCertificate,
  type CompletionInfo,
  loadSealCertificate,
  type SealCertificate,
  sealPdf,
} from "./seal";
import { type ContractData, clauses, renderContract } from "./template";
import { base, crowded, crowdedEvents as events, crowdedSigners as signers } from "./template.fixture";

/*
 * The signed contract cannot be corrected after everyone signs: these tests read it as a reader
 * does (poppler's text boxes) and fail when a line is printed over another or leaves the page.
 */

let dataDir: string;
let cert: SealCertificate;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chave-layout-"));
  cert = await loadSealCertificate({ dataDir });
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function sealed(data: ContractData, info: Partial<CompletionInfo> = {}): Promise<Uint8Array> {
  const { bytes, sha256 } = await renderContract(data);
  const withCertificate = await appendCompletionCertificate(bytes, {
    numero: data.numero,
    sha256,
    signers,
    events,
    ...info,
  });
  return sealPdf(withCertificate, cert, new Date("2026-11-28T12:00:00Z"));
}

/** The certificate's pages: from the one that starts with its title. */
function certificatePages(pages: PageBoxes[]): PageBoxes[] {
  const first = pages.findIndex((p) => p.lines[0]?.text.startsWith("CERTIFICADO DE CONCLUSÃO"));
  expect(first, "the certificate's first page").toBeGreaterThan(0);
  return pages.slice(first);
}

/** Lines from the top of the first page to the bottom of the last, as read. */
const reading = (pages: PageBoxes[]) =>
  pages.flatMap((p) => [...p.lines].sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin).map((l) => l.text));

describe("the sealed contract as a reader sees it", () => {
  it("has no line printed over another and none off the page, with long names, seven signers (a guarantor's spouse among them) and 60 steps", async () => {
    const pages = pdfBoxes(await sealed(crowded));
    expect(layoutProblems(pages)).toEqual([]);
    // The spouse is qualified in the contract and signs on the certificate.
    const text = reading(pages).join(" ");
    expect(text).toContain("CÔNJUGE DO(A) FIADOR(A)");
    expect(text).toContain("Francisca Helena Cônjuge");
    // Every step of the trail is there, once each.
    expect(certificatePages(pages).flatMap((p) => p.lines).length).toBeGreaterThan(60);
  }, 60_000);

  it("lays out the contract's own pages for each guarantee and the smallest contract", async () => {
    const variants: ContractData[] = [
      base,
      {
        ...base,
        colocatarios: [],
        fiador: null,
        testemunhas: [],
        termos: { ...base.termos, garantia: "caucao", caucaoMeses: 3 },
      },
      { ...crowded, termos: { ...crowded.termos, garantia: "seguro_fianca" } },
      { ...crowded, termos: { ...crowded.termos, garantia: "titulo_capitalizacao" } },
    ];
    for (const data of variants) {
      const { bytes } = await renderContract(data);
      expect(layoutProblems(pdfBoxes(bytes)), data.termos.garantia).toEqual([]);
    }
  }, 60_000);

  it("puts each signer's signing time on that signer's row, and starts the trail below the signers", async () => {
    const lines = reading(certificatePages(pdfBoxes(await sealed(crowded))));
    const at = (text: string, from = 0) => lines.findIndex((l, i) => i >= from && l.includes(text));
    const trail = at("Trilha de auditoria");
    // A long name wraps: its first words start the signer's block.
    const start = (s: { roleLabel: string; nome: string }) =>
      `${s.roleLabel}: ${s.nome.split(" ").slice(0, 3).join(" ")}`;
    for (const [i, s] of signers.entries()) {
      const name = at(start(s));
      const following = signers[i + 1];
      const next = following ? at(start(following), name + 1) : trail;
      const time = at(s.signedAt ? `Assinou em ${s.signedAt}` : "Não assinou", name);
      expect(name, s.nome).toBeGreaterThan(-1);
      expect(time, `${s.nome}'s time`).toBeGreaterThan(name);
      expect(time, `${s.nome}'s time before the next signer`).toBeLessThan(next);
    }
    expect(trail).toBeGreaterThan(at("Signatários"));
  }, 60_000);

  it("never leaves a heading alone at the foot of a page", async () => {
    // Short signers' blocks, enough to bring the trail's heading to the foot of the first page.
    for (const count of [10, 11, 12, 13]) {
      const many = Array.from({ length: count }, (_, i) => ({
        ...(signers[i % signers.length] as CompletionInfo["signers"][number]),
        nome: `Pessoa ${i + 1}`,
        email: `p${i + 1}@exemplo.com.br`,
      }));
      const pages = certificatePages(
        pdfBoxes(await sealed(base, { signers: many, events: events.slice(0, 10) })),
      );
      for (const page of pages) {
        const sorted = [...page.lines].sort((a, b) => a.yMin - b.yMin);
        // The last line is the page's footer; the one above it is content.
        const lastContent = sorted.at(-2)?.text ?? "";
        expect(lastContent, `${count} signers, page ${page.number}`).not.toMatch(
          /^(Signatários|Trilha de auditoria)/,
        );
      }
    }
  }, 120_000);

  it("writes every step of the trail as a pt-BR phrase, never its code", async () => {
    const pages = certificatePages(pdfBoxes(await sealed(crowded)));
    const text = reading(pages).join("\n");
    for (const phrase of [
      "Contrato gerado",
      "Contrato enviado para assinatura",
      "Código enviado por e-mail",
      "Código confirmado",
      "Assinatura registrada",
      "Contrato selado digitalmente",
    ])
      expect(text).toContain(phrase);
    for (const type of CONTRACT_EVENTS) {
      if (type.includes("_")) expect(text).not.toContain(type);
      // The code with its underscore turned into a space, where a phrase should be.
      expect(text).not.toMatch(new RegExp(`(^|· )${type.replace("_", " ")}\\b`, "m"));
    }
    expect(text).not.toMatch(/\bcodigo\b/);
  }, 60_000);

  it("never ends a line with R$ and starts the next with its figure, over 150 contracts of different amounts and names", async () => {
    const w = await openWriter(await PDFDocument.create());
    const broken: string[] = [];
    for (let i = 0; i < 150; i++) {
      const data: ContractData = {
        ...base,
        locador: { ...base.locador, nome: `${base.locador.nome} ${"Silva ".repeat(i % 7)}`.trim() },
        termos: {
          ...base.termos,
          aluguel: 50_000 + i * 137_931,
          condominio: (i * 31_337) % 400_000,
          iptu: (i * 7_919) % 90_000,
          garantia: i % 2 ? "caucao" : "fiador",
          caucaoMeses: i % 2 ? 1 + (i % 3) : null,
        },
      };
      for (const [, text] of clauses(data))
        for (const line of wrap(text, w.regular, 10, WIDTH))
          if (/R\$$/.test(line)) broken.push(`contract ${i}: …${line.slice(-40)}`);
    }
    expect(broken).toEqual([]);
  });
});
