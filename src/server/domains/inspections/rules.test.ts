import { describe, expect, it } from "vitest";
import { damageTotal, type InspectionContent } from "../../../shared/contracts/inspections";
import { isErrorCode } from "../../../shared/errors";
import {
  applyAccepted,
  checkComplete,
  checkDamage,
  exitFromEntry,
  openContests,
  reviewWindowEnd,
  type StoredReview,
} from "./rules";
import { templateFor } from "./service";

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
};

const graded = (content: InspectionContent): InspectionContent => ({
  ...content,
  comodos: content.comodos.map((r) => ({
    ...r,
    itens: r.itens.map((i) => ({ ...i, estado: "bom" as const })),
  })),
});

describe("the review window (Código Civil art. 132: the first day left out, the last counted)", () => {
  it("ends at the last instant of the 5th calendar day after the day the tenant was told, in Brasília", () => {
    // Told on 01/12/2026 at 10:00 in Brasília (13:00 UTC): until 06/12 23:59:59.999 Brasília.
    expect(reviewWindowEnd(new Date("2026-12-01T13:00:00Z"), 5).toISOString()).toBe(
      "2026-12-07T02:59:59.999Z",
    );
    // Told at 23:30 in Brasília on 01/12 (already 02/12 in UTC): still counted from 01/12.
    expect(reviewWindowEnd(new Date("2026-12-02T02:30:00Z"), 5).toISOString()).toBe(
      "2026-12-07T02:59:59.999Z",
    );
    // Told at 00:10 in Brasília on 02/12: one day later.
    expect(reviewWindowEnd(new Date("2026-12-02T03:10:00Z"), 5).toISOString()).toBe(
      "2026-12-08T02:59:59.999Z",
    );
    // Across a month's and a year's end, and with another window.
    expect(reviewWindowEnd(new Date("2026-12-29T15:00:00Z"), 5).toISOString()).toBe(
      "2027-01-04T02:59:59.999Z",
    );
    expect(reviewWindowEnd(new Date("2027-02-26T15:00:00Z"), 3).toISOString()).toBe(
      "2027-03-02T02:59:59.999Z",
    );
  });
});

describe("the report's content", () => {
  const apartment = templateFor("Apartamento");

  it("starts from the unit type's rooms, wet rooms with their fixtures, and every item ungraded", () => {
    expect(apartment.comodos.map((r) => r.nome)).toEqual([
      "Sala",
      "Quarto 1",
      "Quarto 2",
      "Cozinha",
      "Banheiro",
      "Área de serviço",
      "Varanda",
    ]);
    const kitchen = apartment.comodos.find((r) => r.nome === "Cozinha");
    expect(kitchen?.itens.map((i) => i.nome)).toContain("Louças e metais");
    expect(apartment.comodos[0]?.itens.map((i) => i.nome)).not.toContain("Louças e metais");
    expect(apartment.comodos.every((r) => r.itens.every((i) => i.estado === null))).toBe(true);
    expect(templateFor("Loja").comodos.map((r) => r.nome)).toContain("Fachada");
  });

  it("goes to review only with every item of every room graded", () => {
    expect(code(() => checkComplete(apartment))).toBe("inspection-incomplete");
    expect(code(() => checkComplete({ ...apartment, comodos: [] }))).toBe("inspection-incomplete");
    expect(code(() => checkComplete(graded(apartment)))).toBeUndefined();
    // Damage marked without saying what it is cannot go to the tenant either.
    const undescribed = graded(apartment);
    const first = undescribed.comodos[0]?.itens[0];
    if (first) first.dano = { descricao: " ", custo: 100 };
    expect(code(() => checkComplete(undescribed))).toBe("inspection-damage-description");
    expect(isErrorCode("inspection-incomplete")).toBe(true);
  });

  it("marks damage only on the exit report, and totals it", () => {
    const entry = graded(apartment);
    const exit = exitFromEntry(entry);
    expect(exit.comodos.map((r) => r.id)).toEqual(entry.comodos.map((r) => r.id));
    expect(exit.comodos.every((r) => r.itens.every((i) => i.estado === null && i.fotos.length === 0))).toBe(
      true,
    );
    const damaged: InspectionContent = {
      ...exit,
      comodos: exit.comodos.map((r, n) =>
        n > 1
          ? r
          : {
              ...r,
              itens: r.itens.map((i, k) =>
                k === 0 ? { ...i, dano: { descricao: "Furo", custo: 12_345 } } : i,
              ),
            },
      ),
    };
    expect(damageTotal(damaged)).toBe(24_690);
    expect(code(() => checkDamage("entrada", damaged))).toBe("inspection-damage-on-entry");
    expect(code(() => checkDamage("saida", damaged))).toBeUndefined();
  });

  it("takes the tenant's version of an accepted contest, with the tenant's note and photos", () => {
    const content = graded(apartment);
    const item = content.comodos[0]?.itens[1];
    if (!item) throw new Error("no item");
    const review: StoredReview = {
      decisao: "contesta",
      estado: "ruim",
      observacao: "Piso riscado perto da janela",
      fotos: ["00000000-0000-4000-8000-000000000001"],
      em: "2026-12-02T12:00:00Z",
      resposta: null,
    };
    const after = applyAccepted({ ...content }, item.id, review);
    const changed = after.comodos[0]?.itens[1];
    expect(changed?.estado).toBe("ruim");
    expect(changed?.observacao).toBe("Piso riscado perto da janela");
    expect(changed?.fotos).toEqual(review.fotos);
    expect(openContests({ [item.id]: review })).toEqual([item.id]);
    expect(
      openContests({ [item.id]: { ...review, resposta: { decisao: "aceita", motivo: null, em: "x" } } }),
    ).toEqual([]);
  });
});
