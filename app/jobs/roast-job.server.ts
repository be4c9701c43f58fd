import { withAnalysisFile } from '~/images/records.server';
import { roastMemory } from '~/models/roast-memory.server';
import { buildForRoast, markRoastFailed, replaceSlowRoast, type RoastFallback, saveRoast, type SavedRoast } from '~/models/roasts.server';
import type { JobHandler } from '~/queue/runner.server';
import { analysePhoto, builtinAdvice, builtinFacts, composeRoast, parseTitle } from '~/roast/builtin/index.server';
import { BUILTIN_MODEL_NAME, type RoastFacts, roastFactsSchema, withConfirmedParts } from '~/roast/facts';
import { ollamaAdvice, ollamaConfig, type OllamaConfig, ollamaLook, ollamaRoast } from '~/roast/ollama.server';
import { chooseOllama, withFallback } from '~/roast/provider.server';
import { visionImage } from '~/roast/vision-image.server';
import type { Writer } from '~/services/db.server';
import { env } from '~/services/env.server';
import { log } from '~/services/log.server';

type Build = NonNullable<ReturnType<typeof buildForRoast>>;
/** A roast finished inside the transaction that saves it (see builtinRoast). */
type WriteRoast = (tx: Writer) => SavedRoast;

/**
 * Writes a build's roast: Ollama's two steps (look, then roast from the facts)
 * when it is configured and answers, else the built-in roaster. The owner waits
 * for the model no longer than ROAST_DEADLINE_MS: past it the built-in roaster
 * answers, and the page says so (the owner may ask the model again: roastBuildWithModel).
 * The roast lands only if this runner still holds the job, so a job taken over
 * after a crash writes it once.
 */
export const roastBuild: JobHandler = {
  async run({ job, signal, complete }) {
    const build = buildForRoast(Number(job.payload.buildId));
    // Deleted or rejected meanwhile (a rejected build's photo is gone), or already roasted by an earlier run: nothing to do.
    if (!build || build.roast || build.reviewStatus === 'rejected') return;
    const write = await withAnalysisFile(build.imageId, (file) => writeRoast(build, file, signal));
    if (!write) throw new Error(`Build ${build.id} has no JPEG variant to look at`);
    complete((tx) => saveRoast(tx, build.id, write(tx)));
  },
  giveUp: (tx, job) => markRoastFailed(tx, Number(job.payload.buildId)),
};

/**
 * The model's roast the owner asked for after the built-in roaster stood in for a model
 * that was too slow. No deadline here: the owner chose to wait, and the load and answer
 * timeouts still bound it. It replaces the built-in roast only while that is still the
 * one shown (replaceSlowRoast); when it keeps failing, the built-in roast stays.
 */
export const roastBuildWithModel: JobHandler = {
  async run({ job, signal, complete }) {
    const build = buildForRoast(Number(job.payload.buildId));
    if (!build || build.roastFallback !== 'model_slow' || build.reviewStatus !== 'approved') return;
    // Switched to the built-in roaster meanwhile: there is no model to ask.
    if (env().ROAST_PROVIDER === 'builtin') return;
    const roast = await withAnalysisFile(build.imageId, (file) => modelRoast(build, file, ollamaConfig(), signal));
    if (!roast) throw new Error(`Build ${build.id} has no JPEG variant to look at`);
    complete((tx) => replaceSlowRoast(tx, build.id, roast));
  },
};

async function writeRoast(build: Build, file: string, signal: AbortSignal): Promise<WriteRoast> {
  const ollama = await chooseOllama();
  if (!ollama) return builtinRoast(build, file);
  // Counted from here, where the job starts waiting on the model (its slot, its load, its answers).
  const deadlineMs = env().ROAST_DEADLINE_MS;
  const deadline = AbortSignal.timeout(deadlineMs);
  const asked = AbortSignal.any([signal, deadline]);
  try {
    return await withFallback(
      ollama,
      async (): Promise<WriteRoast> => {
        const roast = await modelRoast(build, file, ollama.config, asked);
        return () => roast;
      },
      () => builtinRoast(build, file),
      asked,
    );
  } catch (error) {
    if (signal.aborted || !deadline.aborted) throw error;
    // A load the model was in the middle of goes on (loadModel), for the next roast.
    log.info(`Build ${build.id}: the model did not answer within ${deadlineMs} ms; the built-in roaster answers`);
    return builtinRoast(build, file, 'model_slow');
  }
}

/** Facts the vision model produced while screening this photo, reused rather than looked for again. */
function seenByModel(build: Build): RoastFacts | null {
  const seen = roastFactsSchema.safeParse(build.roastFacts);
  return build.roastProvider === 'ollama' && seen.success ? seen.data : null;
}

async function modelRoast(build: Build, file: string, config: OllamaConfig, signal: AbortSignal): Promise<SavedRoast> {
  const seenFacts = seenByModel(build) ?? (await ollamaLook(config, await visionImage(file), signal));
  const facts = withConfirmedParts(seenFacts, build.parts);
  const input = { title: build.title, facts, parts: build.parts };
  const text = await ollamaRoast(config, { ...input, earlier: build.earlier, intensity: build.roastIntensity }, signal);
  const advice = await ollamaAdvice(config, input, signal).catch((error: unknown) => {
    // Advice is the roast's companion: when the model's is unusable, ours stands in rather than failing the roast.
    if (signal.aborted) throw error;
    log.warn('Ollama gave no usable advice; the built-in advice stands in', error instanceof Error ? error.message : String(error));
    return builtinAdvice({ ...input, photo: null });
  });
  return { text, advice, facts, author: { provider: 'ollama', model: config.model }, lines: null };
}

/**
 * The photo is measured now; the roast is composed when it is saved, from the
 * memory read in that same write transaction (under a millisecond of work). Two
 * roast jobs running side by side therefore never pick the same fresh line: the
 * second one sees the first one's lines.
 */
async function builtinRoast(build: Build, file: string, fallback: RoastFallback | null = null): Promise<WriteRoast> {
  const photo = await analysePhoto(file, build.photo);
  // The owner's confirmed parts outrank both the title and the photo.
  const facts = withConfirmedParts(seenByModel(build) ?? builtinFacts(photo, parseTitle(build.title)), build.parts);
  // Same build, same roast; a fresh roast the owner asked for gets a new seed.
  const seed = `${build.id}:${build.roastRequestedAt?.getTime() ?? 0}`;
  const advice = builtinAdvice({ title: build.title, facts, parts: build.parts, photo });
  return (tx) => {
    const { text, lines } = composeRoast({
      seed,
      title: build.title,
      facts,
      photo,
      memory: roastMemory(tx),
      intensity: build.roastIntensity,
      earlier: build.earlier,
    });
    return { text, advice, facts, author: { provider: 'builtin', model: BUILTIN_MODEL_NAME }, lines, fallback };
  };
}
