import { withAnalysisFile } from '~/images/records.server';
import { roastMemory } from '~/models/roast-memory.server';
import { buildForRoast, markRoastFailed, saveRoast } from '~/models/roasts.server';
import type { JobHandler } from '~/queue/runner.server';
import { analysePhoto, builtinAdvice, builtinFacts, composeRoast, parseTitle } from '~/roast/builtin/index.server';
import { BUILTIN_MODEL_NAME, type RoastAuthor, type RoastFacts, roastFactsSchema, withConfirmedParts } from '~/roast/facts';
import { ollamaAdvice, ollamaLook, ollamaRoast } from '~/roast/ollama.server';
import { chooseOllama, withFallback } from '~/roast/provider.server';
import { visionImage } from '~/roast/vision-image.server';
import type { Writer } from '~/services/db.server';
import { log } from '~/services/log.server';

type Build = NonNullable<ReturnType<typeof buildForRoast>>;
type Roast = { text: string; advice: string[]; facts: RoastFacts; author: RoastAuthor; lines: string[] | null };
/** A roast finished inside the transaction that saves it (see builtinRoast). */
type WriteRoast = (tx: Writer) => Roast;

/**
 * Writes a build's roast: Ollama's two steps (look, then roast from the facts)
 * when it is configured and answers, else the built-in roaster. The roast lands
 * only if this runner still holds the job, so a job taken over after a crash
 * writes it once.
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

async function writeRoast(build: Build, file: string, signal: AbortSignal): Promise<WriteRoast> {
  // Facts the vision model produced while screening this photo are reused, not looked for again.
  const seen = roastFactsSchema.safeParse(build.roastFacts);
  const lookedByOllama = build.roastProvider === 'ollama' && seen.success ? seen.data : null;
  const ollama = await chooseOllama();
  if (!ollama) return builtinRoast(build, file, lookedByOllama);
  return withFallback(
    ollama,
    async () => {
      const seenFacts = lookedByOllama ?? (await ollamaLook(ollama.config, await visionImage(file), signal));
      const facts = withConfirmedParts(seenFacts, build.parts);
      const input = { title: build.title, facts, parts: build.parts };
      const text = await ollamaRoast(ollama.config, { ...input, intensity: build.roastIntensity }, signal);
      const advice = await ollamaAdvice(ollama.config, input, signal).catch((error: unknown) => {
        // Advice is the roast's companion: when the model's is unusable, ours stands in rather than failing the roast.
        if (signal.aborted) throw error;
        log.warn('Ollama gave no usable advice; the built-in advice stands in', error instanceof Error ? error.message : String(error));
        return builtinAdvice({ ...input, photo: null });
      });
      const roast: Roast = { text, advice, facts, author: { provider: 'ollama', model: ollama.config.model }, lines: null };
      return () => roast;
    },
    () => builtinRoast(build, file, lookedByOllama),
    signal,
  );
}

/**
 * The photo is measured now; the roast is composed when it is saved, from the
 * memory read in that same write transaction (under a millisecond of work). Two
 * roast jobs running side by side therefore never pick the same fresh line: the
 * second one sees the first one's lines.
 */
async function builtinRoast(build: Build, file: string, known: RoastFacts | null): Promise<WriteRoast> {
  const photo = await analysePhoto(file, build.photo);
  // The owner's confirmed parts outrank both the title and the photo.
  const facts = withConfirmedParts(known ?? builtinFacts(photo, parseTitle(build.title)), build.parts);
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
    });
    return { text, advice, facts, author: { provider: 'builtin', model: BUILTIN_MODEL_NAME }, lines };
  };
}
