/**
 * Writes src/server/auth/common-passwords.txt, the bundled list of passwords refused at sign-up,
 * reset and change. Run after updating the @zxcvbn-ts packages: `node --import tsx scripts/build-common-passwords.ts`.
 * Sources: the global list of @zxcvbn-ts/language-common (from leaked-password corpora) and
 * Brazilian patterns built from @zxcvbn-ts/language-pt-br (first names, common words) with the
 * suffixes people add to reach 8 characters, plus Brazilian football clubs and phrases.
 */
import { writeFileSync } from "node:fs";
import { dictionary as common } from "@zxcvbn-ts/language-common";
import { dictionary as ptBR } from "@zxcvbn-ts/language-pt-br";

const MIN = 8;
const strip = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

const globalList = list(common["passwords-common"]);
const brBases = [
  ...list(ptBR["firstnames-pt-br"]).slice(0, 1500),
  ...list(ptBR["commonWords-pt-br"]).slice(0, 1500),
  ...list(ptBR["lastnames-pt-br"]),
  ...[
    "brasil",
    "senha",
    "mudar",
    "trocar",
    "acesso",
    "flamengo",
    "mengao",
    "corinthians",
    "timao",
    "palmeiras",
    "verdao",
    "saopaulo",
    "tricolor",
    "vasco",
    "vascodagama",
    "gremio",
    "cruzeiro",
    "botafogo",
    "fogao",
    "fluminense",
    "santos",
    "atletico",
    "galo",
    "internacional",
    "colorado",
    "bahia",
    "sport",
    "vitoria",
    "fortaleza",
    "ceara",
    "coritiba",
    "athletico",
    "goias",
    "jesus",
    "jesuscristo",
    "deusefiel",
    "deus",
    "deuseamor",
    "teamo",
    "teamomuito",
    "meuamor",
    "amorzinho",
    "minhavida",
    "familia",
    "princesa",
    "gatinha",
    "bebezinho",
    "saudade",
    "felicidade",
    "futebol",
    "pipoca",
    "chocolate",
    "batata",
    "cachorro",
    "gatinho",
    "mae",
    "pai",
    "filho",
    "filha",
    "amigo",
    "amiga",
    "querida",
    "querido",
    "mozao",
    "paodequeijo",
    "feijao",
  ],
].map(strip);

const suffixes = [
  "",
  "1",
  "12",
  "123",
  "1234",
  "12345",
  "123456",
  "01",
  "10",
  "13",
  "22",
  "2020",
  "2021",
  "2022",
  "2023",
  "2024",
  "2025",
  "2026",
  "@123",
  "!",
  "@",
];
const brList: string[] = [];
for (const base of brBases) {
  if (!/^[a-z]+$/.test(base)) continue;
  for (const s of suffixes) brList.push(base + s);
}

const all = new Set<string>();
for (const p of [...globalList.map((p) => p.toLowerCase()), ...brList]) {
  if (p.length >= MIN && p.length <= 128) all.add(p);
}
const sorted = [...all].sort();
writeFileSync(new URL("../src/server/auth/common-passwords.txt", import.meta.url), `${sorted.join("\n")}\n`);
console.log(
  `${sorted.length} passwords written (global ${globalList.length} source entries, Brazilian ${brList.length} patterns)`,
);
