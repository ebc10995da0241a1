/**
 * Every API path, defined once: the server's routes, the live events (which name the paths a
 * change makes stale) and the client's query keys (a read is cached per path) all use these, so a
 * path cannot drift between them. `route` is the Fastify pattern under `/api`; the functions give
 * a concrete path.
 */

const enc = encodeURIComponent;

/** A query string from defined, non-empty values (the order given), or "". */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const qs = new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== null && v !== "")
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return qs ? `?${qs}` : "";
}

export const apiPaths = {
  health: "/api/health",
  me: "/api/me",
  events: "/api/events",
  auth: {
    session: "/api/auth/get-session",
    sessions: "/api/auth/list-sessions",
    signUp: "/api/auth/sign-up/email",
    signIn: "/api/auth/sign-in/email",
    signOut: "/api/auth/sign-out",
    requestPasswordReset: "/api/auth/request-password-reset",
    resetPassword: "/api/auth/reset-password",
    changePassword: "/api/auth/change-password",
    revokeSession: "/api/auth/revoke-session",
    revokeOtherSessions: "/api/auth/revoke-other-sessions",
    sendVerificationEmail: "/api/auth/send-verification-email",
  },
  profile: {
    all: "/api/profile",
    personal: "/api/profile/personal",
    address: "/api/profile/address",
    name: "/api/profile/name",
  },
  units: {
    all: "/api/units",
    one: (id: string) => `/api/units/${enc(id)}`,
  },
  offers: {
    all: "/api/offers",
    one: (id: string) => `/api/offers/${enc(id)}`,
    publish: (id: string) => `/api/offers/${enc(id)}/publish`,
    close: (id: string) => `/api/offers/${enc(id)}/close`,
  },
  search: "/api/search",
  photo: (id: string) => `/api/photos/${enc(id)}`,
  proposals: {
    all: "/api/proposals",
    one: (id: string) => `/api/proposals/${enc(id)}`,
    actions: (id: string) => `/api/proposals/${enc(id)}/actions`,
  },
  contracts: {
    all: "/api/contracts",
    one: (id: string) => `/api/contracts/${enc(id)}`,
    verify: (id: string) => `/api/contracts/verify/${enc(id)}`,
    review: (id: string) => `/api/contracts/${enc(id)}/review`,
    witness: (id: string) => `/api/contracts/${enc(id)}/witness`,
    send: (id: string) => `/api/contracts/${enc(id)}/send`,
    resend: (id: string, signerId: string) => `/api/contracts/${enc(id)}/signers/${enc(signerId)}/resend`,
    myLink: (id: string) => `/api/contracts/${enc(id)}/my-link`,
    cancel: (id: string) => `/api/contracts/${enc(id)}/cancel`,
  },
  signing: {
    one: (id: string) => `/api/signing/${enc(id)}`,
    code: (id: string) => `/api/signing/${enc(id)}/code`,
    sign: (id: string) => `/api/signing/${enc(id)}/sign`,
    refuse: (id: string) => `/api/signing/${enc(id)}/refuse`,
    clicksignWebhook: "/api/signing/webhooks/clicksign",
  },
  messages: {
    all: "/api/messages",
    thread: (proposalId: string) => `/api/messages/${enc(proposalId)}`,
    read: (proposalId: string) => `/api/messages/${enc(proposalId)}/read`,
  },
  storage: {
    usage: "/api/storage/usage",
    objects: "/api/storage/objects",
    object: (id: string) => `/api/storage/objects/${enc(id)}`,
    downloadUrl: (id: string) => `/api/storage/objects/${enc(id)}/download-url`,
    file: (id: string) => `/api/storage/files/${enc(id)}`,
    uploads: "/api/storage/uploads",
  },
} as const;
