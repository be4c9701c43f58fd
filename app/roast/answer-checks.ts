import { ADVICE_ITEM_MAX_LENGTH, ADVICE_ITEMS } from '~/domain/roast-intensity';
import { clipFacts, roastFactsSchema, type RoastFacts } from '~/roast/facts';
import { checkedBuild, adviceFaults } from '~/roast/parts/advice-check';
import { REPLY_WORDS, ROAST_WORDS, type RoastInput } from '~/roast/prompts';

// What makes a model's answer usable: pure checks, so the rules can be tested without
// a model and the Ollama client stays about talking to Ollama.

/** An answer that passed, cleaned, or why it did not. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Reads the look step's answer into facts, clipped to the schema's limits. */
export function parseFacts(content: string): Checked<RoastFacts> {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const facts = roastFactsSchema.safeParse(clipFacts(json));
  if (facts.success) return { ok: true, value: facts.data };
  const issue = facts.error.issues[0];
  return { ok: false, problem: `facts do not fit the schema (${issue?.path.join('.')}: ${issue?.message})` };
}

export type TextLimits = { minWords: number; maxWords: number };

// Asked for 60–140 words; models often undershoot a little, and a tight 95-word roast
// beats a retry, so only clearly short answers are refused.
export const ROAST_LIMITS: TextLimits = { minWords: 40, maxWords: ROAST_WORDS.max };
// Asked for 15–80 words; the same leeway below.
export const REPLY_LIMITS: TextLimits = { minWords: 10, maxWords: REPLY_WORDS.max };

/** A suggestion shorter than this says nothing concrete. */
const ADVICE_MIN_WORDS = 5;

/**
 * Reads the advice step's answer: 3–5 distinct plain suggestions (more are cut to five,
 * as a model that over-delivers still gave good advice), each a sentence or two that
 * fits the page, none reciting the instructions, and, given the build, none recommending
 * a part it has, one that is no clear step up, or one its case cannot hold.
 */
export function parseAdvice(content: string, systemPrompt: string, build?: RoastInput): Checked<string[]> {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const list = typeof json === 'object' && json !== null && 'advice' in json ? json.advice : null;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return { ok: false, problem: 'no list of advice' };
  const promptWords = wordsOf(systemPrompt);
  const items = [
    ...new Set(
      list.map((item) =>
        cleanText(item)
          .replace(/^(?:\d+[.)]|[-*•])\s*/, '')
          .replace(/\s+/g, ' '),
      ),
    ),
  ].filter(Boolean);
  if (items.length < ADVICE_ITEMS.min) return { ok: false, problem: `only ${items.length} suggestions` };
  const advice = items.slice(0, ADVICE_ITEMS.max);
  const parts = build ? checkedBuild(build.facts, build.parts) : null;
  for (const item of advice) {
    if (wordsOf(item).length < ADVICE_MIN_WORDS) return { ok: false, problem: `a suggestion too short: ${item}` };
    if (item.length > ADVICE_ITEM_MAX_LENGTH) return { ok: false, problem: `a suggestion too long (${item.length} characters)` };
    if (echoes(wordsOf(item), promptWords)) return { ok: false, problem: 'echoes the instructions' };
    const fault = parts ? adviceFaults(item, parts)[0] : undefined;
    if (fault) return { ok: false, problem: `${fault.kind}: ${fault.detail}` };
  }
  return { ok: true, value: advice };
}

/** Below this share of distinct words a text is going round in circles. */
const MIN_DISTINCT_WORD_RATIO = 0.4;
/** A sentence this long seen twice is a loop, not a callback. */
const REPEATED_SENTENCE_MIN_WORDS = 4;
/** This many words in a row from the system prompt means the model is reciting it. */
const ECHO_RUN_WORDS = 8;

/** Cleans a written answer and decides whether it can be shown. */
export function checkText(content: string, limits: TextLimits, systemPrompt: string): Checked<string> {
  const text = cleanText(content);
  const words = wordsOf(text);
  if (words.length === 0) return { ok: false, problem: 'empty' };
  if (words.length > limits.maxWords) return { ok: false, problem: `too long (${words.length} words)` };
  if (words.length < limits.minWords) return { ok: false, problem: `too short (${words.length} words)` };
  if (hasRepeatedSentence(text) || new Set(words).size / words.length < MIN_DISTINCT_WORD_RATIO) {
    return { ok: false, problem: 'repetitive' };
  }
  if (echoes(words, wordsOf(systemPrompt))) return { ok: false, problem: 'echoes the instructions' };
  return { ok: true, value: text };
}

const QUOTE_PAIRS: [string, string][] = [
  ['"', '"'],
  ['“', '”'],
  ['«', '»'],
  ['‘', '’'],
  ["'", "'"],
];

/**
 * Strips what models wrap plain text in (fences, markdown, a preamble, a speaker,
 * quotes) and tidies the spacing, keeping paragraph breaks.
 */
function cleanText(content: string): string {
  let text = content
    .replace(/^\s*```[\w-]*\s*$/gm, '')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+)/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/\*(\S(?:.*?\S)?)\*/g, '$1')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n')
    .replace(/^(?:(?:sure|okay|ok|alright|absolutely)\b[!,.]?\s*)?(?:here(?:'s|’s| is| goes| you go)|this is)\b[^:\n]{0,60}:\s*/i, '')
    .replace(/^(?:RoastBot|RigRoast)\s*:\s*/i, '');
  for (const [open, close] of QUOTE_PAIRS) {
    const inner = text.slice(open.length, -close.length);
    // A quote inside means the outer ones belong to the text; apostrophes look like
    // straight single quotes, so those are only checked at the ends.
    const quotedInside = open !== "'" && (inner.includes(open) || inner.includes(close));
    if (text.length > 2 && text.startsWith(open) && text.endsWith(close) && !quotedInside) text = inner.trim();
  }
  return text;
}

/** Lower-case words without their punctuation; tokens with no letter or digit are not words. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}'’-]/gu, ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
}

function hasRepeatedSentence(text: string): boolean {
  const seen = new Set<string>();
  for (const sentence of text.split(/(?<=[.!?…])\s+/)) {
    const words = wordsOf(sentence);
    if (words.length < REPEATED_SENTENCE_MIN_WORDS) continue;
    const key = words.join(' ');
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

function echoes(words: string[], promptWords: string[]): boolean {
  const runs = new Set<string>();
  for (let i = 0; i + ECHO_RUN_WORDS <= promptWords.length; i++) {
    runs.add(promptWords.slice(i, i + ECHO_RUN_WORDS).join(' '));
  }
  for (let i = 0; i + ECHO_RUN_WORDS <= words.length; i++) {
    if (runs.has(words.slice(i, i + ECHO_RUN_WORDS).join(' '))) return true;
  }
  return false;
}
