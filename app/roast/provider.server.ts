import { env } from '~/services/env.server';
import { log } from '~/services/log.server';
import { ollamaConfig, type OllamaConfig, ollamaReady } from './ollama.server';

/**
 * The Ollama server to use for this job, or null for the built-in roaster:
 * `builtin` never asks Ollama; `ollama` always does (its failures are retried);
 * `auto` uses Ollama only when it answers and lists the model.
 */
export async function chooseOllama(): Promise<{ config: OllamaConfig; required: boolean } | null> {
  const provider = env().ROAST_PROVIDER;
  if (provider === 'builtin') return null;
  const config = ollamaConfig();
  if (provider === 'ollama') return { config, required: true };
  return (await ollamaReady(config)) ? { config, required: false } : null;
}

/**
 * Runs an Ollama step; in `auto` mode a failure falls back to `fallback` (the
 * built-in roaster) instead of failing the job. The job's own abort always wins.
 */
export async function withFallback<T>(
  ollama: { required: boolean },
  step: () => Promise<T>,
  fallback: () => Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (ollama.required || signal.aborted) throw error;
    log.warn('Ollama did not answer; the built-in roaster takes over', error instanceof Error ? error.message : String(error));
    return fallback();
  }
}
