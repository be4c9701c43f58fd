import { recentOpeners } from '~/models/builds.server';
import { withAnalysisFile } from '~/models/images.server';
import { buildForRoast, markRoastFailed, saveRoast } from '~/models/roasts.server';
import type { JobHandler } from '~/jobs/runner.server';
import { analysePhoto, builtinFacts, composeRoast, parseTitle } from './builtin/index.server';
import { BUILTIN_MODEL_NAME, type RoastAuthor, type RoastFacts, roastFactsSchema } from './facts';
import { ollamaLook, ollamaRoast } from './ollama.server';
import { chooseOllama, withFallback } from './provider.server';
import { visionImage } from './vision-image.server';

/** The openers of this many recent roasts are avoided (the rule asks for at least 20). */
const OPENER_MEMORY = 60;

type Build = NonNullable<ReturnType<typeof buildForRoast>>;
type Roast = { text: string; facts: RoastFacts; author: RoastAuthor; opener: string | null };

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
    const roast = await withAnalysisFile(build.imageId, (file) => writeRoast(build, file, signal));
    if (!roast) throw new Error(`Build ${build.id} has no JPEG variant to look at`);
    complete((tx) => saveRoast(tx, build.id, roast));
  },
  giveUp: (tx, job) => markRoastFailed(tx, Number(job.payload.buildId)),
};

async function writeRoast(build: Build, file: string, signal: AbortSignal): Promise<Roast> {
  // Facts the vision model produced while screening this photo are reused, not looked for again.
  const seen = roastFactsSchema.safeParse(build.roastFacts);
  const lookedByOllama = build.roastProvider === 'ollama' && seen.success ? seen.data : null;
  const ollama = await chooseOllama();
  if (!ollama) return builtinRoast(build, file, lookedByOllama);
  return withFallback(
    ollama,
    async () => {
      const facts = lookedByOllama ?? (await ollamaLook(ollama.config, await visionImage(file), signal));
      const text = await ollamaRoast(ollama.config, { title: build.title, facts }, signal);
      return { text, facts, author: { provider: 'ollama', model: ollama.config.model }, opener: null };
    },
    () => builtinRoast(build, file, lookedByOllama),
    signal,
  );
}

async function builtinRoast(build: Build, file: string, known: RoastFacts | null): Promise<Roast> {
  const photo = await analysePhoto(file);
  const facts = known ?? builtinFacts(photo, parseTitle(build.title));
  // Same build, same roast; a fresh roast the owner asked for gets a new seed.
  const seed = `${build.id}:${build.roastRequestedAt?.getTime() ?? 0}`;
  const { text, opener } = composeRoast({ seed, title: build.title, facts, photo, avoidOpeners: recentOpeners(OPENER_MEMORY) });
  return { text, facts, author: { provider: 'builtin', model: BUILTIN_MODEL_NAME }, opener };
}
