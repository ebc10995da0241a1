import { type Browser, type BrowserContext, test as base, expect, type Response } from "@playwright/test";
import { ContractCheck, checkAndLog, type OpenApiDocument } from "../support/openapi-check";

export { expect };

/*
 * Every spec's `test` (decision 038): each API answer the browser receives in a test is checked
 * against the server's own OpenAPI document (/api/docs/json, read once a worker) — status, media
 * type and JSON body — and the test fails on a mismatch. Cheap: only /api answers, and only JSON
 * bodies are read.
 */

let check: Promise<ContractCheck> | undefined;

export const test = base.extend<{ apiContract: undefined }>({
  apiContract: [
    async ({ context, browser, baseURL }, use) => {
      const origin = new URL(baseURL ?? "http://localhost").origin;
      check ??= fetch(`${origin}/api/docs/json`)
        .then((res) => res.json() as Promise<OpenApiDocument>)
        .then((doc) => new ContractCheck(doc));
      const contract = await check;
      const problems: string[] = [];
      const pending: Promise<void>[] = [];
      const onResponse = (response: Response) => {
        const url = new URL(response.url());
        if (
          url.origin !== origin ||
          !url.pathname.startsWith("/api/") ||
          url.pathname.startsWith("/api/docs")
        )
          return;
        pending.push(
          (async () => {
            const contentType = (await response.headerValue("content-type").catch(() => null)) ?? "";
            const length = await response.headerValue("content-length").catch(() => null);
            // A body gone with its page (a navigation) is not read; its status and type still are.
            // Other bodies are not read: none when the answer names no type or a length of 0.
            const body = /json/.test(contentType)
              ? await response.text().catch(() => null)
              : contentType === "" || length === "0"
                ? ""
                : null;
            if (body === null && /json/.test(contentType)) return;
            problems.push(
              ...checkAndLog(contract, {
                method: response.request().method(),
                path: url.pathname,
                concrete: true,
                status: response.status(),
                contentType,
                body,
              }),
            );
          })(),
        );
      };
      // The test's own context, and the ones it opens for other people (browser.newContext).
      const watched: BrowserContext[] = [context];
      context.on("response", onResponse);
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
        const opened = await newContext.apply(browser, args);
        opened.on("response", onResponse);
        watched.push(opened);
        return opened;
      };
      await use(undefined);
      browser.newContext = newContext;
      for (const watching of watched) watching.off("response", onResponse);
      await Promise.all(pending);
      expect(problems, "API answers the browser saw that /api/docs/json does not describe").toEqual([]);
    },
    { auto: true },
  ],
});
