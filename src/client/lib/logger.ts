/*
 * The seed's start-up behaviour: log the environment and the build date, then, in production,
 * silence console logging (the start-up line is the only one a production console shows).
 */
const methods = ["log", "info", "debug", "warn", "error", "trace"] as const;

export function startLogging(mode: string, buildDate: string, target: Console = console): void {
  target.info(`[Chave] environment: ${mode}; build: ${buildDate}`);
  if (mode === "production") {
    for (const m of methods) target[m] = () => undefined;
  }
}

export const logger = {
  debug: (...args: unknown[]) => console.debug("[Chave]", ...args),
  info: (...args: unknown[]) => console.info("[Chave]", ...args),
  warn: (...args: unknown[]) => console.warn("[Chave]", ...args),
  error: (...args: unknown[]) => console.error("[Chave]", ...args),
};
