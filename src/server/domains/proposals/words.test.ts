import { describe, expect, it } from "vitest";
import en from "../../../shared/locales/en.json";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderNotice } from "../../mail/words";
import { offerName, proposalText } from "./context";

/*
 * The proposals' notices are data (decision 048): a key under notices.proposal and its params,
 * worded in the reader's language. pt-BR says exactly what the e-mails said before; English is
 * English, offer title included.
 */

const KEYS = [
  "received",
  "approved",
  "accepted",
  "rejected",
  "countered",
  "counteredBack",
  "newGuarantor",
  "guarantorRequested",
  "documentsRequested",
  "documentsSent",
  "withdrawn",
  "closed",
  "expired",
  "deadlineSoon",
];

describe("a proposal's notice", () => {
  it("has a title, its lines and a button in both languages, for every step", () => {
    for (const locale of [ptBR, en]) {
      const words = locale.notices.proposal as unknown as Record<string, Record<string, unknown>>;
      for (const key of KEYS) {
        expect(typeof words[key]?.title, key).toBe("string");
        expect(Array.isArray(words[key]?.lines), key).toBe(true);
        expect(typeof words[key]?.action, key).toBe("string");
      }
    }
  });

  it("names the offer as the e-mails always did in pt-BR, and in English for an English reader", () => {
    const text = proposalText("guarantorRequested", offerName("studio", "Centro"), {
      reason: "O fiador não tem imóvel.",
      hours: 48,
    });
    expect(renderNotice("pt-BR", text)).toEqual({
      title: "Pedido de outra pessoa fiadora: Studio no bairro Centro",
      lines: [
        "A parte locadora pediu outra pessoa fiadora para a proposta de Studio no bairro Centro: O fiador não tem imóvel. Indique outra pessoa em até 48 horas.",
      ],
      action: "Ver a proposta",
    });
    expect(renderNotice("en", text)).toEqual({
      title: "Another guarantor requested: Studio in Centro",
      lines: [
        "The landlord asked for another guarantor on the proposal for Studio in Centro: O fiador não tem imóvel. Please name someone else within 48 hours.",
      ],
      action: "View the proposal",
    });
  });

  it("says an unknown kind of unit as 'Imóvel', as offerTitle does", () => {
    expect(renderNotice("pt-BR", proposalText("withdrawn", offerName("castelo", "Lapa"))).title).toBe(
      "Proposta retirada: Imóvel no bairro Lapa",
    );
  });

  it("words the reminder's deadline in Brasília's time, in the reader's way of writing it", () => {
    const text = proposalText("deadlineSoon", offerName("apartamento", "Tijuca"), {
      when: { date: "2026-12-01T15:30:00.000Z" },
    });
    expect(renderNotice("pt-BR", text).lines[0]).toBe(
      "A proposta para Apartamento no bairro Tijuca espera a sua resposta até 01/12/2026, 12:30 (horário de Brasília).",
    );
    expect(renderNotice("pt-BR", text).action).toBe("Responder");
    // ICU may put a narrow no-break space before PM.
    expect(renderNotice("en", text).lines[0]).toMatch(
      /^The proposal for Apartment in Tijuca awaits your reply by 12\/1\/26, 12:30\sPM \(Brasília time\)\.$/,
    );
  });
});
