import fontkit from "@pdf-lib/fontkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proposalBodyOf } from "../../../../tests/support/bodies";
import { builders } from "../../../../tests/support/builders";
import { personalProfileOf } from "../../../../tests/support/profiles";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import { isPrintableName } from "../../../shared/contracts/profile";
import { errorMessage } from "../../../shared/errors";
import { pdfBoxes } from "./pdf-boxes.fixture";
import { contractFonts } from "./pdf-writer";
import { renderContract } from "./template";
import { base } from "./template.fixture";

/*
 * A legal name printed without one of its letters is a wrong contract (issue 27): the embedded
 * font (DejaVu Sans) has no glyph for CJK, Arabic, emoji…, and pdf-lib would leave a gap. The forms
 * accept only letters the font prints; these tests hold both ends of that promise.
 */

let t: TestApp;
let b: ReturnType<typeof builders>;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(() => t.close());

describe("names the contract cannot print", () => {
  it("accepts no character the embedded fonts lack, in either case (every code point of the first three planes)", () => {
    const fonts = [contractFonts().regular, contractFonts().bold].map((bytes) => fontkit.create(bytes));
    const missing: string[] = [];
    let accepted = 0;
    for (let cp = 0; cp < 0x30000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (!isPrintableName(ch)) continue;
      accepted++;
      for (const form of [ch.normalize("NFC"), ch.toUpperCase(), ch.toLowerCase()])
        for (const c of form)
          for (const font of fonts)
            if (!font.hasGlyphForCodePoint(c.codePointAt(0) as number))
              missing.push(`U+${cp.toString(16).toUpperCase()} ${ch}`);
    }
    expect(missing).toEqual([]);
    // Latin with every accent: hundreds of letters, not a token list.
    expect(accepted).toBeGreaterThan(700);
  });

  it("refuses, with a pt-BR message, a profile name with a letter the contract cannot print", async () => {
    const person = await b.newUser("Wei");
    for (const nome of ["Li Wei 李伟", "Ana Souza 😀", "Omar الفاروق"]) {
      const res = await b.call(
        "PUT",
        "/api/profile/personal",
        person.cookie,
        personalProfileOf("x", { nomeCompleto: nome }),
      );
      expect(res.statusCode, nome).toBe(400);
      expect(JSON.stringify(res.json()), nome).toContain(errorMessage("name-unprintable"));
    }
  });

  it("refuses such a name for a co-tenant and a guarantor of a proposal", async () => {
    const { offerId } = await b.offer({ garantias: ["fiador", "caucao"] });
    const tenant = await b.person("Iara");
    const cases: Record<string, unknown>[] = [
      {
        cotenants: [{ nome: "Kim 김민수", cpf: "39053344705", email: "kim@exemplo.com.br", renda: 100_000 }],
      },
    ];
    for (const body of cases) {
      const res = await b.call(
        "POST",
        "/api/proposals",
        tenant.cookie,
        proposalBodyOf(offerId, "caucao", body),
      );
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(errorMessage("name-unprintable"));
    }
    const withGuarantor = proposalBodyOf(offerId, "fiador");
    const fiador = { ...(withGuarantor.fiador as Record<string, unknown>), nome: "Σωκράτης Παππάς" };
    const res = await b.call("POST", "/api/proposals", tenant.cookie, { ...withGuarantor, fiador });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(errorMessage("name-unprintable"));
  });

  it("prints every accepted name whole: accents of Portuguese, Polish, Vietnamese, German, Turkish, Nordic", async () => {
    const names = [
      "Łukasz Żółć D'Ávila",
      "Nguyễn Thị Ánh Tuyết",
      "Jürgen Groß-Weiß Jr.",
      "Çağrı Işıklı Gündoğdu",
      "Søren Ærø Åberg",
      "João Conceição Araújo",
    ];
    const data = {
      ...base,
      locador: { ...base.locador, nome: names[0] as string },
      locatario: { ...base.locatario, nome: names[1] as string },
      colocatarios: names
        .slice(2, 4)
        .map((nome, i) => ({ nome, cpf: ["39053344705", "15350946056"][i] as string })),
      testemunhas: names.slice(4).map((nome) => ({ nome, cpf: "87748248800" })),
    };
    const text = pdfBoxes((await renderContract(data)).bytes)
      .flatMap((p) => p.lines.map((l) => l.text))
      .join("\n");
    for (const [i, nome] of names.entries()) {
      expect(isPrintableName(nome), nome).toBe(true);
      // On its signature line as typed, and each party's in its qualification in capitals.
      expect(text, nome).toContain(nome);
      if (i < 4) expect(text, nome).toContain(nome.toUpperCase());
    }
  }, 60_000);
});
