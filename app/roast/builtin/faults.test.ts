import { describe, expect, it } from 'vitest';
import { adviceFaults, judgedBuild } from '~/roast/parts/advice-check';
import { GPU_NAMES } from '~/roast/parts/gpus';
import {
  answers,
  classFaults,
  COMMENTS,
  countFaults,
  generateBuilds,
  NO_FAULTS,
  questionAsked,
  repeatedNames,
  writeAll,
} from '../../../scripts/roast-faults';

const CRIMSON_TEMPEST = judgedBuild({
  GPU: 'RTX 4090',
  CPU: 'Core i9-14900K',
  cooler: 'Arctic Liquid Freezer III 360',
  PSU: 'Corsair RM1000x',
});
const AURORA = judgedBuild({
  case: 'Lian Li A4-H2O',
  GPU: 'RTX 4070 Ti Super',
  CPU: 'Ryzen 7 7800X3D',
  cooler: 'Lian Li Galahad 240 AIO',
});
const kinds = (faults: readonly { kind: string }[]) => faults.map((fault) => fault.kind);

// The judge of `npm run eval:roast`, on the faults issue 42 saw on the demo builds.
describe('the roast judge', () => {
  it('counts advice that recommends the cooler a build has, or one no better than it', () => {
    const line =
      'The {cooler} is the weakest of your confirmed parts: only a 360–420 mm AIO would do noticeably better, so it can stay as it is.';
    expect(kinds(adviceFaults(line.replace('{cooler}', 'Arctic Liquid Freezer III 360'), CRIMSON_TEMPEST))).toEqual(['owned-part']);
    expect(kinds(adviceFaults(line.replace('{cooler}', 'Noctua NH-D15'), judgedBuild({ cooler: 'Noctua NH-D15' })))).toEqual([
      'non-upgrade',
    ]);
  });

  it('counts sidegrades, a radiator the case cannot take and claims that contradict a part (Aurora)', () => {
    const gpu =
      'The RTX 4070 Ti Super is the weakest of your confirmed parts: a step up to an RTX 5070 or RX 9070 class card would lift frame rates.';
    expect(kinds(adviceFaults(gpu, AURORA))).toEqual(['non-upgrade', 'non-upgrade']);
    const cooling =
      'The Ryzen 7 7800X3D runs hot under load: the Lian Li Galahad 240 is small for it, so a 360 mm AIO or a large dual-tower air cooler would stop it throttling.';
    expect(kinds(adviceFaults(cooling, AURORA)).sort()).toEqual(['case-cannot-hold', 'case-cannot-hold', 'non-upgrade']);
    expect(kinds(classFaults(cooling, AURORA))).toEqual(['class-contradiction', 'class-contradiction', 'class-contradiction']);
  });

  it('counts a part named twice in one roast, and an air cooler said to heat a flat', () => {
    const build = judgedBuild({ cooler: 'Noctua NH-D15' });
    const roast =
      'A gentle roast for a good build. The Noctua NH-D15 is a huge slab of metal and fins, the kind of cooler that could heat a small flat in winter. Good call on the Noctua NH-D15: it keeps things cool and looks neat doing it.';
    expect(kinds(repeatedNames(roast, build))).toEqual(['repeated-name']);
    expect(kinds(classFaults(roast, build))).toEqual(['class-contradiction']);
    expect(repeatedNames('“My NH-D15 build” is here. The Noctua NH-D15 is huge, and the cooler is quiet.', build)).toEqual([]);
  });

  it('counts a reply that jokes past the question a comment asks', () => {
    const comment = 'is the dual-GPU real or a render?';
    expect(questionAsked(comment)).toBe('real');
    expect(answers('Defending the RTX 4090, I see. Loyalty is admirable.', 'real', CRIMSON_TEMPEST)).toBe(false);
    expect(answers('It reads as a real photo to me, not a render. The roast stands.', 'real', CRIMSON_TEMPEST)).toBe(true);
    expect(answers('Nice cooler. It is the Arctic Liquid Freezer III 360.', 'which-cooler', CRIMSON_TEMPEST)).toBe(false);
    expect(questionAsked('Love it, the cable combs are doing heroic work.')).toBeNull();
  });

  it('finds nothing wrong in advice that is a clear step up the case can take', () => {
    const advice = 'The RTX 4070 Ti Super is the part to upgrade first: an RTX 5080 would be a clear step up (about 28 % faster).';
    expect(adviceFaults(advice, AURORA)).toEqual([]);
    expect(classFaults('The Ryzen 7 7800X3D runs cool, and the Lian Li Galahad 240 carries it easily.', AURORA)).toEqual([]);
  });
});

describe('the built-in roaster, judged over generated builds', () => {
  const builds = generateBuilds(240);

  it('covers every card, each intensity, each question and builds with parts missing', () => {
    expect(new Set(builds.map((build) => build.parts.GPU))).toEqual(new Set([...GPU_NAMES, 'large triple-fan graphics card', null]));
    expect(new Set(builds.map((build) => build.intensity))).toEqual(new Set(['gentle', 'medium', 'savage']));
    expect(new Set(builds.map((build) => build.comment.text))).toEqual(new Set(COMMENTS.map((comment) => comment.text)));
    for (const category of ['GPU', 'CPU', 'cooler', 'case', 'PSU'] as const) {
      expect(builds.some((build) => build.parts[category] === null)).toBe(true);
    }
  });

  it('writes no advice for an owned part or a non-upgrade, no claim against a part, no part twice and no reply past a question', () => {
    const report = countFaults(writeAll(builds));
    expect(report.counts, JSON.stringify(report.examples, null, 2)).toEqual(NO_FAULTS);
  });
});
