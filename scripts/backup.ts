/**
 * `npm run backup [ARCHIVE]`: an online copy of the embedded default — the database (PostgreSQL's
 * base backup and the WAL it needs), DATA_DIR's files, the seal and the secrets — into one
 * .tar.gz, while the server runs (docs/decisions/028-backups.md). An external PostgreSQL and S3
 * are backed up with their own tools.
 */
import path from "node:path";
import { BackupError, createBackup } from "../src/server/backup/backup";
import { ConfigError, loadConfig } from "../src/server/config";

/** EX_USAGE, EX_CONFIG from sysexits.h. */
const EXIT_USAGE = 64;
const EXIT_CONFIG = 78;

const mb = (n: number) => `${(n / 1024 / 1024).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Backup não iniciado. ${err.message}\nVeja o README.md, "Configuration".`);
  process.exit(EXIT_CONFIG);
}
if (config.DATABASE_URL) {
  console.error(
    [
      "DATABASE_URL está definido: o banco é um PostgreSQL externo, e este backup é só o do banco embutido.",
      "Faça o backup do PostgreSQL com as ferramentas dele (pg_basebackup com arquivamento de WAL, ou pg_dump),",
      "ou com os snapshots do serviço gerenciado.",
      config.STORAGE === "s3"
        ? "Os arquivos estão no bucket S3: use o versionamento e a replicação do provedor."
        : `Os arquivos estão em ${path.join(config.DATA_DIR, "files")}: copie essa pasta, DATA_DIR/seal e os segredos de DATA_DIR junto.`,
    ].join("\n"),
  );
  process.exit(EXIT_CONFIG);
}
const args = process.argv.slice(2).filter((a) => a !== "--");
if (args.length > 1 || args[0]?.startsWith("-")) {
  console.error("Uso: npm run backup [ARQUIVO.tar.gz]");
  process.exit(EXIT_USAGE);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const out = path.resolve(args[0] ?? `chave-backup-${stamp}.tar.gz`);

try {
  const result = await createBackup({
    dataDir: config.DATA_DIR,
    out,
    ...(config.EMBEDDED_DB_PORT !== undefined ? { embeddedPort: config.EMBEDDED_DB_PORT } : {}),
    filesInBucket: config.STORAGE === "s3",
    ...(config.SEAL_P12_PATH ? { sealOutside: config.SEAL_P12_PATH } : {}),
    log: (m) => console.log(m),
    onProgress: (e) => {
      if (e.phase === "started") console.log(`Backup iniciado no WAL ${e.startLsn}; copiando ${e.dbDir}…`);
      if (e.phase === "stopped")
        console.log(`Banco copiado até o WAL ${e.stopLsn}; copiando os arquivos de DATA_DIR…`);
    },
  });
  const { manifest } = result;
  const segments = manifest.postgres.walSegments.length;
  console.log(
    `Pronto: ${result.archive} (${mb(result.bytes)}; ${manifest.files.length.toLocaleString("pt-BR")} arquivos, ${mb(result.rawBytes)} sem compressão; ${segments} ${segments === 1 ? "segmento" : "segmentos"} de WAL; ${(result.totalMs / 1000).toFixed(1)} s).`,
  );
  for (const note of manifest.notes) console.log(`Atenção: ${note}`);
  console.log(`Para restaurar: DATA_DIR=/pasta/nova npm run restore ${result.archive}`);
} catch (err) {
  if (err instanceof BackupError) {
    console.error(`Backup não feito: ${err.message}`);
    process.exit(EXIT_CONFIG);
  }
  console.error(`Backup não feito: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
}
