import type { RoastIntensity } from '~/domain/roast-intensity';
import type { RoastFacts } from '~/roast/facts';
import type { EarlierRoast } from '~/roast/glow-up';
import { ROAST_WORDS } from '~/roast/prompts';
import { CLOSERS } from './lines/closers';
import {
  BODY_COMPARISONS,
  BODY_OBSERVATIONS,
  CLOSER_LEADS,
  CLOSER_TWISTS,
  CLOSER_VERDICTS,
  OPENER_ARRIVALS,
  OPENER_INTROS,
  OPENER_TWISTS,
} from './lines/composed';
import { FILLER_LINES } from './lines/fillers';
import { glowUpSentence } from './glow-up';
import { GENTLE_CLOSERS, GENTLE_OPENERS, GENTLE_PRAISE, SAVAGE_CLOSERS, SAVAGE_JABS, SAVAGE_OPENERS } from './lines/intensity';
import { FACT_OPENERS, GENERIC_OPENERS } from './lines/openers';
import { type LineMemory, lineId, pickFresh, pickLeastRecent } from './memory';
import type { PhotoAnalysis } from './photo';
import { type Random, seededRandom } from './random';
import { capitalise, countWords, fill, type LineVars } from './text';
import { parseTitle } from './title';
import { type RoastTopics, roastTopics } from './topics';

export type ComposeRoastInput = {
  /** Same seed and memory, same roast: the build's id, plus whatever asks for a fresh one. */
  seed: string;
  title: string;
  facts: RoastFacts;
  photo: PhotoAnalysis | null;
  /** The lines of recent roasts, which this one avoids, and their weights from reactions. */
  memory: LineMemory;
  /** How hard the owner asked to be roasted. */
  intensity: RoastIntensity;
  /** A glow-up's earlier build: its roast, advice and what changed since (decision 028). */
  earlier?: EarlierRoast | null;
};

export type ComposedRoast = {
  text: string;
  /** The ids of every line and sentence part used, the opener's first: for the memory and for reactions. */
  lines: string[];
};

/** A fitting fact-specific opener is chosen over a generic one this often. */
const FACT_OPENER_CHANCE = 0.6;
const MIN_BODY_LINES = 2;
const MAX_BODY_LINES = 4;
const COMPOSE_ATTEMPTS = 8;
/** A gentle roast teases with at most this many body lines, beside its praise. */
const GENTLE_BODY_LINES = 2;
/** The parts a gentle roast may praise by name, most telling first. */
const PRAISED_PARTS = ['gpu', 'cpu', 'case', 'cooler'] as const;
/** The values that are concrete facts of the build (the title alone is not one). */
const FACT_KEYS = ['gpu', 'cpu', 'cooler', 'case', 'colour', 'brand'] as const;

/** A sentence as chosen: its text, the ids it uses, and whether it names a fact of the build. */
type Sentence = { text: string; ids: string[]; namesFact: boolean };
type Candidate = { id: string; template: string; namesFact: boolean };

/**
 * Writes a roast from our own lines: an opener, two to four body lines about
 * this build's parts, features and photo (most specific first), and a closer.
 * No line of the roasts in `memory` comes back while an unused one fits; when
 * a kind of line runs dry, sentences are put together from parts instead, and
 * every roast names at least one concrete fact of its build.
 *
 * The intensity sets the tone: a gentle roast opens and closes kindly, teases in
 * fewer lines and praises the build (a part of it by name when it can); a savage
 * one opens and closes hard and adds a jab; a medium one is the classic roast.
 */
export function composeRoast(input: ComposeRoastInput): ComposedRoast {
  const random = seededRandom(`roast:${input.seed}`);
  const topics = roastTopics({ title: input.title, titleFacts: parseTitle(input.title), facts: input.facts, photo: input.photo, random });
  const chooser = new Chooser(random, topics, input.memory);
  const opener =
    input.intensity === 'medium' ? chooser.opener() : chooser.intense(input.intensity === 'gentle' ? GENTLE_OPENERS : SAVAGE_OPENERS);
  const closer =
    input.intensity === 'medium' ? chooser.closer() : chooser.intense(input.intensity === 'gentle' ? GENTLE_CLOSERS : SAVAGE_CLOSERS);
  const extra = input.intensity === 'gentle' ? chooser.praise() : input.intensity === 'savage' ? chooser.intense(SAVAGE_JABS) : null;
  // A glow-up's roast says, right after its opener, what changed and whether the owner listened.
  const glowUp: Sentence | null = input.earlier
    ? { text: glowUpSentence(input.earlier, input.intensity, random), ids: [], namesFact: true }
    : null;
  const framing = [opener, closer, extra, glowUp].reduce((words, sentence) => words + (sentence ? countWords(sentence.text) : 0), 0);
  const body = chooser.body(
    { min: ROAST_WORDS.min - framing, max: ROAST_WORDS.max - framing },
    input.intensity === 'gentle' ? GENTLE_BODY_LINES : MAX_BODY_LINES,
  );
  if (![opener, ...body, ...(extra ? [extra] : [])].some((sentence) => sentence.namesFact)) {
    const fact = chooser.composedBody();
    if (fact) body.splice(body.length >= MAX_BODY_LINES ? body.length - 1 : body.length, 1, fact);
  }
  const sentences = [opener, ...(glowUp ? [glowUp] : []), ...body, ...(extra ? [extra] : []), closer];
  return {
    text: nameOnce(
      sentences.map((sentence) => sentence.text),
      topics.vars,
    ).join(' '),
    lines: sentences.flatMap((sentence) => sentence.ids),
  };
}

/** What a part is called after its first mention: a roast names each part once. */
const SECOND_MENTION: Partial<Record<keyof LineVars, string>> = { gpu: 'graphics card', cpu: 'processor', cooler: 'cooler', case: 'case' };

/**
 * The sentences in reading order with every part named by its name once: later mentions
 * become "the graphics card", "this cooler". A quoted title is the owner's words, left as written.
 */
export function nameOnce(sentences: readonly string[], vars: LineVars): string[] {
  const named = new Set<string>();
  return sentences.map((sentence) =>
    sentence
      .split(/(“[^”]*”)/)
      .map((piece, at) => {
        if (piece.startsWith('“')) return piece;
        let text = piece;
        for (const [key, word] of Object.entries(SECOND_MENTION)) {
          const value = vars[key as keyof LineVars];
          if (!value || !word) continue;
          const mention = new RegExp(`(?<![\\p{L}\\p{N}])(?:(an?|the|that|this) )?${escapeRegExp(value)}(?![\\p{L}\\p{N}])`, 'giu');
          text = text.replace(mention, (whole, article: string | undefined, offset: number) => {
            if (!named.has(key)) {
              named.add(key);
              return whole;
            }
            const lead = article === undefined ? 'the' : /^an?$/i.test(article) ? 'this' : article;
            const replaced = `${lead} ${word}`;
            return (at === 0 && offset === 0) || /^[A-Z]/.test(article ?? '') ? capitalise(replaced) : replaced;
          });
        }
        return text;
      })
      .join(''),
  );
}

/** Picks a roast's sentences, remembering what this roast has used so far. */
class Chooser {
  private readonly used = new Set<string>();
  /** The texts of the sentences taken so far. */
  private readonly taken: string[] = [];
  private readonly random: Random;
  private readonly topics: RoastTopics;
  private readonly memory: LineMemory;
  /** Finds this build's parts, brand or colour in a sentence, as whole words; null when it has none. */
  private readonly facts: RegExp | null;

  constructor(random: Random, topics: RoastTopics, memory: LineMemory) {
    this.random = random;
    this.topics = topics;
    this.memory = memory;
    const values = FACT_KEYS.flatMap((key) => topics.vars[key] ?? []);
    this.facts = values.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${values.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'iu') : null;
  }

  /** A fitting fact opener (often), else a generic one, else one put together from parts. */
  opener(): Sentence {
    const fitting = this.candidates(this.topics.openerTopics.flatMap((topic) => FACT_OPENERS[topic]));
    const generic = this.candidates(GENERIC_OPENERS);
    const preferFact = this.random.next() < FACT_OPENER_CHANCE;
    const chosen = (preferFact ? this.fresh(fitting) : null) ?? this.fresh(generic) ?? this.fresh(fitting) ?? this.composedOpener();
    return this.take(chosen);
  }

  closer(): Sentence {
    return this.take(this.fresh(this.candidates(CLOSERS)) ?? this.composedCloser());
  }

  /** A line of a gentle or savage roast: always one, the least recently used when all were used lately. */
  intense(lines: readonly string[]): Sentence {
    const chosen = pickLeastRecent(this.random, this.candidates(lines), this.memory, this.used);
    const text = this.fill(chosen.template);
    return this.take({ text, ids: [chosen.id], namesFact: this.facts?.test(text) ?? false });
  }

  /** A gentle roast's praise: of a part the build has, by name, else of the build as a whole. */
  praise(): Sentence {
    const named = PRAISED_PARTS.filter((part) => this.topics.vars[part]).flatMap((part) => GENTLE_PRAISE[part]);
    const fresh = pickFresh(this.random, this.candidates(named, true), this.memory, this.used);
    if (fresh) return this.take({ text: this.fill(fresh.template), ids: [fresh.id], namesFact: true });
    return this.intense(GENTLE_PRAISE.any);
  }

  /**
   * One fresh line from each slot in order, within the word budget, until the roast
   * has three or four body lines (at most `most`); a slot whose lines were all used lately is passed
   * over. Fillers, then sentences from parts, top up a build with little to say.
   */
  body(budget: { min: number; max: number }, most: number): Sentence[] {
    const wanted = Math.min(most, this.random.next() < 0.5 ? MAX_BODY_LINES - 1 : MAX_BODY_LINES);
    const chosen: Sentence[] = [];
    let words = 0;
    const fits = (text: string) => words + countWords(text) <= budget.max;
    const add = (sentence: Sentence | null) => {
      if (!sentence || !fits(sentence.text)) return false;
      chosen.push(this.take(sentence));
      words += countWords(sentence.text);
      return true;
    };
    for (const slot of this.topics.body) {
      if (chosen.length >= wanted) break;
      add(this.fresh(this.candidates(slot.lines, slot.namesFact).filter((candidate) => fits(this.fill(candidate.template)))));
    }
    while (chosen.length < most && (chosen.length < MIN_BODY_LINES || words < budget.min)) {
      const filler = this.fresh(this.candidates(FILLER_LINES).filter((candidate) => fits(this.fill(candidate.template))));
      if (!add(filler ?? this.composedBody())) break;
    }
    return chosen;
  }

  /** "{Subject} {observation}, {comparison}." about a fact of this build not named yet; null when it has none left. */
  composedBody(): Sentence | null {
    // A part already named would be renamed "the graphics card", and the sentence read the same for every build.
    const subjects = this.topics.subjects.body.filter((subject) => !this.namesTakenPart(subject));
    if (subjects.length === 0) return null;
    const subject = this.fill(this.random.pick(subjects));
    return this.composed(
      [BODY_OBSERVATIONS, BODY_COMPARISONS],
      ([observation, comparison]) => `${subject} ${observation}, ${comparison}.`,
      true,
    );
  }

  /** "{Intro} {subject} {arrival}, {twist}." */
  private composedOpener(): Sentence {
    const subjects = this.topics.subjects.opener;
    const subject = subjects.length > 0 ? fill(this.random.pick(subjects), this.topics.vars) : 'this rig';
    return this.composed(
      [OPENER_INTROS, OPENER_ARRIVALS, OPENER_TWISTS],
      ([intro, arrival, twist]) => `${intro} ${subject} ${arrival}, ${twist}.`,
      subjects.length > 0,
    );
  }

  /** "{Lead} {verdict}, {twist}." */
  private composedCloser(): Sentence {
    return this.composed(
      [CLOSER_LEADS, CLOSER_VERDICTS, CLOSER_TWISTS],
      ([lead, verdict, twist]) => `${lead} ${verdict}, ${twist}.`,
      false,
    );
  }

  /**
   * A sentence from one part of each list, each part among the least recently used.
   * The whole sentence has an id of its own too, and one seen lately is drawn again
   * (a few tries suffice: thousands of combinations against a memory of hundreds).
   */
  private composed(lists: readonly (readonly string[])[], join: (parts: string[]) => string, namesFact: boolean): Sentence {
    let parts: Candidate[] = [];
    let text = '';
    for (let attempt = 0; attempt < COMPOSE_ATTEMPTS; attempt++) {
      parts = lists.map((list) => pickLeastRecent(this.random, this.candidates(list), this.memory, this.used));
      text = capitalise(join(parts.map((part) => part.template)));
      if (!this.memory.recent.has(lineId(text)) && !this.used.has(lineId(text))) break;
    }
    return { text, ids: [lineId(text), ...parts.map((part) => part.id)], namesFact };
  }

  private fresh(candidates: readonly Candidate[]): Sentence | null {
    const chosen = pickFresh(this.random, candidates, this.memory, this.used);
    if (!chosen) return null;
    const text = this.fill(chosen.template);
    return { text, ids: [chosen.id], namesFact: chosen.namesFact || (this.facts?.test(text) ?? false) };
  }

  /** Whether a subject names a part one of the sentences taken so far already names. */
  private namesTakenPart(subject: string): boolean {
    return Object.keys(SECOND_MENTION).some((key) => {
      const value = this.topics.vars[key as keyof LineVars];
      return !!value && subject.includes(`{${key}}`) && this.taken.some((text) => text.includes(value));
    });
  }

  private take(sentence: Sentence): Sentence {
    for (const id of sentence.ids) this.used.add(id);
    this.taken.push(sentence.text);
    return sentence;
  }

  private candidates(templates: readonly string[], namesFact = false): Candidate[] {
    return templates.map((template) => ({
      id: lineId(template),
      template,
      namesFact,
    }));
  }

  private fill(template: string): string {
    return capitalise(fill(template, this.topics.vars));
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
