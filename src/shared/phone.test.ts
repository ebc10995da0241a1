import fc from "fast-check";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { personalInput } from "./contracts/profile";
import ptBR from "./locales/pt-BR.json";
import { nationalPhoneDigits, phoneProblem } from "./phone";

/*
 * Issue 28 (11): a probe found 380 of 720 numbers accepted that a reference validator refuses (area
 * codes that do not exist, eight-digit numbers that are not landlines). Two oracles, each
 * independent of src/shared/phone.ts, judge every probe here:
 *
 * 1. ANATEL's list of the 67 area codes (Plano Geral de Códigos Nacionais), written out again
 *    below by region, with its numbering rules: nine digits starting with 9 for a mobile, eight
 *    starting with 2 to 5 for a landline;
 * 2. libphonenumber-js with its "max" metadata (Google's libphonenumber data): valid for BR, and
 *    of type MOBILE with nine digits or FIXED_LINE.
 *
 * The one place the two differ is kept out of (2) on purpose: libphonenumber still reads an
 * eight-digit number starting with 7 as a mobile (the radio numbers of the SME), which no longer
 * exist since every mobile got its ninth digit (ANATEL, Resolução nº 553/2010, done in 2016).
 */

/** ANATEL's area codes, by region (from the list ANATEL publishes, not from phone.ts). */
const ANATEL_DDD = [
  // Sudeste
  "11 12 13 14 15 16 17 18 19",
  "21 22 24 27 28",
  "31 32 33 34 35 37 38",
  // Sul
  "41 42 43 44 45 46 47 48 49",
  "51 53 54 55",
  // Centro-Oeste and Norte (61–69)
  "61 62 63 64 65 66 67 68 69",
  // Nordeste (Bahia, Sergipe)
  "71 73 74 75 77 79",
  // Nordeste
  "81 82 83 84 85 86 87 88 89",
  // Norte and Maranhão
  "91 92 93 94 95 96 97 98 99",
]
  .join(" ")
  .split(" ")
  .map(Number);

function anatelAccepts(digits: string): boolean {
  if (!/^\d{10,11}$/.test(digits) || !ANATEL_DDD.includes(Number(digits.slice(0, 2)))) return false;
  return digits.length === 11 ? digits[2] === "9" : "2345".includes(digits[2] as string);
}

function libphonenumberAccepts(digits: string): boolean {
  const parsed = parsePhoneNumberFromString(digits, "BR");
  if (!parsed?.isValid() || parsed.country !== "BR") return false;
  const type = parsed.getType();
  return (type === "MOBILE" && parsed.nationalNumber.length === 11) || type === "FIXED_LINE";
}

const accepts = (digits: string) => phoneProblem(digits) === null;

/** After the area code: each kind of number a person may type, right or wrong. */
const PATTERNS = {
  mobile: "987654321",
  "mobile starting 91": "912345678",
  "landline 2": "23456789",
  "landline 3": "34567890",
  "landline 4": "45678901",
  "landline 5": "56789012",
  "8 digits starting 0": "01234567",
  "8 digits starting 1": "12345678",
  "8 digits starting 6": "67890123",
  "8 digits starting 7 (old SME radio)": "78901234",
  "8 digits starting 8": "87654321",
  "8 digits starting 9 (mobile without its ninth digit)": "98765432",
  "9 digits starting 8": "876543210",
  "9 digits starting 2": "234567890",
  "7 digits": "3456789",
  "10 digits": "9876543210",
};
const DDDS = Array.from({ length: 90 }, (_, i) => String(i + 10));

describe("Brazilian phone numbers (phone.ts)", () => {
  it("knows the 67 area codes ANATEL lists and libphonenumber knows, and no other", () => {
    expect(ANATEL_DDD).toHaveLength(67);
    for (const ddd of DDDS) {
      const landline = `${ddd}34567890`;
      expect(accepts(landline), `DDD ${ddd}`).toBe(ANATEL_DDD.includes(Number(ddd)));
      expect(libphonenumberAccepts(landline), `libphonenumber, DDD ${ddd}`).toBe(
        ANATEL_DDD.includes(Number(ddd)),
      );
    }
  });

  for (const [kind, rest] of Object.entries(PATTERNS)) {
    it(`agrees with ANATEL and libphonenumber on a ${kind} in every DDD from 10 to 99`, () => {
      const disagreements = DDDS.map((ddd) => `${ddd}${rest}`).filter(
        (n) => accepts(n) !== anatelAccepts(n) || accepts(n) !== libphonenumberAccepts(n),
      );
      expect(disagreements).toEqual([]);
    });
  }

  it("agrees with both on any national number of 8 to 11 digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{7,10}$/), (digits) => {
        expect(accepts(digits)).toBe(anatelAccepts(digits));
        expect(accepts(digits)).toBe(libphonenumberAccepts(digits));
      }),
      { numRuns: 5000 },
    );
  });

  // libphonenumber also strips a collect-call prefix 90 ("90 11 …") and an operator's code ("0 15
  // 11 …"), which are ways to dial a number, not to write one's own: Chave refuses them.
  it("reads a country code 55 and the trunk prefix 0 as libphonenumber does", () => {
    const written = fc
      .stringMatching(/^(?:0[1-9]\d{8,9}|[1-9]\d{7,12}|550?[1-9]\d{8,10})$/)
      .filter((w) => !(/^(?:55)?90/.test(w) && w.length >= 12));
    fc.assert(
      fc.property(written, (written) => {
        expect(accepts(nationalPhoneDigits(written))).toBe(libphonenumberAccepts(written));
      }),
      { numRuns: 2000 },
    );
  });

  it("agrees with both on numbers built from a real or made-up DDD and a mobile or landline shape", () => {
    const ddd = fc.integer({ min: 10, max: 99 }).map(String);
    const rest = fc.oneof(fc.stringMatching(/^9\d{8}$/), fc.stringMatching(/^\d{8}$/));
    fc.assert(
      fc.property(ddd, rest, (d, r) => {
        const n = d + r;
        expect(accepts(n)).toBe(anatelAccepts(n));
        expect(accepts(n)).toBe(libphonenumberAccepts(n));
      }),
      { numRuns: 5000 },
    );
  });

  it("says which part is wrong: the length, the area code, or the number after it", () => {
    expect(phoneProblem("")).toBe("invalid-phone");
    expect(phoneProblem("123")).toBe("invalid-phone");
    expect(phoneProblem("119876543210")).toBe("invalid-phone");
    expect(phoneProblem("23987654321")).toBe("invalid-phone-area-code");
    expect(phoneProblem("2534567890")).toBe("invalid-phone-area-code");
    expect(phoneProblem("1198765432")).toBe("invalid-phone-number");
    expect(phoneProblem("1187654321")).toBe("invalid-phone-number");
    expect(phoneProblem("11876543210")).toBe("invalid-phone-number");
    expect(phoneProblem("11987654321")).toBeNull();
    expect(phoneProblem("1134567890")).toBeNull();
    expect(phoneProblem(nationalPhoneDigits("90 11 98765-4321"))).toBe("invalid-phone");
    expect(phoneProblem(nationalPhoneDigits("0 15 11 98765-4321"))).toBe("invalid-phone");
  });

  it("reads the ways people write a number: punctuation, +55, the trunk prefix 0", () => {
    for (const written of [
      "(11) 98765-4321",
      "11 98765 4321",
      "11.98765.4321",
      "+55 11 98765-4321",
      "+55 (11) 98765-4321",
      "5511987654321",
      "011 98765-4321",
      "(011) 98765-4321",
      "+55 (011) 98765-4321",
    ])
      expect(nationalPhoneDigits(written), written).toBe("11987654321");
    expect(nationalPhoneDigits("+55 21 3456-7890")).toBe("2134567890");
    expect(nationalPhoneDigits("021 3456-7890")).toBe("2134567890");
    // DDD 55 (Santa Maria, RS) is not taken for the country code.
    expect(nationalPhoneDigits("(55) 99876-5432")).toBe("55998765432");
    expect(nationalPhoneDigits("(55) 3222-1234")).toBe("5532221234");
  });
});

describe("the profile's telefone field", () => {
  const personal = {
    nomeCompleto: "Maria da Silva",
    cpf: "529.982.247-25",
    rg: "12.345.678-9",
    dataNascimento: "1990-05-01",
    estadoCivil: "solteiro",
    profissao: "Engenheira",
    nacionalidade: "brasileira",
  };
  const issue = (telefone: unknown) => {
    const r = personalInput.safeParse({ ...personal, telefone });
    return r.success ? null : r.error.issues.find((i) => i.path[0] === "telefone")?.message;
  };

  it("accepts, of the issue's 720 probes (DDD 10 to 99 × 8 kinds), only the 268 the references accept", () => {
    const kinds = [
      "987654321",
      "23456789",
      "34567890",
      "56789012",
      "67890123",
      "78901234",
      "87654321",
      "98765432",
    ];
    const probes = DDDS.flatMap((ddd) => kinds.map((rest) => `(${ddd}) ${rest}`));
    const accepted = probes.filter((p) => issue(p) === null);
    expect(probes).toHaveLength(720);
    // The regex before this (/^[1-9]{2}9?\d{8}$/) accepted 648 of them, 380 wrongly.
    expect(accepted).toEqual(probes.filter((p) => libphonenumberAccepts(p.replace(/\D/g, ""))));
    expect(accepted).toEqual(probes.filter((p) => anatelAccepts(p.replace(/\D/g, ""))));
    expect(accepted).toHaveLength(268);
  });

  it("keeps a valid number as its national digits", () => {
    const r = personalInput.parse({ ...personal, telefone: "+55 (21) 3456-7890" });
    expect(r.telefone).toBe("2134567890");
  });

  it("refuses, with a message in the catalogue, what the issue's probe found accepted", () => {
    expect(issue("(23) 98765-4321")).toBe("invalid-phone-area-code");
    expect(issue("(25) 3456-7890")).toBe("invalid-phone-area-code");
    expect(issue("(29) 98765-4321")).toBe("invalid-phone-area-code");
    expect(issue("(52) 98765-4321")).toBe("invalid-phone-area-code");
    expect(issue("(72) 98765-4321")).toBe("invalid-phone-area-code");
    expect(issue("(11) 8765-4321")).toBe("invalid-phone-number");
    expect(issue("(11) 9876-5432")).toBe("invalid-phone-number");
    expect(issue("(11) 7890-1234")).toBe("invalid-phone-number");
    expect(issue("")).toBe("invalid-phone");
    expect(issue(11987654321)).toBe("invalid-phone");
    for (const code of ["invalid-phone", "invalid-phone-area-code", "invalid-phone-number"] as const)
      expect(ptBR.errors[code]).toMatch(/\S/);
  });
});
