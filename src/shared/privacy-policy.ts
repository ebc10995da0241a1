/* Plain constants of the privacy contract, apart from zod (contracts/privacy re-exports them). */

/**
 * The version of the privacy policy (/privacidade) in force. An answer given under an older one
 * is asked again: the person agreed to what the policy said then.
 */
export const PRIVACY_POLICY_VERSION = "2026-11-27";

/** The home's layouts (the seed's /v1–/v4): list, grid, cards, table. */
export const HOME_LAYOUTS = ["v1", "v2", "v3", "v4"] as const;
export type HomeLayout = (typeof HOME_LAYOUTS)[number];
