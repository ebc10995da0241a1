import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { DocumentVerification } from "../../../shared/contracts/contracts";
import { renderScreen } from "../../app/testing";
import { ViewDocumentScreen } from "./view-document-screen";

/*
 * Issue 27, item 7: a party's sealed contract on /ViewDocument says, besides valid and intact,
 * how it was sealed — the signature's type, the timestamp's time and TSA (or "sem carimbo do
 * tempo"), the certificate chain with each link trusted or not, the PDF/A the file declares — and
 * leads to the public page to check another file.
 */

const DOC = "0190a0c0-0000-7000-8000-00000000d0c5";
const user = { id: "u1", name: "Rafael Lima", email: "rafael@exemplo.com.br" };
const sealedPdf = {
  id: DOC,
  ownerId: "landlord",
  kind: "contrato",
  folder: "contratos",
  fileName: "Contrato 2026-000007 - assinado.pdf",
  contentType: "application/pdf",
  size: 48_213,
  sha256: "ab".repeat(32),
  customMetadata: {},
  createdAt: "2026-11-25T13:00:00Z",
  updatedAt: "2026-11-25T13:00:00Z",
  access: "reader",
};
const verdict = (
  over: Partial<Extract<DocumentVerification, { sealed: true }>> = {},
): DocumentVerification => ({
  sealed: true,
  numero: "2026-000007",
  intact: true,
  signatureValid: true,
  signer: "Imobiliária Exemplo Ltda",
  signedAt: "2026-11-25T13:00:00Z",
  sha256: "ab".repeat(32),
  problem: null,
  subFilter: "ETSI.CAdES.detached",
  timestamp: { genTime: "2026-11-25T13:00:02Z", tsa: "TSA Exemplo", valid: true },
  chain: [
    { subject: "Imobiliária Exemplo Ltda", issuer: "AC Exemplo Intermediária", trusted: true },
    { subject: "AC Exemplo Intermediária", issuer: "AC Exemplo Raiz", trusted: true },
    { subject: "AC Exemplo Raiz", issuer: "AC Exemplo Raiz", trusted: false },
  ],
  pdfA: "2B",
  ...over,
});

function open(v: DocumentVerification) {
  return renderScreen(<ViewDocumentScreen />, {
    path: `/ViewDocument?id=${DOC}`,
    user,
    api: {
      [`GET /api/storage/objects/${DOC}`]: sealedPdf,
      [`GET /api/contracts/verify/${DOC}`]: v,
      // The PDF itself is beside the point: its link is refused, and the page says so.
      [`POST /api/storage/objects/${DOC}/download-url`]: {
        status: 403,
        body: { code: "unauthorized", message: "unauthorized" },
      },
    },
  });
}

describe("a sealed contract's verification on /ViewDocument", { timeout: 30_000 }, () => {
  it("says the PAdES type, the timestamp's time and TSA, each link of the chain trusted or not, and PDF/A", async () => {
    open(verdict());
    const seal = await screen.findByTestId("seal-verdict", {}, { timeout: 5000 });
    // 13:00 UTC is 10:00 in Brasília.
    expect(seal).toHaveTextContent(
      "Assinatura digital válida e conteúdo íntegro: documento nº 2026-000007, selado por Imobiliária Exemplo Ltda em 25/11/2026, 10:00:00 (horário de Brasília).",
    );
    expect(within(seal).getByTestId("seal-type")).toHaveTextContent("PAdES (ETSI.CAdES.detached)");
    expect(within(seal).getByTestId("seal-timestamp")).toHaveTextContent(
      "25/11/2026, 10:00:02 (horário de Brasília), pela autoridade TSA Exemplo",
    );
    const links = within(seal).getAllByTestId("chain-link");
    expect(links.map((l) => l.textContent)).toEqual([
      "Imobiliária Exemplo Ltdaconfiávelemitido por AC Exemplo Intermediária",
      "AC Exemplo Intermediáriaconfiávelemitido por AC Exemplo Raiz",
      "AC Exemplo Raiznão confiávelautoassinado",
    ]);
    expect(within(seal).getByTestId("seal-pdfa")).toHaveTextContent("o arquivo declara PDF/A-2B");
  });

  it("says 'sem carimbo do tempo' for the older seal, which declares no PDF/A", async () => {
    open(
      verdict({
        subFilter: "adbe.pkcs7.detached",
        timestamp: null,
        chain: [
          { subject: "Chave - selo de contratos", issuer: "Chave - selo de contratos", trusted: false },
        ],
        pdfA: null,
      }),
    );
    const seal = await screen.findByTestId("seal-verdict", {}, { timeout: 5000 });
    expect(within(seal).getByTestId("seal-type")).toHaveTextContent(
      "PKCS#7 (adbe.pkcs7.detached), anterior ao PAdES",
    );
    expect(within(seal).getByTestId("seal-timestamp")).toHaveTextContent("sem carimbo do tempo");
    expect(within(seal).getByTestId("seal-chain")).toHaveTextContent("não confiável");
    expect(within(seal).getByTestId("seal-pdfa")).toHaveTextContent("o arquivo não declara PDF/A");
  });

  it("says in Portuguese what failed, never the verifier's English", async () => {
    open(verdict({ intact: false, problem: "digest mismatch" }));
    const changed = await screen.findByTestId("seal-verdict", {}, { timeout: 5000 });
    expect(changed).toHaveTextContent(
      "Atenção: este arquivo não é mais o que foi selado como documento nº 2026-000007 (algo mudou depois do selo).",
    );
    expect(changed).not.toHaveTextContent("digest mismatch");
  });

  it("says a signature that does not check, and a timestamp that does not", async () => {
    open(
      verdict({
        signatureValid: false,
        problem: "signature mismatch",
        timestamp: { genTime: "2026-11-25T13:00:02Z", tsa: null, valid: false },
      }),
    );
    const bad = await screen.findByTestId("seal-verdict", {}, { timeout: 5000 });
    expect(bad).toHaveTextContent("Atenção: a assinatura digital do documento nº 2026-000007 não confere.");
    expect(bad).not.toHaveTextContent("signature mismatch");
    expect(within(bad).getByTestId("seal-timestamp")).toHaveTextContent(
      "25/11/2026, 10:00:02 (horário de Brasília) — não confere",
    );
  });

  it("leads to the public page to check another file", async () => {
    open(verdict());
    const link = await screen.findByRole("link", { name: "Verificar outro arquivo" }, { timeout: 5000 });
    await userEvent.click(link);
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/Verificar$/);
  });
});

describe("a lease's sealed PDF on /ViewDocument", { timeout: 30_000 }, () => {
  it("shows the laudo de vistoria signed on it beside it, leading to the laudo's page", async () => {
    const lease = "0190a0c0-0000-7000-8000-0000000000aa";
    const laudo = "0190a0c0-0000-7000-8000-0000000000bb";
    renderScreen(<ViewDocumentScreen />, {
      path: `/ViewDocument?id=${DOC}`,
      user,
      api: {
        [`GET /api/storage/objects/${DOC}`]: { ...sealedPdf, contractId: lease },
        [`GET /api/contracts/verify/${DOC}`]: verdict(),
        [`POST /api/storage/objects/${DOC}/download-url`]: {
          status: 403,
          body: { code: "unauthorized", message: "unauthorized" },
        },
        "GET /api/contracts": [
          {
            id: lease,
            parentId: null,
            titulo: "Contrato de locação nº 2026-000007 – Rua A",
            status: "assinado",
          },
          {
            id: laudo,
            parentId: lease,
            titulo: "Laudo de vistoria nº 2026-000009 – Rua A",
            status: "assinado",
          },
        ],
      },
    });
    const beside = await screen.findByTestId("lease-documents");
    const link = within(beside).getByRole("link", { name: "Laudo de vistoria nº 2026-000009" });
    await userEvent.click(link);
    expect(screen.getByTestId("location")).toHaveTextContent(`/Clicksign?contrato=${laudo}`);
  });
});
