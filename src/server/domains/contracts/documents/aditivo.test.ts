import { describe, expect, it } from "vitest";
import type { AmendmentChanges } from "../../../../shared/contracts/lease";
import { pdfText } from "../pdf-boxes.fixture";
import type { StoredContractData } from "../template";
import { crowded } from "../template.fixture";
import { type AmendmentData, aditivo, amendedLease } from "./aditivo";
import type { DocumentSource } from "./kind";

/*
 * The termo aditivo's signers and clauses (issue 33 item 1): whoever the change concerns signs —
 * the parties and every co-tenant always, the guarantor and spouse only where the change touches
 * the surety (Súmula 214 do STJ) — and only the changed clauses are written.
 */

const lease: StoredContractData = {
  ...crowded,
  emails: { locador: "locador@example.com", locatario: "locatario@example.com" },
};

function source(mudancas: AmendmentChanges, l = lease): DocumentSource<AmendmentData> {
  return {
    numero: "2027-ABC123",
    dataEmissao: "2027-02-01",
    lease: l,
    data: aditivo.parse({
      amendmentId: "7b0c6f38-4b4c-4f64-9f1e-1c1f7f0f2a11",
      por: "locatario",
      efeito: "2027-03-01",
      motivo: "Combinado entre as partes",
      mudancas,
      antes: {
        aluguel: l.termos.aluguel,
        prazoMeses: l.termos.prazoMeses,
        diaVencimento: l.termos.diaVencimento,
        garantia: l.termos.garantia,
        colocatarios: l.colocatarios.map((p) => ({ cpf: p.cpf, nome: p.nome })),
      },
      leaseSha256: "ab".repeat(32),
    }),
  };
}

const roles = (m: AmendmentChanges) => aditivo.signers(source(m)).map((s) => s.role);

describe("the termo aditivo", () => {
  it("is signed by the parties and the co-tenants; the guarantor and spouse only for rent, term or guarantee", () => {
    const all = ["locador", "locatario", "colocatario", "colocatario"];
    const surety = [...all, "fiador", "anuente"];
    expect(roles({ diaVencimento: 5 })).toEqual(all);
    expect(roles({ saemColocatarios: ["15350946056"] })).toEqual(all);
    expect(roles({ aluguel: 300_000 })).toEqual(surety);
    expect(roles({ prazoMeses: 42 })).toEqual(surety);
    expect(roles({ garantia: "caucao", caucaoMeses: 2 })).toEqual(surety);
    // Without a fiança, nobody else.
    const insured = {
      ...lease,
      fiador: null,
      termos: { ...lease.termos, garantia: "seguro_fianca" as const },
    };
    expect(aditivo.signers(source({ aluguel: 300_000 }, insured)).map((s) => s.role)).toEqual(all);
  });

  it("writes only the changed clauses, naming the lease and its hash, with a line for each signer", async () => {
    const { bytes } = await aditivo.render(source({ aluguel: 300_000, saemColocatarios: ["15350946056"] }), {
      read: async () => Buffer.alloc(0),
    });
    const text = pdfText(Buffer.from(bytes)).replace(/\s+/g, " ");
    expect(text).toContain(`contrato de locação nº ${lease.numero} (SHA-256 ${"ab".repeat(32)})`);
    expect(text).toContain("CLÁUSULA PRIMEIRA – DO ALUGUEL");
    expect(text).toContain(
      "A partir de 01/03/2027, o aluguel mensal passa a ser de R$ 3.000,00 (três mil reais)",
    );
    expect(text).toContain("CLÁUSULA SEGUNDA – DOS LOCATÁRIOS");
    expect(text).toContain(
      "Pedro Henrique Souza, CPF 153.509.460-56 deixa de integrar a locação a partir de 01/03/2027",
    );
    expect(text).not.toContain("DO PRAZO");
    expect(text).not.toContain("DO VENCIMENTO");
    expect(text).toContain("Permanecem inalteradas");
    expect(text.match(/_{20,}/g)?.length).toBe(6);
  });

  it("once sealed, the lease keeps it and takes its parties and guarantee", () => {
    const doc = { id: "9a1e0b7c-5d2f-4c3a-8e6b-0f1d2c3b4a59", numero: "2027-ABC123" };
    const after = amendedLease(
      lease,
      source({ saemColocatarios: ["15350946056"], garantia: "caucao", caucaoMeses: 2 }).data,
      doc,
    );
    expect(after.colocatarios.map((p) => p.cpf)).toEqual(["39053344705"]);
    expect(after.termos).toMatchObject({ garantia: "caucao", caucaoMeses: 2, aluguel: lease.termos.aluguel });
    expect(after.aditivos).toEqual([
      {
        contratoId: doc.id,
        numero: doc.numero,
        efeito: "2027-03-01",
        mudancas: { saemColocatarios: ["15350946056"], garantia: "caucao", caucaoMeses: 2 },
      },
    ]);
    // Money and term changes stay in `aditivos` (the ledger reads them by date), not in the terms.
    const rent = amendedLease(lease, source({ aluguel: 300_000, prazoMeses: 42 }).data, doc);
    expect(rent.termos).toEqual(lease.termos);
  });
});
