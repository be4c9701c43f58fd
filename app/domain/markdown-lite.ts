/**
 * A build's description as Markdown-lite: blank lines make paragraphs, `[text](url)` and
 * bare http(s) addresses make links, and everything else is text; a comment's bare
 * addresses the same way (linkifyText). Parsed into pieces the page renders as React
 * text (escaped); no HTML from the member ever reaches the page.
 */
export type Inline = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };
export type Paragraph = Inline[];

// `[text](http…)` or a bare address; the bracket form first, so its address is not read twice.
const LINK = /\[(?<label>[^\]\n]{1,200})\]\((?<labelled>https?:\/\/[^\s()]{1,2048})\)|(?<bare>https?:\/\/[^\s<>]{1,2048})/g;
// Bare addresses only: a comment is plain text, its brackets are the member's own.
const BARE_LINK = /(?<bare>https?:\/\/[^\s<>]{1,2048})/g;
// Closing punctuation after a bare address ends the sentence, not the address.
const TRAILING_PUNCTUATION = new Set('.,;:!?\'"');

/**
 * A bare address without the punctuation it ends in, nor a closing bracket it does not
 * open: "(see https://example.com/a_(b))." is https://example.com/a_(b), as a wiki
 * address reads. Read back from its end, in linear time (a pattern such as
 * /[.,;:!?'"]+$/ tried every start in a run of punctuation: 2 000 dots and a letter took
 * 15 ms, a page of such comments half a second of the server's time).
 */
function withoutTrailingPunctuation(address: string): string {
  let open = 0;
  let close = 0;
  for (const char of address) {
    if (char === '(') open++;
    else if (char === ')') close++;
  }
  let end = address.length;
  for (; end > 0; end--) {
    const last = address[end - 1]!;
    if (last === ')' && close > open) close--;
    else if (!TRAILING_PUNCTUATION.has(last)) break;
  }
  return address.slice(0, end);
}

/** Only http and https addresses that parse become links; anything else stays text. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function inlines(text: string, pattern: RegExp): Inline[] {
  const pieces: Inline[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = pieces.at(-1);
    if (last?.kind === 'text') last.text += value;
    else pieces.push({ kind: 'text', text: value });
  };
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const [whole] = match;
    const { label, labelled, bare } = match.groups ?? {};
    const start = match.index;
    let address = labelled ?? bare ?? '';
    let consumed = whole;
    if (bare) {
      address = withoutTrailingPunctuation(bare);
      consumed = address;
    }
    const href = safeHref(address);
    pushText(text.slice(at, start));
    if (href) pieces.push({ kind: 'link', text: label ?? address, href });
    else pushText(consumed);
    at = start + consumed.length;
  }
  pushText(text.slice(at));
  return pieces;
}

/** The description's paragraphs; single line breaks inside one are kept as spaces' worth of text. */
export function parseMarkdownLite(source: string): Paragraph[] {
  return source
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim().replace(/\s*\n\s*/g, ' '))
    .filter((block) => block.length > 0)
    .map((block) => inlines(block, LINK));
}

/**
 * Plain text with its bare http(s) addresses made links (a comment): line breaks and
 * everything else stay as written, as text.
 */
export function linkifyText(text: string): Inline[] {
  return inlines(text, BARE_LINK);
}
