/**
 * `npm run restore ARCHIVE`: a fresh DATA_DIR from an archive of `npm run backup`; the next
 * `npm start` with that DATA_DIR replays the WAL and opens the database as it was at the backup's
 * end (docs/decisions/028-backups.md).
 */

import { RestoreError, restoreBackup } from "../src/server/backup/restore";
import { ConfigError, loadConfig } from "../src/server/config";

/** EX_USAGE, EX_DATAERR, EX_CONFIG from sysexits.h. */
const EXIT_USAGE = 64;
const EXIT_DATA = 65;
const EXIT_CONFIG = 78;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Restauração não iniciada. ${err.message}\nVeja o README.md, "Configuration".`);
  process.exit(EXIT_CONFIG);
}
const args = process.argv.slice(2).filter((a) => a !== "--");
const archive = args[0];
if (args.length !== 1 || !archive || archive.startsWith("-")) {
  console.error("Uso: DATA_DIR=/pasta/nova npm run restore ARQUIVO.tar.gz");
  process.exit(EXIT_USAGE);
}
if (config.DATABASE_URL) {
  console.error(
    "DATABASE_URL está definido: o servidor usaria o PostgreSQL externo, não o banco deste backup. Tire DATABASE_URL para restaurar o banco embutido; um PostgreSQL externo se restaura com as ferramentas dele (pg_restore, recuperação do pg_basebackup).",
  );
  process.exit(EXIT_CONFIG);
}

try {
  const result = await restoreBackup({ archive, dataDir: config.DATA_DIR, log: (m) => console.log(m) });
  console.log(
    `Restaurado em ${config.DATA_DIR}: ${result.files.toLocaleString("pt-BR")} arquivos conferidos pelo SHA-256 (backup de ${result.manifest.createdAt}, WAL até ${result.manifest.postgres.stopLsn}).`,
  );
  if (result.dbDir !== `${config.DATA_DIR}/db`)
    console.log(`O banco ficou em ${result.dbDir}, onde o usuário postgres o alcança.`);
  for (const note of result.manifest.notes) console.log(`Atenção: ${note}`);
  console.log(
    "Inicie o servidor com esse DATA_DIR (npm start): o PostgreSQL refaz o WAL do backup e abre o banco.",
  );
} catch (err) {
  if (err instanceof RestoreError) {
    console.error(`Restauração não feita: ${err.message}`);
    process.exit(EXIT_DATA);
  }
  console.error(`Restauração não feita: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
}
