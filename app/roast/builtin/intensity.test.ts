import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROAST_INTENSITIES, type RoastIntensity } from '~/domain/roast-intensity';
import { analysisWidth, harshness, harshnessOf, photoSpec, photoSvg, QUALITY_TITLES } from '../../../scripts/roast-quality';
import { analysePhoto } from './analyse.server';
import { composeRoast } from './compose';
import { builtinFacts } from './derive-facts';
import { recentLines, ROAST_MEMORY } from './memory';
import type { PhotoAnalysis } from './photo';
import { parseTitle } from './title';

/** The roast judge's generated builds (`npm run bench:roast`): each title once, with a photo of its own. */
const BUILDS = QUALITY_TITLES.length * 2;

let builds: { title: string; photo: PhotoAnalysis }[] = [];

beforeAll(async () => {
  builds = await Promise.all(
    Array.from({ length: BUILDS }, async (_, index) => {
      const spec = photoSpec(index);
      const variant = await sharp(Buffer.from(photoSvg(spec)))
        .resize({ width: analysisWidth(spec.width) })
        .jpeg()
        .toBuffer();
      const photo = await analysePhoto(variant, { width: spec.width, height: spec.height });
      return { title: QUALITY_TITLES[index % QUALITY_TITLES.length]!, photo };
    }),
  );
});

/** Every build roasted in turn at one intensity, with the memory of the roasts before it, as the roast job does. */
function roastAll(intensity: RoastIntensity): string[] {
  const history: string[][] = [];
  return builds.map(({ title, photo }, index) => {
    const memory = { recent: recentLines(history.slice(-ROAST_MEMORY).reverse()), weights: new Map<string, number>() };
    const roast = composeRoast({
      seed: `quality:${index}`,
      title,
      facts: builtinFacts(photo, parseTitle(title)),
      photo,
      memory,
      intensity,
    });
    history.push(roast.lines);
    return roast.text;
  });
}

describe('the built-in roaster’s intensity, read by the roast judge', () => {
  it('reads Gentle < Medium < Savage in harshness across the judge’s generated builds', () => {
    const [gentle, medium, savage] = ROAST_INTENSITIES.map((intensity) => harshnessOf(roastAll(intensity)).score);
    expect(gentle).toBeLessThan(medium!);
    expect(medium).toBeLessThan(savage!);
  });

  it('roasts each build more kindly at Gentle than at Savage', () => {
    const gentle = roastAll('gentle');
    const savage = roastAll('savage');
    gentle.forEach((text, index) =>
      expect(harshness(text).score, `${text}\n---\n${savage[index]}`).toBeLessThan(harshness(savage[index]!).score),
    );
  });

  it('praises more than it insults at Gentle, and the other way round at Savage', () => {
    const gentle = harshnessOf(roastAll('gentle'));
    const savage = harshnessOf(roastAll('savage'));
    expect(gentle.praisePer100).toBeGreaterThan(gentle.insultsPer100);
    expect(savage.insultsPer100).toBeGreaterThan(savage.praisePer100);
  });
});
