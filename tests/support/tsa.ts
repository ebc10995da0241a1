import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/*
 * A real RFC 3161 time-stamping authority for the tests: OpenSSL's own `openssl ts -reply` makes
 * every token, behind a tiny HTTP front (POST application/timestamp-query → application/
 * timestamp-reply). Nothing here writes a token: this file only starts OpenSSL and carries bytes.
 * Its certificates are made with `openssl req`/`x509` in a temporary folder: a root and a TSA
 * certificate with extendedKeyUsage critical timeStamping, as RFC 3161 §2.3 requires.
 */

const run = promisify(execFile);

export function openssl(args: string[], cwd: string): string {
  return execFileSync("openssl", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** A root CA (self-signed) in `dir`: `<name>.key`, `<name>.pem`. */
export function makeRoot(dir: string, name: string, subject: string): void {
  openssl(
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-sha256",
      "-days",
      "3650",
      "-keyout",
      `${name}.key`,
      "-out",
      `${name}.pem`,
      "-subj",
      subject,
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
    ],
    dir,
  );
}

/** A certificate for `name` issued by `issuer` (both in `dir`), with the given v3 extensions. */
export function issue(
  dir: string,
  name: string,
  subject: string,
  issuer: string,
  extensions: string[],
): void {
  openssl(
    [
      "req",
      "-new",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      `${name}.key`,
      "-out",
      `${name}.csr`,
      "-subj",
      subject,
    ],
    dir,
  );
  fs.writeFileSync(path.join(dir, `${name}.ext`), `${extensions.join("\n")}\n`);
  openssl(
    [
      "x509",
      "-req",
      "-sha256",
      "-days",
      "3650",
      "-in",
      `${name}.csr`,
      "-CA",
      `${issuer}.pem`,
      "-CAkey",
      `${issuer}.key`,
      "-set_serial",
      `0x${Date.now().toString(16)}${name.length}`,
      "-extfile",
      `${name}.ext`,
      "-out",
      `${name}.pem`,
    ],
    dir,
  );
}

export type TsaMode = "ok" | "slow" | "garbage" | "error";

export interface TestTsa {
  url: string;
  /** The folder with tsa-ca.pem (the root) and tsa.pem (the TSA's certificate). */
  dir: string;
  caFile: string;
  certFile: string;
  /** How the next requests are answered: a token, never, random bytes, or HTTP 500. */
  mode: TsaMode;
  /** The requests received, for tests that count them. */
  requests: number;
  /** Basic credentials the TSA demands, when set. */
  credentials: { username: string; password: string } | null;
  close(): Promise<void>;
}

const CONFIG = `
[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
dir = .
serial = $dir/serial
crypto_device = builtin
signer_cert = $dir/tsa.pem
signer_key = $dir/tsa.key
signer_digest = sha256
certs = $dir/tsa-ca.pem
default_policy = 1.3.6.1.4.1.99999.1
other_policies = 1.3.6.1.4.1.99999.2
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_chain = yes
ess_cert_id_alg = sha256
`;

/** Starts the TSA on 127.0.0.1; `close()` stops it and removes its folder. */
export async function startTestTsa(): Promise<TestTsa> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chave-tsa-"));
  makeRoot(dir, "tsa-ca", "/C=BR/O=Chave Testes/CN=Chave Test TSA Root");
  issue(dir, "tsa", "/C=BR/O=Chave Testes/CN=Chave Test TSA", "tsa-ca", [
    "basicConstraints=critical,CA:FALSE",
    "keyUsage=critical,digitalSignature,nonRepudiation",
    "extendedKeyUsage=critical,timeStamping",
  ]);
  fs.writeFileSync(path.join(dir, "serial"), "01\n");
  fs.writeFileSync(path.join(dir, "tsa.cnf"), CONFIG);
  const hanging = new Set<http.ServerResponse>();
  let counter = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      tsa.requests++;
      if (tsa.credentials) {
        const expected = `Basic ${Buffer.from(`${tsa.credentials.username}:${tsa.credentials.password}`).toString("base64")}`;
        if (req.headers.authorization !== expected) {
          res.writeHead(401).end();
          return;
        }
      }
      if (tsa.mode === "slow") {
        hanging.add(res);
        return;
      }
      if (tsa.mode === "error") {
        res.writeHead(500).end("TSA indisponível");
        return;
      }
      if (tsa.mode === "garbage") {
        res
          .writeHead(200, { "content-type": "application/timestamp-reply" })
          .end(Buffer.from("isto não é um carimbo"));
        return;
      }
      if (req.method !== "POST" || req.headers["content-type"] !== "application/timestamp-query") {
        res.writeHead(400).end();
        return;
      }
      const n = ++counter;
      const query = path.join(dir, `q${n}.tsq`);
      const reply = path.join(dir, `r${n}.tsr`);
      fs.writeFileSync(query, Buffer.concat(chunks));
      run("openssl", ["ts", "-reply", "-config", "tsa.cnf", "-queryfile", query, "-out", reply], { cwd: dir })
        .then(() => {
          res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(fs.readFileSync(reply));
        })
        .catch((err: Error) => {
          res.writeHead(500).end(err.message);
        })
        .finally(() => {
          fs.rmSync(query, { force: true });
          fs.rmSync(reply, { force: true });
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const tsa: TestTsa = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`,
    dir,
    caFile: path.join(dir, "tsa-ca.pem"),
    certFile: path.join(dir, "tsa.pem"),
    mode: "ok",
    requests: 0,
    credentials: null,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return tsa;
}
