import { z } from "zod";

/**
 * Every job Chave runs, declared once by the domain that owns it (a `jobs.ts` beside its code):
 * a name and the zod schema of its payload, or a name and a cron expression for a scheduled one.
 * The app's queue refuses to define or send a job not declared here, checks each payload against
 * its schema when it is sent (in the change's transaction) and parses it again before the handler
 * runs. `jobs/all.ts` imports every declaration.
 */

export interface JobDef<T> {
  readonly name: string;
  readonly payload: z.ZodType<T>;
  /** Set for a scheduled job: sent once per period (UTC) across all nodes, with no data. */
  readonly cron?: string;
}

const declared = new Map<string, JobDef<unknown>>();

function register<T>(def: JobDef<T>): JobDef<T> {
  if (declared.has(def.name)) throw new Error(`job ${def.name} is declared twice`);
  declared.set(def.name, def as JobDef<unknown>);
  return def;
}

/** A job sent with the change that causes it; `jobs.send(c, def, payload)` is checked against `payload`. */
export function defineJob<S extends z.ZodType>(name: string, payload: S): JobDef<z.output<S>> {
  return register({ name, payload: payload as z.ZodType<z.output<S>> });
}

/** A scheduled job: pg-boss sends it once per period with an empty payload. */
export function defineSchedule(name: string, cron: string): JobDef<object> {
  return register({ name, payload: z.object({}), cron });
}

/** The declared job of that name, if any. */
export function registeredJob(name: string): JobDef<unknown> | undefined {
  return declared.get(name);
}

/** Every declared job, sorted by name. */
export function registeredJobs(): JobDef<unknown>[] {
  return [...declared.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}
