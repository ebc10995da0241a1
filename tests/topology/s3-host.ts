import { startFakeS3 } from "../support/fake-s3";
import { relay } from "./forward";

/*
 * The object store's host: the S3-compatible fake of the tests (tests/support/fake-s3.ts), shared
 * by every app node as a real deployment shares S3. Run inside its namespace by the topology test;
 * prints "ready" once it answers on S3_PORT of every address.
 */
const port = Number(process.env.S3_PORT ?? 9000);
const s3 = await startFakeS3([process.env.S3_BUCKET ?? "chave"]);
const local = new URL(s3.url);
await relay("0.0.0.0", port, { host: local.hostname, port: Number(local.port) });
process.stdout.write("ready\n");
