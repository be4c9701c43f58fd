import type { RoastIntensity } from '~/domain/roast-intensity';
import { type EarlierRoast, partActedOn } from '~/roast/glow-up';
import type { Random } from './random';

/*
 * The built-in roaster's sentence about a glow-up (decision 028): what changed since the
 * earlier build, and whether the owner listened to its advice, in the roast's voice.
 * Every version says "You listened" or "You did not listen" when the advice named a part.
 */

type Vars = { advised: string; to: string; changed: string };

const LISTENED: Record<RoastIntensity, string[]> = {
  gentle: [
    'Lovely glow-up: the last roast suggested replacing the {advised}, and you did, with the {to}. You listened, and it paid off.',
    'The advice last time pointed at the {advised}, and here is the {to} in its place. You listened, and the rig is better for it.',
  ],
  medium: [
    'Glow-up check: the last roast told you to deal with the {advised}, and you actually swapped it for the {to}. You listened, which is more than most of this site does.',
    'Last time the advice said the {advised} had to go; it went, and the {to} moved in. You listened, so somebody here takes notes.',
  ],
  savage: [
    'Glow-up check: the last roast told you the {advised} was dead weight, and you finally swapped it for the {to}. You listened, eventually.',
    'The advice last time begged you to bin the {advised}, and the {to} is here now. You listened; it only took a public roasting.',
  ],
};

const LISTENED_REMOVED: Record<RoastIntensity, string> = {
  gentle: 'The last roast suggested doing something about the {advised}, and it is gone. You listened, and it shows.',
  medium: 'Glow-up check: the last roast pointed at the {advised}, and it has left the building. You listened.',
  savage: 'Glow-up check: the last roast told you to get rid of the {advised}, and it is gone. You listened, at last.',
};

const IGNORED: Record<RoastIntensity, string[]> = {
  gentle: ['The {advised} the last roast suggested upgrading is still here. You did not listen this time, but the new photos are a treat.'],
  medium: [
    'Glow-up check: the last roast begged you to upgrade the {advised}, and here it still is. You did not listen.',
    'New photos, same {advised} the advice told you to replace. You did not listen, and the {advised} knows it.',
  ],
  savage: [
    'Glow-up check: the last roast told you to bin the {advised}. It is still here. You did not listen, and it shows.',
    'The advice named the {advised} as the problem and you kept it anyway. You did not listen; new lighting is not an upgrade.',
  ],
};

const CHANGED: Record<RoastIntensity, string> = {
  gentle: 'A proper glow-up: since last time you {changed}.',
  medium: 'Glow-up check: since last time you {changed}.',
  savage: 'Glow-up check: since last time you {changed}, as if that fixes everything.',
};

const UNCHANGED: Record<RoastIntensity, string> = {
  gentle: 'Same parts list as last time, with fresh photos: a glow-up of the lighting, and it looks good.',
  medium: 'Glow-up check: same parts list as last time, just new photos. A glow-up of the lighting only.',
  savage: 'Glow-up check: same parts list as last time, new photos. Calling that a glow-up is the boldest part of this build.',
};

/** "swapped the RTX 3060 for the RX 7800 XT, added the Corsair RM850x and dropped the Wraith Stealth": at most three changes named. */
function changeSummary(earlier: EarlierRoast): string {
  const { replaced, added, removed } = earlier.changes;
  const told = [
    ...replaced.map((change) => `swapped the ${change.from} for the ${change.to}`),
    ...added.map((part) => `added the ${part.name}`),
    ...removed.map((part) => `dropped the ${part.name}`),
  ];
  const shown = told.slice(0, 3);
  if (told.length > shown.length) shown.push('more');
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

function fill(template: string, vars: Vars): string {
  return template.replace(/\{(advised|to|changed)\}/g, (_, key: keyof Vars) => vars[key]);
}

/** The glow-up's sentence for the built-in roast. */
export function glowUpSentence(earlier: EarlierRoast, intensity: RoastIntensity, random: Random): string {
  const changed = changeSummary(earlier);
  const acted = partActedOn(earlier);
  if (earlier.verdict.verdict === 'listened' && acted) {
    const vars = { advised: acted.advised, to: acted.replacement ?? '', changed };
    return fill(acted.replacement === null ? LISTENED_REMOVED[intensity] : random.pick(LISTENED[intensity]), vars);
  }
  if (earlier.verdict.verdict === 'ignored') {
    return fill(random.pick(IGNORED[intensity]), { advised: earlier.verdict.advised[0] ?? '', to: '', changed });
  }
  return fill(changed === '' ? UNCHANGED[intensity] : CHANGED[intensity], { advised: '', to: '', changed });
}
