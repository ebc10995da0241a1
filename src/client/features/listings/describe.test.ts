import i18n from "i18next";
import { afterEach, describe, expect, it } from "vitest";
import { cardTitle, features, monthsText } from "./describe";

const t = i18n.t.bind(i18n);
const unit = { tipo: "apartamento", bairro: "Centro", quartos: 2, areaM2: 68, vagas: 1 } as const;

afterEach(() => void i18n.changeLanguage("pt-BR"));

describe("the words of an offer (pt-BR)", () => {
  it("never says 0 of a thing in the singular", () => {
    expect(features(t, { ...unit, quartos: 0, vagas: 0 })).toBe("68 m² · sem vaga");
    expect(features(t, { ...unit, quartos: 1, vagas: 1 })).toBe("1 quarto · 68 m² · 1 vaga");
    expect(features(t, { ...unit, quartos: 3, vagas: 2 })).toBe("3 quartos · 68 m² · 2 vagas");
    expect(t("listings.bathrooms", { count: 0 })).toBe("sem banheiro");
    expect(t("listings.bathrooms", { count: 1 })).toBe("1 banheiro");
  });

  it("names the bairro without guessing its article", () => {
    expect(cardTitle(t, unit)).toBe("Apartamento no bairro Centro");
    expect(cardTitle(t, { tipo: "casa", bairro: "Lapa" })).toBe("Casa no bairro Lapa");
  });

  it("says a term in months as people do", () => {
    expect(monthsText(t, 1)).toBe("1 mês");
    expect(monthsText(t, 30)).toBe("30 meses");
    expect(t("offer.term", { count: 1, index: "IPCA" })).toBe("Contrato de 1 mês, reajuste anual pelo IPCA");
    expect(t("offer.deposit", { count: 2, value: "R$ 5.000,00" })).toBe("Caução de 2 meses (R$ 5.000,00)");
  });

  it("has the same forms in English", async () => {
    await i18n.changeLanguage("en");
    expect(features(t, { ...unit, quartos: 1, vagas: 0 })).toBe("1 bedroom · 68 m² · no parking");
    expect(cardTitle(t, unit)).toBe("Apartment in Centro");
    expect(monthsText(t, 1)).toBe("1 month");
  });
});
