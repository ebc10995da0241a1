import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PRIVACY_POLICY_VERSION } from "../../../shared/privacy-policy";
import { renderScreen } from "../../app/testing";
import { PrivacidadeScreen } from "./privacidade-screen";

/*
 * /privacidade lists every kind of data Chave keeps (LGPD art. 9: the holder's access to clear
 * information on the processing), drawn signatures included (issue 28): each kind the data
 * export carries, and what it keeps that an export does not (e-mails, logs, the export itself).
 */
const KINDS: [string, RegExp][] = [
  ["account and sessions", /senha.*sessões abertas/s],
  ["profile", /CPF, RG.*data de nascimento.*telefone.*renda.*endereço/s],
  ["documents", /documentos que você envia/],
  ["units, offers, proposals, messages", /publica, propõe, negocia e escreve/],
  ["contracts and the audit trail", /contrato selado, quem assinou, quando, de que IP/],
  ["drawn signatures", /assinatura que cada pessoa que assina desenhou na tela/],
  ["signing codes", /código de confirmação.*hash/s],
  ["people a proposal names", /colocatários, uma pessoa fiadora.*testemunhas/s],
  ["searches, favourites, notices, settings", /buscas, favoritos, avisos.*layout.*histórico/s],
  ["analytics consent", /Medição de uso/],
  ["e-mails sent", /e-mails que a Chave envia/],
  ["logs and abuse counters", /registros técnicos do servidor.*contadores de tentativas/s],
  ["consent and deletion records", /escolhas de consentimento e de um pedido de exclusão/],
  ["data export copies", /arquivo \.zip.*24 horas/s],
];

describe("/privacidade", () => {
  it("lists every kind of data kept, drawn signatures included", async () => {
    renderScreen(<PrivacidadeScreen />, {
      api: {
        "GET /api/privacy": {
          policyVersion: PRIVACY_POLICY_VERSION,
          contact: null,
          analytics: false,
          posthog: null,
          contractRetentionYears: 10,
        },
      },
    });
    await screen.findByTestId("privacy-contact");
    const text = document.body.textContent ?? "";
    for (const [kind, words] of KINDS) expect(text, kind).toMatch(words);
  });
});
