import type { FastifyRequest } from "fastify";

/**
 * Query parameters that carry a secret (a confirmation or signing link's token, an export's
 * download token, a code): a request log line keeps their name, never their value (decision 036:
 * logs carry ids, never links or codes).
 */
const SECRET_PARAM = /token|code|codigo|secret|signature|key|password|senha/i;

/** `url` with the values of its secret query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a name that does not decode is kept as sent
      }
      return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join("&")}`;
}

/** Fastify's request serializer, with the URL redacted: the process logger's and the app's own. */
export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};
