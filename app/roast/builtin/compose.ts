import type { RoastFacts } from '~/roast/facts';
import { ROAST_WORDS } from '~/roast/prompts';
import { CLOSERS } from './lines/closers';
import { FILLER_LINES } from './lines/fillers';
import { FACT_OPENERS, GENERIC_OPENERS, type OpenerTopic } from './lines/openers';
import type { PhotoAnalysis } from './photo';
import { type Random, seededRandom } from './random';
import { capitalise, countWords, fill, type LineVars } from './text';
import { parseTitle } from './title';
import { type BodySlot, roastTopics } from './topics';

export type ComposeRoastInput = {
  /** Same seed, same roast: the build's id, plus whatever asks for a fresh one. */
  seed: string;
  title: string;
  facts: RoastFacts;
  photo: PhotoAnalysis | null;
  /** Opener ids of the most recent roasts, which this one must not repeat. */
  avoidOpeners: readonly string[];
};

/** A fitting fact-specific opener is chosen over a generic one this often. */
const FACT_OPENER_CHANCE = 0.6;
const MIN_BODY_LINES = 2;
const MAX_BODY_LINES = 4;

type Opener = { id: string; template: string };

/**
 * Writes a roast from our own lines: an opener, two to four body lines about
 * this build's parts, features and photo (most specific first), and a closer.
 * `opener` is the stable id of the opening line, for the caller to remember.
 */
export function composeRoast(input: ComposeRoastInput): { text: string; opener: string } {
  const random = seededRandom(`roast:${input.seed}`);
  const topics = roastTopics({ title: input.title, titleFacts: parseTitle(input.title), facts: input.facts, photo: input.photo, random });
  const opener = chooseOpener(random, topics.openerTopics, new Set(input.avoidOpeners));
  const first = line(opener.template, topics.vars);
  const closer = line(random.pick(CLOSERS), topics.vars);
  const framing = countWords(first) + countWords(closer);
  const body = chooseBody(random, topics.body, topics.vars, { min: ROAST_WORDS.min - framing, max: ROAST_WORDS.max - framing });
  return { text: [first, ...body, closer].join(' '), opener: opener.id };
}

/**
 * Never one of the recent openers. A fitting fact-specific opener is preferred;
 * when all of those were used lately, any fresh generic one (there are more
 * generic openers than the caller remembers, so one is always fresh).
 */
function chooseOpener(random: Random, topics: readonly OpenerTopic[], avoid: ReadonlySet<string>): Opener {
  const fresh = (openers: Opener[]) => openers.filter((opener) => !avoid.has(opener.id));
  const fitting = fresh(topics.flatMap((topic) => FACT_OPENERS[topic].map((template, i) => ({ id: `${topic}-${i}`, template }))));
  const generic = GENERIC_OPENERS.map((template, i) => ({ id: `generic-${i}`, template }));
  const freshGeneric = fresh(generic);
  if (fitting.length > 0 && (freshGeneric.length === 0 || random.next() < FACT_OPENER_CHANCE)) return random.pick(fitting);
  // Only a caller avoiding every generic opener ends up repeating one.
  return random.pick(freshGeneric.length > 0 ? freshGeneric : generic);
}

/**
 * One line from each slot in order, within the word budget, until the roast
 * has three or four body lines; generic filler tops up a build with little to say.
 */
function chooseBody(random: Random, slots: readonly BodySlot[], vars: LineVars, budget: { min: number; max: number }): string[] {
  const wanted = random.next() < 0.5 ? MAX_BODY_LINES - 1 : MAX_BODY_LINES;
  const chosen: string[] = [];
  let words = 0;
  const take = (templates: readonly string[]) => {
    const fitting = templates
      .map((template) => line(template, vars))
      .filter((text) => words + countWords(text) <= budget.max && !chosen.includes(text));
    if (fitting.length === 0) return false;
    const text = random.pick(fitting);
    chosen.push(text);
    words += countWords(text);
    return true;
  };
  for (const slot of slots) {
    if (chosen.length >= wanted) break;
    take(slot);
  }
  while (chosen.length < MAX_BODY_LINES && (chosen.length < MIN_BODY_LINES || words < budget.min)) {
    if (!take(FILLER_LINES)) break;
  }
  return chosen;
}

function line(template: string, vars: LineVars): string {
  return capitalise(fill(template, vars));
}
