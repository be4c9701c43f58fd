import type { RoastFacts } from '~/roast/facts';
import { findCpu, findGpu } from './catalogue';
import { REPLY_LINES, REPLY_SIGNOFFS, type ReplyTopic } from './lines/replies';
import { seededRandom } from './random';
import { capitalise, countWords, fill, type LineVars, partName, quoteTitle } from './text';
import { parseTitle } from './title';

export type ComposeReplyInput = {
  seed: string;
  /** The build's title. */
  title: string;
  facts: RoastFacts | null;
  /** The member's comment RoastBot answers. Only its topic is used; none of it is quoted back. */
  comment: string;
};

/** Stricter than the Ollama prompt's limit: a canned line should stay short. */
const REPLY_MAX_WORDS = 60;
const SIGNOFF_CHANCE = 0.4;
/** Enough to find the topic; a comment can be long. */
const COMMENT_READ_CHARS = 600;

/** What a comment is about, most specific first; the first that matches wins (a named part counts too). */
const TOPICS: readonly [ReplyTopic, RegExp][] = [
  ['gpu', /\b(?:gpus?|graphics|rtx|gtx|radeon|geforce|nvidia|vram)\b/],
  ['cpu', /\b(?:cpus?|processors?|ryzen|intel|x3d|threadripper)\b/],
  ['cooling', /\b(?:coolers?|cooling|temps?|temperatures?|thermals?|aio|fans?|radiators?|loop|heat|noctua)\b/],
  ['rgb', /\b(?:rgb|lights?|lighting|leds?|glow\w*|rainbow)\b/],
  ['cables', /\b(?:cables?|wires?|wiring|zip\s*ties?)\b/],
  ['case', /\b(?:case|chassis|glass|fishbowl|tower)\b/],
  ['price', /\b(?:price|cost|costs|expensive|cheap|budget|money|paid|afford\w*|dollars?|euros?|pounds?)\b|[$€£]/],
  ['photo', /\b(?:photos?|pictures?|pics?|camera|blurry|dark|phone|shot)\b/],
  ['question', /\?/],
  ['thanks', /\b(?:thanks|thank\s*you|thx|ty|cheers)\b/],
  ['praise', /\b(?:nice|clean|love|beautiful|great|sick|fire|awesome|amazing|gorgeous|insane|cool|goat|dope|sweet)\b/],
  ['pushback', /\b(?:actually|wrong|unfair|disagree|nah|nope|harsh|mean|rude|fight|salty|whatever|better\s*than)\b|!/],
];

/**
 * RoastBot's built-in answer to a member's comment: one line about what the
 * comment is about, naming the build's parts where the facts know them.
 */
export function composeReply(input: ComposeReplyInput): string {
  const random = seededRandom(`reply:${input.seed}`);
  const topic = replyTopic(input.comment);
  const named = parseTitle(input.title);
  // The facts' wording first, else what the title names, else a plain word.
  const part = (seen: string | null | undefined, titled: string | null, word: string) => partName(seen ?? titled ?? word);
  const vars: LineVars = {
    gpu: part(input.facts?.gpu, named.gpu, 'graphics card'),
    cpu: part(input.facts?.cpu, named.cpu, 'processor'),
    cooler: part(input.facts?.cooler, named.cooler, 'cooler'),
    case: part(input.facts?.case, named.case, 'case'),
    title: quoteTitle(input.title) ?? 'this build',
  };
  const reply = capitalise(fill(random.pick(REPLY_LINES[topic]), vars));
  const signoff = random.pick(REPLY_SIGNOFFS);
  const withSignoff = `${reply} ${signoff}`;
  return random.next() < SIGNOFF_CHANCE && countWords(withSignoff) <= REPLY_MAX_WORDS ? withSignoff : reply;
}

function replyTopic(comment: string): ReplyTopic {
  const text = comment.slice(0, COMMENT_READ_CHARS).toLowerCase();
  if (findGpu(text)) return 'gpu';
  if (findCpu(text)) return 'cpu';
  return TOPICS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'general';
}
