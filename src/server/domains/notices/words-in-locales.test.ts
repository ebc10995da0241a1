import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../../shared/locales/en.json";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderNotice } from "../../mail/words";

/*
 * Decision 048: what people read comes from src/shared/locales, in their language. This test reads
 * the server's code (not its tests) for string literals that are pt-BR sentences and names each
 * one file:line. The files below keep pt-BR on purpose, or are the debt still to move, each with
 * why; a file listed here with no pt-BR left must leave the list.
 */

const SERVER = join(__dirname, "../..");

const KEPT_IN_PT_BR: Record<string, string> = {
  // The signed documents are the contract: their words are the law's, in Portuguese.
  "domains/contracts/template.ts": "the lease's legal text",
  "domains/contracts/documents/lease/index.ts": "the lease's file name",
  "domains/contracts/documents/page.ts": "a signed document's page",
  "domains/contracts/documents/kind.ts": "a company representative's signature line in every signed document",
  "domains/contracts/documents/vistoria/index.ts": "the laudo de vistoria's text (a signed document)",
  "domains/contracts/documents/recibo/index.ts": "the rent receipt's text (a sealed document)",
  "domains/contracts/documents/denuncia/index.ts": "the notice to leave's text (a signed document)",
  "domains/contracts/documents/aditivo/index.ts": "the termo aditivo's text (a signed document)",
  "domains/contracts/documents/rescisao/index.ts": "the termo de rescisão's text (a signed document)",
  "domains/contracts/seal.ts": "the certificate of completion (part of the sealed PDF)",
  "domains/contracts/sealing.ts":
    "the signature stamps' legal roles; the lease's sealed notice is next (below)",
  "domains/contracts/ceremony.ts": "the audit trail's details, printed in the certificate",
  "domains/contracts/webhook.ts": "the audit trail's details, printed in the certificate",
  "domains/contracts/contract-signers.repository.ts": "the audit trail's details, printed in the certificate",
  "domains/contracts/providers/clicksign.ts": "the envelope's name at Clicksign (its own e-mails are pt-BR)",
  "domains/contracts/providers/clicksign-envelopes.ts": "the message Clicksign's own e-mails carry",
  // The data export's readable copy is pt-BR by design (LGPD art. 19; issue 28).
  "domains/privacy/readable.ts": "the export's readable copy",
  "domains/privacy/exports.ts": "the export's readable copy",
  "domains/privacy/person-data.repository.ts": "the export's section titles",
  // Sample data and the operator's tools.
  "seed/data.ts": "the seed's sample offers",
  "backup/backup.ts": "the operator's backup command",
  "backup/restore.ts": "the operator's restore command",
  "server-registry.ts": "the operator's node list",
  // A proposal's timeline (proposal_events.detail) is its negotiation's record, kept as written
  // when it happened: the same column holds the parties' own messages, both sides and the data
  // export read it as stored, and a closing reason is part of what was agreed or refused. Kept.
  "domains/privacy/deletions.ts": "a proposal's closing reason, in its stored timeline",
  "domains/listings/service.ts": "a proposal's closing reason, in its stored timeline",
  "domains/proposals/conclude.ts": "a proposal's closing reason, in its stored timeline",
  "domains/proposals/expire.ts": "a proposal's expiry reason, in its stored timeline",
  // Debt: not notices nor e-mails, each its own change (README "Decisions", 048).
  "domains/preferences/changes.ts": "/PreferencesHist's descriptions of what changed",
  "storage/service.ts": "an upload's refusal detail",
  "storage/pdf-check.ts": "an upload's refusal detail",
  "plugins/security.ts": "the flood ceiling's page",
  "auth/users.repository.ts": "an erased account's stored name",
  "domains/contracts/review.ts": "the audit trail's details and the lease's file name",
  "domains/profile/profiles.repository.ts": "a place's name",
};

const PT_WORD =
  /[áàâãéêíóôõúçÁÀÂÃÉÊÍÓÔÕÚÇ]|\b(?:você|não|seu|sua|foi|está|uma|pelo|pela|são|até|aviso|contrato|assinatura|proposta|oferta|olá|para|que)\b/i;
const LITERAL = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g;

/** The literal's words once its `${…}` are out; a URL or a path is not a sentence. */
function isPtSentence(literal: string): boolean {
  const text = literal.slice(1, -1).replace(/\$\{[^}]*\}/g, " ");
  if (/https?:\/\/|^\/|\?\w+=/.test(text)) return false;
  if ((text.match(/[A-Za-zÀ-ÿ]{2,}/g) ?? []).length < 2) return false;
  return PT_WORD.test(text);
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") && !e.name.endsWith(".fixture.ts")
      ? [path]
      : [];
  });
}

function ptSentences(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const path of sources(SERVER)) {
    const file = relative(SERVER, path);
    readFileSync(path, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (/^\s*(?:\/\/|\*|\/\*)/.test(line)) return;
        for (const [literal] of line.matchAll(LITERAL))
          if (isPtSentence(literal))
            found.set(file, [...(found.get(file) ?? []), `${file}:${i + 1}: ${literal.slice(0, 80)}`]);
      });
  }
  return found;
}

describe("words in the locales (decision 048)", () => {
  const found = ptSentences();

  it("leaves no pt-BR sentence in the server's code outside the files that keep it, each with its reason", () => {
    const strays = [...found].filter(([file]) => !(file in KEPT_IN_PT_BR)).flatMap(([, lines]) => lines);
    expect(strays).toEqual([]);
  });

  it("lists only files that still have pt-BR", () => {
    // A file another change is still writing (or has moved) is not held against the list.
    const stale = Object.keys(KEPT_IN_PT_BR).filter(
      (file) => existsSync(join(SERVER, file)) && !found.has(file),
    );
    expect(stale).toEqual([]);
  });

  it("finds a pt-BR sentence where there is one, and not in an English log message or a path", () => {
    expect(isPtSentence('"Você tem uma mensagem não lida"')).toBe(true);
    const slot = (name: string) => `\${${name}}`;
    expect(isPtSentence(`\`Contrato nº ${slot("n")} cancelado\``)).toBe(true);
    expect(isPtSentence('"e-mail not sent yet; it will be retried"')).toBe(false);
    expect(isPtSentence(`\`${slot("url")}/Clicksign?contrato=${slot("id")}\``)).toBe(false);
  });

  it("has every notice in both languages, with the same lines", () => {
    const keys = (tree: object, prefix = ""): string[] =>
      Object.entries(tree).flatMap(([k, v]) =>
        v && typeof v === "object" && !Array.isArray(v)
          ? "title" in v || "title_other" in v
            ? [`${prefix}${k}`]
            : keys(v, `${prefix}${k}.`)
          : [],
      );
    const notices = keys(ptBR.notices);
    expect(notices.length).toBeGreaterThan(15);
    expect(keys(en.notices).sort()).toEqual([...notices].sort());
    for (const key of notices) {
      const pt = renderNotice("pt-BR", { key, params: { count: 2 } });
      const english = renderNotice("en", { key, params: { count: 2 } });
      expect(pt.title, key).not.toBe(`notices.${key}`);
      expect(english.title, key).not.toBe(pt.title);
    }
  });
});
