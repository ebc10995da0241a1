import { readFileSync } from "node:fs";
import { hash, verify } from "@node-rs/argon2";

/*
 * argon2id at the OWASP Password Storage parameters that ASVS 5.0 §11.4.2 points to (19 MiB of
 * memory, 2 iterations, 1 lane). better-auth's default is scrypt at N=16384, below that guidance.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
      .split("\n")
      .filter((line) => line.length > 0),
  );
  return common;
}

export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/** Case and accents do not make a common password safe: "Flamengo123" is "flamengo123". */
export function isCommonPassword(password: string): boolean {
  const key = password
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  return commonPasswords().has(key);
}
