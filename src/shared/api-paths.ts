/**
 * Every API path, defined once: the server's routes, the live events (which name the paths a
 * change makes stale) and the client's query keys (a read is cached per path) all use these, so a
 * path cannot drift between them. `apiRoutes` holds the Fastify patterns (under `API_PREFIX`,
 * where app.ts registers the routes); `apiPaths` gives concrete paths, built from those patterns.
 */

/** Where the API lives: app.ts registers every route under it. */
export const API_PREFIX = "/api";

/** The Fastify route patterns, relative to `API_PREFIX` (`:name` is a path parameter). */
export const apiRoutes = {
  health: "/health",
  healthLive: "/health/live",
  healthReady: "/health/ready",
  me: "/me",
  events: "/events",
  /** better-auth's endpoints, relative to `apiRoutes.auth.prefix` (plugins/auth.ts). */
  auth: {
    prefix: "/auth",
    session: "/get-session",
    sessions: "/list-sessions",
    signUp: "/sign-up/email",
    signIn: "/sign-in/email",
    signOut: "/sign-out",
    requestPasswordReset: "/request-password-reset",
    resetPassword: "/reset-password",
    checkResetToken: "/reset-password/check",
    changePassword: "/change-password",
    revokeSession: "/revoke-session",
    revokeOtherSessions: "/revoke-other-sessions",
    sendVerificationEmail: "/send-verification-email",
    verifyEmail: "/verify-email",
  },
  profile: {
    all: "/profile",
    personal: "/profile/personal",
    address: "/profile/address",
    name: "/profile/name",
  },
  companies: {
    all: "/companies",
    one: "/companies/:id",
  },
  agencies: {
    all: "/agencies",
    one: "/agencies/:id",
    invitations: "/agencies/:id/invitations",
    invitation: "/agencies/:id/invitations/:invitationId",
    member: "/agencies/:id/members/:userId",
    answer: "/agency-invitations/:invitationId",
  },
  units: {
    all: "/units",
    one: "/units/:id",
  },
  offers: {
    all: "/offers",
    one: "/offers/:id",
    publish: "/offers/:id/publish",
    close: "/offers/:id/close",
  },
  search: "/search",
  places: "/search/places",
  cep: "/cep/:cep",
  photo: "/photos/:id",
  proposals: {
    all: "/proposals",
    one: "/proposals/:id",
    actions: "/proposals/:id/actions",
  },
  contracts: {
    all: "/contracts",
    one: "/contracts/:id",
    verify: "/contracts/verify/:id",
    /** Anyone (no account) uploads a PDF and learns whether it is a contract sealed here. */
    verifyUpload: "/public/verify",
    review: "/contracts/:id/review",
    witness: "/contracts/:id/witness",
    send: "/contracts/:id/send",
    resend: "/contracts/:id/signers/:signerId/resend",
    myLink: "/contracts/:id/my-link",
    cancel: "/contracts/:id/cancel",
  },
  signing: {
    one: "/signing/:id",
    code: "/signing/:id/code",
    sign: "/signing/:id/sign",
    refuse: "/signing/:id/refuse",
    clicksignWebhook: "/signing/webhooks/clicksign",
  },
  inspections: {
    /** A lease's reports (GET) and a new one (POST). */
    ofLease: "/contracts/:id/inspections",
    one: "/inspections/:id",
    finish: "/inspections/:id/finish",
    review: "/inspections/:id/items/:itemId/review",
    submitReview: "/inspections/:id/review",
    answer: "/inspections/:id/items/:itemId/answer",
    sign: "/inspections/:id/sign",
    photosArchive: "/inspections/:id/fotos.zip",
    inspector: "/inspections/:id/inspector",
  },
  rent: {
    leases: "/leases",
    lease: "/leases/:id",
    charge: "/charges/:id",
    lines: "/charges/:id/lines",
    line: "/charges/:id/lines/:lineId",
    payment: "/charges/:id/payment",
    proof: "/charges/:id/proof",
    statement: "/leases/:id/statement",
    notices: "/leases/:id/notices",
    amendments: "/leases/:id/amendments",
    amendmentAnswer: "/leases/:id/amendments/:amendmentId/answer",
    amendmentCounter: "/leases/:id/amendments/:amendmentId/counter",
    settlement: "/leases/:id/settlement",
    settlementDamages: "/leases/:id/settlement/damages",
    settlementContests: "/leases/:id/settlement/contests",
    settlementAnswer: "/leases/:id/settlement/contests/answer",
    settlementAgree: "/leases/:id/settlement/agree",
    /** The PSP's webhook: it POSTs to the registered URL + "/pix" (bacen/pix-api). */
    pspWebhook: "/rent/pix/webhook/:token/pix",
  },
  messages: {
    all: "/messages",
    thread: "/messages/:proposalId",
    read: "/messages/:proposalId/read",
  },
  preferences: {
    searches: "/preferences/searches",
    search: "/preferences/searches/:id",
    favorites: "/preferences/favorites",
    favorite: "/preferences/favorites/:offerId",
    history: "/preferences/history",
    restore: "/preferences/history/:id/restore",
    forYou: "/preferences/for-you",
    notifications: "/preferences/notifications",
    unsubscribe: "/preferences/unsubscribe",
  },
  privacy: {
    info: "/privacy",
    consent: "/privacy/consent",
    exports: "/privacy/exports",
    download: "/privacy/exports/:id/download",
    deletion: "/privacy/deletion",
    homeLayout: "/privacy/home-layout",
  },
  notifications: {
    all: "/notifications",
    read: "/notifications/:id/read",
    readAll: "/notifications/read-all",
  },
  storage: {
    usage: "/storage/usage",
    objects: "/storage/objects",
    object: "/storage/objects/:id",
    downloadUrl: "/storage/objects/:id/download-url",
    file: "/storage/files/:id",
    uploads: "/storage/uploads",
    upload: "/storage/uploads/:id",
  },
} as const;

/** A pattern's concrete path under `API_PREFIX`: each `:name` in turn takes the next value, encoded. */
export function apiPath(pattern: string, ...values: string[]): string {
  let i = 0;
  return API_PREFIX + pattern.replace(/:\w+/g, () => encodeURIComponent(values[i++] ?? ""));
}

/**
 * A query string from defined, non-empty values (the order given), or "". Values are given as
 * `String(v)`: a form's input type may say `unknown` where zod coerces it.
 */
export function queryString(params: Record<string, unknown>): string {
  const qs = new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== null && v !== "")
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return qs ? `?${qs}` : "";
}

const r = apiRoutes;
const authPath = (p: string) => apiPath(r.auth.prefix + p);

export const apiPaths = {
  health: apiPath(r.health),
  healthLive: apiPath(r.healthLive),
  healthReady: apiPath(r.healthReady),
  me: apiPath(r.me),
  events: apiPath(r.events),
  auth: {
    session: authPath(r.auth.session),
    sessions: authPath(r.auth.sessions),
    signUp: authPath(r.auth.signUp),
    signIn: authPath(r.auth.signIn),
    signOut: authPath(r.auth.signOut),
    requestPasswordReset: authPath(r.auth.requestPasswordReset),
    resetPassword: authPath(r.auth.resetPassword),
    checkResetToken: authPath(r.auth.checkResetToken),
    changePassword: authPath(r.auth.changePassword),
    revokeSession: authPath(r.auth.revokeSession),
    revokeOtherSessions: authPath(r.auth.revokeOtherSessions),
    sendVerificationEmail: authPath(r.auth.sendVerificationEmail),
  },
  profile: {
    all: apiPath(r.profile.all),
    personal: apiPath(r.profile.personal),
    address: apiPath(r.profile.address),
    name: apiPath(r.profile.name),
  },
  companies: {
    all: apiPath(r.companies.all),
    one: (id: string) => apiPath(r.companies.one, id),
  },
  agencies: {
    all: apiPath(r.agencies.all),
    one: (id: string) => apiPath(r.agencies.one, id),
    invitations: (id: string) => apiPath(r.agencies.invitations, id),
    invitation: (id: string, invitationId: string) => apiPath(r.agencies.invitation, id, invitationId),
    member: (id: string, userId: string) => apiPath(r.agencies.member, id, userId),
    answer: (invitationId: string) => apiPath(r.agencies.answer, invitationId),
  },
  units: {
    all: apiPath(r.units.all),
    one: (id: string) => apiPath(r.units.one, id),
  },
  offers: {
    all: apiPath(r.offers.all),
    one: (id: string) => apiPath(r.offers.one, id),
    publish: (id: string) => apiPath(r.offers.publish, id),
    close: (id: string) => apiPath(r.offers.close, id),
  },
  search: apiPath(r.search),
  places: apiPath(r.places),
  cep: (cep: string) => apiPath(r.cep, cep),
  photo: (id: string) => apiPath(r.photo, id),
  proposals: {
    all: apiPath(r.proposals.all),
    one: (id: string) => apiPath(r.proposals.one, id),
    actions: (id: string) => apiPath(r.proposals.actions, id),
  },
  contracts: {
    all: apiPath(r.contracts.all),
    one: (id: string) => apiPath(r.contracts.one, id),
    verify: (id: string) => apiPath(r.contracts.verify, id),
    verifyUpload: apiPath(r.contracts.verifyUpload),
    review: (id: string) => apiPath(r.contracts.review, id),
    witness: (id: string) => apiPath(r.contracts.witness, id),
    send: (id: string) => apiPath(r.contracts.send, id),
    resend: (id: string, signerId: string) => apiPath(r.contracts.resend, id, signerId),
    myLink: (id: string) => apiPath(r.contracts.myLink, id),
    cancel: (id: string) => apiPath(r.contracts.cancel, id),
  },
  signing: {
    one: (id: string) => apiPath(r.signing.one, id),
    code: (id: string) => apiPath(r.signing.code, id),
    sign: (id: string) => apiPath(r.signing.sign, id),
    refuse: (id: string) => apiPath(r.signing.refuse, id),
    clicksignWebhook: apiPath(r.signing.clicksignWebhook),
  },
  inspections: {
    ofLease: (contractId: string) => apiPath(r.inspections.ofLease, contractId),
    one: (id: string) => apiPath(r.inspections.one, id),
    finish: (id: string) => apiPath(r.inspections.finish, id),
    review: (id: string, itemId: string) => apiPath(r.inspections.review, id, itemId),
    submitReview: (id: string) => apiPath(r.inspections.submitReview, id),
    answer: (id: string, itemId: string) => apiPath(r.inspections.answer, id, itemId),
    sign: (id: string) => apiPath(r.inspections.sign, id),
    photosArchive: (id: string) => apiPath(r.inspections.photosArchive, id),
    inspector: (id: string) => apiPath(r.inspections.inspector, id),
  },
  rent: {
    leases: apiPath(r.rent.leases),
    lease: (id: string) => apiPath(r.rent.lease, id),
    charge: (id: string) => apiPath(r.rent.charge, id),
    lines: (id: string) => apiPath(r.rent.lines, id),
    line: (id: string, lineId: string) => apiPath(r.rent.line, id, lineId),
    payment: (id: string) => apiPath(r.rent.payment, id),
    proof: (id: string) => apiPath(r.rent.proof, id),
    /** A year's statement; without `ano`, every year's (what a change makes stale). */
    statement: (id: string, ano?: number) =>
      ano === undefined ? apiPath(r.rent.statement, id) : `${apiPath(r.rent.statement, id)}?ano=${ano}`,
    notices: (id: string) => apiPath(r.rent.notices, id),
    amendments: (id: string) => apiPath(r.rent.amendments, id),
    amendmentAnswer: (id: string, amendmentId: string) => apiPath(r.rent.amendmentAnswer, id, amendmentId),
    amendmentCounter: (id: string, amendmentId: string) => apiPath(r.rent.amendmentCounter, id, amendmentId),
    settlement: (id: string) => apiPath(r.rent.settlement, id),
    settlementDamages: (id: string) => apiPath(r.rent.settlementDamages, id),
    settlementContests: (id: string) => apiPath(r.rent.settlementContests, id),
    settlementAnswer: (id: string) => apiPath(r.rent.settlementAnswer, id),
    settlementAgree: (id: string) => apiPath(r.rent.settlementAgree, id),
  },
  messages: {
    all: apiPath(r.messages.all),
    thread: (proposalId: string) => apiPath(r.messages.thread, proposalId),
    read: (proposalId: string) => apiPath(r.messages.read, proposalId),
  },
  preferences: {
    searches: apiPath(r.preferences.searches),
    search: (id: string) => apiPath(r.preferences.search, id),
    favorites: apiPath(r.preferences.favorites),
    favorite: (offerId: string) => apiPath(r.preferences.favorite, offerId),
    history: apiPath(r.preferences.history),
    restore: (id: string) => apiPath(r.preferences.restore, id),
    forYou: apiPath(r.preferences.forYou),
    notifications: apiPath(r.preferences.notifications),
    unsubscribe: apiPath(r.preferences.unsubscribe),
  },
  privacy: {
    info: apiPath(r.privacy.info),
    consent: apiPath(r.privacy.consent),
    exports: apiPath(r.privacy.exports),
    download: (id: string) => apiPath(r.privacy.download, id),
    deletion: apiPath(r.privacy.deletion),
    homeLayout: apiPath(r.privacy.homeLayout),
  },
  notifications: {
    all: apiPath(r.notifications.all),
    read: (id: string) => apiPath(r.notifications.read, id),
    readAll: apiPath(r.notifications.readAll),
  },
  storage: {
    usage: apiPath(r.storage.usage),
    objects: apiPath(r.storage.objects),
    object: (id: string) => apiPath(r.storage.object, id),
    downloadUrl: (id: string) => apiPath(r.storage.downloadUrl, id),
    file: (id: string) => apiPath(r.storage.file, id),
    uploads: apiPath(r.storage.uploads),
  },
} as const;
