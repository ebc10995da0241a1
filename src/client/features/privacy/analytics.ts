import type { PostHog } from "posthog-js";

/*
 * Product analytics in the browser (issue 17, decision 022): posthog-js, its own chunk, fetched
 * only once the installation has PostHog and the person said yes. The bundle with its extensions
 * inlined ("full/no-external") loads no script from elsewhere, so the CSP only gains the host.
 */

/** The seed's defaults (PRODUCT.md, "Behaviour the seed fixes"). */
const FLUSH_MS = 3_000;
const SESSION_IDLE_SECONDS = 30 * 60;
const EVENTS_PER_SECOND = 10;
const EVENTS_BURST = 100;
const FLAGS_TIMEOUT_MS = 3_000;
const SURVEYS_TIMEOUT_MS = 10_000;

/** Query parameters that carry secrets or personal data (signing links, export links): never sent. */
const SECRET_PARAM = /token|codigo|senha|cpf|email|exportacao/i;

/** A URL without its secret parameters (the path and the rest stay, for the funnel). */
export function withoutSecrets(value: unknown): unknown {
  if (typeof value !== "string" || !/^https?:\/\//.test(value)) return value;
  try {
    const url = new URL(value);
    for (const key of [...url.searchParams.keys()]) if (SECRET_PARAM.test(key)) url.searchParams.delete(key);
    return url.toString();
  } catch {
    return value;
  }
}

type Props = Record<string, unknown>;

/** Every URL among an event's properties, and the page addresses inside a replay, cleaned. */
export function sanitizeEvent<T extends { event: string; properties: Props } | null>(event: T): T {
  if (!event) return event;
  const properties: Props = {};
  for (const [k, v] of Object.entries(event.properties)) properties[k] = withoutSecrets(v);
  if (event.event === "$snapshot" && Array.isArray(properties.$snapshot_data))
    properties.$snapshot_data = (properties.$snapshot_data as { type?: number; data?: Props }[]).map((s) =>
      s.type === 4 && s.data ? { ...s, data: { ...s.data, href: withoutSecrets(s.data.href) } } : s,
    );
  return { ...event, properties };
}

/**
 * What the client tells PostHog itself, beyond autocapture: a sealed contract opened by one of its
 * parties (/ViewDocument), the trigger of the survey "Como foi alugar com a Chave?" (decision 022).
 */
export const SEALED_CONTRACT_VIEWED = "contract_sealed_viewed";

let loading: Promise<PostHog> | null = null;
/** The running instance: set once started with a yes, cleared the moment the person withdraws. */
let running: PostHog | null = null;
/** Events captured before the gate has decided (the answer or the installation still loading). */
let waiting: string[] = [];
const MAX_WAITING = 20;
/** The gate decided analytics does not run (no PostHog, no answer, a no): events are dropped. */
let off = false;

/**
 * A product event: sent now while analytics runs; held while the gate has not decided yet (a
 * screen can draw before the answer has loaded) and sent if it starts; dropped when it does not,
 * so a yes given later never sends what happened before it. Never loads posthog-js by itself.
 */
export function captureEvent(event: string): void {
  if (running) afterSurveys(running, event);
  else if (!off && waiting.length < MAX_WAITING) waiting.push(event);
}

/**
 * Captures once posthog-js has its surveys and their triggers (a page opened from an e-mailed link
 * starts PostHog and captures at once: captured before the surveys load, an event triggers none),
 * or when the surveys' time-out has passed without them; not if the person withdrew meanwhile.
 */
function afterSurveys(posthog: PostHog, event: string): void {
  let done = false;
  let unsubscribe: (() => void) | undefined;
  const send = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    unsubscribe?.();
    if (running === posthog) posthog.capture(event);
  };
  const timer = setTimeout(send, SURVEYS_TIMEOUT_MS);
  // The callback may run at once (surveys already loaded), before this returns.
  unsubscribe = posthog.onSurveysLoaded(send);
  if (done) unsubscribe();
}

/** The gate decided analytics does not run now: what waited for the answer is dropped unsent. */
export function analyticsOff(): void {
  off = true;
  waiting = [];
}

/** Loads and starts PostHog once; later calls get the same instance. */
export function startAnalytics(
  config: { key: string; host: string },
  distinctId: string | null,
): Promise<PostHog> {
  off = false;
  loading ??= import("posthog-js/full/no-external").then(({ default: posthog }) => {
    posthog.init(config.key, {
      api_host: config.host,
      autocapture: true,
      capture_pageview: "history_change",
      capture_performance: false,
      person_profiles: "identified_only",
      request_queue_config: { flush_interval_ms: FLUSH_MS },
      session_idle_timeout_seconds: SESSION_IDLE_SECONDS,
      rate_limiting: { events_per_second: EVENTS_PER_SECOND, events_burst_limit: EVENTS_BURST },
      feature_flag_request_timeout_ms: FLAGS_TIMEOUT_MS,
      surveys_request_timeout_ms: SURVEYS_TIMEOUT_MS,
      // Nothing typed or shown leaves: CPF, RG, income and documents are text, inputs or images.
      mask_all_text: true,
      mask_all_element_attributes: true,
      session_recording: {
        maskAllInputs: true,
        maskTextSelector: "*",
        blockSelector: "img, canvas, iframe, object, embed, video, [data-private]",
        recordHeaders: false,
        recordBody: false,
      },
      before_send: (event) => sanitizeEvent(event),
      ...(distinctId ? { bootstrap: { distinctID: distinctId, isIdentifiedID: true } } : {}),
    });
    return posthog;
  });
  return loading.then((posthog) => {
    if (posthog.has_opted_out_capturing()) posthog.opt_in_capturing();
    if (distinctId && posthog.get_distinct_id() !== distinctId) posthog.identify(distinctId);
    running = posthog;
    for (const event of waiting.splice(0)) afterSurveys(posthog, event);
    return posthog;
  });
}

/**
 * What posthog-js keeps in this browser for the project `key`, under its own documented names
 * (`persistence_name` defaults to `ph_<token>_posthog`; the consent record is
 * `__ph_opt_in_out_<token>`): its stored identity and queues go, and the record says no, as
 * `opt_out_capturing()` leaves it. For a withdrawal made before posthog-js loaded on this page (it
 * ran on an earlier one): loading it only to forget would ask PostHog for its configuration.
 */
function forgetStored(key: string): void {
  const prefix = `ph_${key}_`;
  try {
    for (const store of [localStorage, sessionStorage])
      for (const name of Object.keys(store)) if (name.startsWith(prefix)) store.removeItem(name);
    localStorage.setItem(`__ph_opt_in_out_${key}`, "0");
  } catch {
    // Storage refused (a private window's quota): nothing was kept there either.
  }
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim() ?? "";
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in Firefox, nor in Safari before 18.4.
    if (name.startsWith(prefix)) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}

/**
 * The person withdrew (or signed out): collection stops at once, and this browser forgets them —
 * through posthog-js when it runs on this page, else by clearing what it stored on an earlier one
 * (`config`: the installation's PostHog project, when known).
 */
export async function stopAnalytics(config?: { key: string } | null): Promise<void> {
  running = null;
  analyticsOff();
  if (!loading) {
    if (config) forgetStored(config.key);
    return;
  }
  const posthog = await loading;
  // A start still settling when this began has set it again by now.
  running = null;
  // Forget the identity first: reset() also clears the stored answer, which opting out then sets.
  posthog.reset();
  posthog.stopSessionRecording();
  posthog.opt_out_capturing();
}
