import { env } from '~/services/env.server';
import { log } from '~/services/log.server';
import { lastLoadFailure, loadModel, modelLoading, ollamaConfig, ollamaProbe } from './ollama.server';

/**
 * Who writes the roasts right now: the model, ready (loaded or loaded on demand); the
 * model, being loaded into memory; nobody at the Ollama host (or it lacks the model), so
 * the built-in roaster answers in auto mode; or the built-in roaster by choice.
 */
export const ROASTER_STATES = ['ready', 'loading', 'unreachable', 'builtin'] as const;
export type RoasterState = (typeof ROASTER_STATES)[number];

export type RoasterStatus = {
  state: RoasterState;
  /** The Ollama model, null for the built-in roaster. */
  model: string | null;
  /** Whether the model is in memory now (the next roast pays no load). */
  loaded: boolean;
  /** Why Ollama is unreachable, for the admin overview. */
  problem: string | null;
};

/** How long what Ollama said is reused: health checks come every few seconds. */
const PROBE_FRESH_MS = 10_000;
let probed: { at: number; status: Promise<RoasterStatus> } | undefined;

/**
 * The roaster's state for /healthz and the admin overview. A load this process started
 * (the warm-up, a roast) is "loading"; otherwise Ollama is asked, at most every 10 s, and
 * a stale answer is given at once while a fresh one is fetched.
 */
export async function roasterStatus(now = Date.now()): Promise<RoasterStatus> {
  const settings = env();
  if (settings.ROAST_PROVIDER === 'builtin') return { state: 'builtin', model: null, loaded: false, problem: null };
  const config = ollamaConfig();
  if (modelLoading(config)) {
    // Loading again after a load failed (jobs keep asking) is a host that does not load it: unreachable, with why.
    const failure = lastLoadFailure(config);
    return failure
      ? { state: 'unreachable', model: config.model, loaded: false, problem: failure }
      : { state: 'loading', model: config.model, loaded: false, problem: null };
  }
  const last = probed;
  if (!last || now - last.at >= PROBE_FRESH_MS) {
    const status = ollamaProbe(config).then((probe): RoasterStatus => ({
      state: probe.hasModel ? 'ready' : 'unreachable',
      model: config.model,
      loaded: probe.loaded,
      problem: probe.problem,
    }));
    probed = { at: now, status };
    // A stale answer now beats a health check that waits on Ollama.
    if (last) return last.status;
    return status;
  }
  return last.status;
}

/** Forgets what Ollama said (tests, and after a load, whose outcome is news). */
export function forgetRoasterStatus(): void {
  probed = undefined;
}

/**
 * Loads the model after start, so the first member does not wait for it: on the primary
 * only (the one that roasts), with the load's own long timeout. Never throws.
 */
export function warmUpRoaster(): void {
  if (env().ROAST_PROVIDER === 'builtin') return;
  const config = ollamaConfig();
  log.info(`Loading ${config.model} at ${config.host} so the first roast does not wait for it`);
  const started = Date.now();
  loadModel(config)
    .then(
      () => log.info(`${config.model} is loaded (${Math.round((Date.now() - started) / 1000)} s); roasts start at once`),
      (error: unknown) => log.warn(`Could not load ${config.model}`, error instanceof Error ? error.message : String(error)),
    )
    .finally(forgetRoasterStatus);
}
