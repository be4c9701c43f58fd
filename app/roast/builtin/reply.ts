import type { ConfirmedPart, RoastFacts } from '~/roast/facts';
import { knownBuild } from '~/roast/parts/build-knowledge';
import { answer, mistakenPart, questionsIn } from './answer';
import { findCpu, findGpu } from './catalogue';
import { REPLY_ACKS, REPLY_REMARKS } from './lines/composed';
import { ANSWER_JOKES, REPLY_LINES, REPLY_SIGNOFFS, type ReplyTopic } from './lines/replies';
import { type LineMemory, lineId, pickFresh, pickLeastRecent } from './memory';
import { seededRandom } from './random';
import { capitalise, countWords, fill, type LineVars, partName, quoteTitle } from './text';
import { parseTitle } from './title';

export type ComposeReplyInput = {
  seed: string;
  /** The build's title. */
  title: string;
  facts: RoastFacts | null;
  /** The owner's confirmed parts: they outrank the facts, and name the power supply. */
  parts?: readonly ConfirmedPart[];
  /** The member's comment RoastBot answers. Only its topic or question is used; none of it is quoted back. */
  comment: string;
  /** RoastBot's recent replies, site-wide and in this thread, which this one avoids. */
  memory: LineMemory;
};

/** Stricter than the Ollama prompt's limit: a canned line should stay short. */
const REPLY_MAX_WORDS = 60;
const SIGNOFF_CHANCE = 0.4;
const COMPOSE_ATTEMPTS = 8;
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
 * RoastBot's built-in answer to a member's comment. A question (is it real, what
 * cooler, will it bottleneck, what to upgrade, is the PSU enough) is answered
 * first (two of them, in the order asked, when a comment asks several), from the build's parts, then joked about. Anything else gets one line about what the
 * comment is about, naming the build's parts where the facts know them. A line
 * used in the recent replies is passed over while a fresh one exists: the topic's
 * lines first, then the general ones, then a reply put together from parts.
 * `lines` are the ids used, for the memory.
 */
export function composeReply(input: ComposeReplyInput): { text: string; lines: string[] } {
  const random = seededRandom(`reply:${input.seed}`);
  const named = parseTitle(input.title);
  const questions = questionsIn(input.comment.slice(0, COMMENT_READ_CHARS));
  if (questions.length > 0) {
    // A question gets its answer first, from what the roaster knows of the build, then a joke.
    const build = knownBuild(
      {
        gpu: input.facts?.gpu ?? named.gpu,
        cpu: input.facts?.cpu ?? named.cpu,
        cooler: input.facts?.cooler ?? named.cooler,
        case: input.facts?.case ?? named.case,
      },
      input.parts,
    );
    // A part the comment names wrongly is put right first; that answers "which card?" too.
    const mistaken = mistakenPart(input.comment.slice(0, COMMENT_READ_CHARS), questions, build);
    const answers = [
      ...(mistaken ? [mistaken.text] : []),
      ...questions.filter((question) => question !== mistaken?.part).map((question) => answer(question, build)),
    ];
    // A second answer only while the reply stays within its words.
    const text = countWords(answers.join(' ')) <= REPLY_MAX_WORDS ? answers.join(' ') : answers[0]!;
    const joke = pickLeastRecent(
      random,
      ANSWER_JOKES.map((line) => ({ id: lineId(line), template: line })),
      input.memory,
      new Set(),
    );
    const withJoke = `${text} ${joke.template}`;
    return countWords(withJoke) <= REPLY_MAX_WORDS ? { text: withJoke, lines: [lineId(text), joke.id] } : { text, lines: [lineId(text)] };
  }
  const topic = replyTopic(input.comment);
  // The facts' wording first, else what the title names, else a plain word.
  const part = (seen: string | null | undefined, titled: string | null, word: string) => partName(seen ?? titled ?? word);
  const vars: LineVars = {
    gpu: part(input.facts?.gpu, named.gpu, 'graphics card'),
    cpu: part(input.facts?.cpu, named.cpu, 'processor'),
    cooler: part(input.facts?.cooler, named.cooler, 'cooler'),
    case: part(input.facts?.case, named.case, 'case'),
    title: quoteTitle(input.title) ?? 'this build',
  };
  const used = new Set<string>();
  const candidates = (templates: readonly string[]) => templates.map((template) => ({ id: lineId(template), template }));
  const say = (template: string) => capitalise(fill(template, vars));
  const whole =
    pickFresh(random, candidates(REPLY_LINES[topic]), input.memory, used) ??
    pickFresh(random, candidates(REPLY_LINES.general), input.memory, used);
  let reply = { text: '', lines: [] as string[] };
  if (whole) {
    reply = { text: say(whole.template), lines: [whole.id] };
  } else {
    // A reply seen lately is drawn again: 144 combinations against a memory of 50.
    for (let attempt = 0; attempt < COMPOSE_ATTEMPTS; attempt++) {
      const ack = pickLeastRecent(random, candidates(REPLY_ACKS), input.memory, used);
      const remark = pickLeastRecent(random, candidates(REPLY_REMARKS), input.memory, used);
      const text = `${ack.template} ${say(remark.template)}`;
      reply = { text, lines: [lineId(text), ack.id, remark.id] };
      if (!input.memory.recent.has(lineId(text))) break;
    }
  }
  if (random.next() >= SIGNOFF_CHANCE) return reply;
  const signoff = pickLeastRecent(random, candidates(REPLY_SIGNOFFS), input.memory, used);
  const withSignoff = `${reply.text} ${signoff.template}`;
  return countWords(withSignoff) <= REPLY_MAX_WORDS ? { text: withSignoff, lines: [...reply.lines, signoff.id] } : reply;
}

function replyTopic(comment: string): ReplyTopic {
  const text = comment.slice(0, COMMENT_READ_CHARS).toLowerCase();
  if (findGpu(text)) return 'gpu';
  if (findCpu(text)) return 'cpu';
  return TOPICS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'general';
}
