import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PUBLIC_VERIFY_MAX_BYTES, type PublicVerification } from "../../../shared/contracts/contracts";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { VerificarScreen } from "./verificar-screen";

/*
 * Issue 27, item 7: /Verificar, for anyone without an account — pick a PDF and read whether it is
 * a contract sealed here, unchanged since, and when; every refusal in Portuguese.
 */

const PATH = "POST /api/public/verify";

function open(answer: unknown) {
  const received: unknown[] = [];
  const fetch = renderScreen(<VerificarScreen />, {
    path: "/Verificar",
    api: {
      [PATH]: (body: unknown) => {
        received.push(body);
        return answer;
      },
    },
  }).fetch;
  return { fetch, received };
}

async function pick(file: File) {
  await screen.findByRole("button", { name: ptBR.verify.filePlaceholder }, { timeout: 5000 });
  // The button opens a hidden file input, which the picker fills.
  const hidden = document.querySelector('input[type="file"]');
  if (!(hidden instanceof HTMLInputElement)) throw new Error("no file input");
  await userEvent.upload(hidden, file);
}

const pdf = (name = "contrato.pdf", bytes = "%PDF-1.7\n") =>
  new File([bytes], name, { type: "application/pdf" });

describe("/Verificar", { timeout: 30_000 }, () => {
  it("sends the picked PDF as its bytes and says an authentic contract's number and seal time", async () => {
    const answer: PublicVerification = {
      result: "autentico",
      numero: "2026-000007",
      sealedAt: "2026-11-25T13:00:00Z",
      signatureValid: true,
      subFilter: "ETSI.CAdES.detached",
      timestamp: { genTime: "2026-11-25T13:00:02Z", tsa: "TSA Exemplo", valid: true },
      pdfA: "2B",
    };
    const { received } = open(answer);
    const file = pdf();
    await pick(file);
    const verdict = await screen.findByTestId("verify-verdict");
    expect(verdict).toHaveAttribute("data-result", "autentico");
    expect(verdict).toHaveTextContent("Contrato autêntico");
    expect(verdict).toHaveTextContent(
      "Este é o contrato nº 2026-000007, selado pela Chave em 25/11/2026, 10:00:00 (horário de Brasília), e nada nele mudou desde então.",
    );
    expect(verdict).toHaveTextContent("PAdES (ETSI.CAdES.detached)");
    expect(verdict).toHaveTextContent("pela autoridade TSA Exemplo");
    expect(verdict).toHaveTextContent("o arquivo declara PDF/A-2B");
    expect(received).toEqual([file]);
  });

  it("says 'sem carimbo do tempo' when the seal has none", async () => {
    open({
      result: "autentico",
      numero: "2026-000008",
      sealedAt: null,
      signatureValid: true,
      subFilter: "adbe.pkcs7.detached",
      timestamp: null,
      pdfA: null,
    } satisfies PublicVerification);
    await pick(pdf());
    const verdict = await screen.findByTestId("verify-verdict");
    expect(verdict).toHaveTextContent(
      "Este é o contrato nº 2026-000008, selado pela Chave, e nada nele mudou",
    );
    expect(verdict).toHaveTextContent("sem carimbo do tempo");
  });

  it("says a file changed after sealing, naming the contract it began as", async () => {
    open({
      result: "alterado",
      numero: "2026-000009",
      sealedAt: "2026-11-25T13:00:00Z",
    } satisfies PublicVerification);
    await pick(pdf());
    const verdict = await screen.findByTestId("verify-verdict");
    expect(verdict).toHaveAttribute("data-result", "alterado");
    expect(verdict).toHaveTextContent("Arquivo alterado depois de selado");
    expect(verdict).toHaveTextContent(
      "Este arquivo começou como o contrato nº 2026-000009, selado em 25/11/2026, 10:00:00 (horário de Brasília), mas foi modificado depois do selo.",
    );
  });

  it("says a changed file with this installation's seal, and a PDF it does not know", async () => {
    open({ result: "alterado", numero: null, sealedAt: null } satisfies PublicVerification);
    await pick(pdf());
    expect(await screen.findByTestId("verify-verdict")).toHaveTextContent(ptBR.verify.alterado.body);
  });

  it("says a PDF it does not know is not a contract sealed here", async () => {
    open({ result: "desconhecido" } satisfies PublicVerification);
    await pick(pdf("outro.pdf"));
    const verdict = await screen.findByTestId("verify-verdict");
    expect(verdict).toHaveAttribute("data-result", "desconhecido");
    expect(verdict).toHaveTextContent("Não é um contrato selado por esta Chave");
  });

  it("shows the server's refusal in Portuguese", async () => {
    open({ status: 415, body: { code: "not-a-pdf", message: ptBR.errors["not-a-pdf"] } });
    await pick(pdf("foto.pdf", "\u0089PNG"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Este arquivo não é um PDF.");
  });

  it("refuses a file over 20 MB without sending it", async () => {
    const { fetch } = open({ result: "desconhecido" });
    const big = pdf("grande.pdf");
    Object.defineProperty(big, "size", { value: PUBLIC_VERIFY_MAX_BYTES + 1 });
    await pick(big);
    expect(await screen.findByRole("alert")).toHaveTextContent(ptBR.errors["verify-file-too-large"]);
    await waitFor(() => expect(screen.queryByTestId("verify-verdict")).toBeNull());
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain("/api/public/verify");
  });
});
