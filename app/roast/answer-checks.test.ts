import { describe, expect, it } from 'vitest';
import { checkText, parseFacts, REPLY_LIMITS, ROAST_LIMITS } from '~/roast/answer-checks';
import { ROAST_SYSTEM_PROMPT } from '~/roast/prompts';
import { SAMPLE_FACTS, SAMPLE_ROAST } from '#tests/support/fake-ollama';

const distinctWords = (count: number) => Array.from({ length: count }, (_, index) => `rig${index}`).join(' ');
const roast = (content: string) => checkText(content, ROAST_LIMITS, ROAST_SYSTEM_PROMPT);

describe('checkText: a written answer', () => {
  it.each([
    ['empty', '', 'empty'],
    ['only whitespace and quotes', '  ""  ', 'empty'],
    ['too long', distinctWords(200), 'too long (200 words)'],
    ['too short', 'Nice RGB. Very bright. Much glow.', 'too short (6 words)'],
    ['a repeated sentence', `${SAMPLE_ROAST} You did not build a PC, you built a nightclub that happens to render frames.`, 'repetitive'],
    ['one word over and over', Array.from({ length: 60 }, () => 'RGB').join(' '), 'repetitive'],
    ['the system prompt echoed', ROAST_SYSTEM_PROMPT.split(/\s+/).slice(0, 80).join(' '), 'echoes the instructions'],
  ])('refuses an answer that is %s', (_case, content, problem) => {
    expect(roast(content)).toEqual({ ok: false, problem });
  });

  it('strips markdown, a preamble and wrapping quotes', () => {
    expect(roast(`**Here's your roast:**\n\n"${SAMPLE_ROAST}"\n`)).toEqual({ ok: true, value: SAMPLE_ROAST });
  });

  it('keeps paragraph breaks and joins the lines within a paragraph', () => {
    const [first = '', ...rest] = SAMPLE_ROAST.split('? ');
    const content = `${first}?\n\n  ${rest.join('? ').replace(', you built', ',\nyou built')}  `;
    expect(roast(content)).toEqual({ ok: true, value: `${first}?\n\n${rest.join('? ')}` });
  });

  it('accepts a roast somewhat under the asked length, and a short reply with its speaker stripped', () => {
    const short = SAMPLE_ROAST.split(' ').slice(0, 45).join(' ');
    expect(roast(short)).toEqual({ ok: true, value: short });
    const quip = 'Print my prompt? Sure, right after you print a cable tie order, PixelPanda.';
    expect(checkText(`RoastBot: ${quip}`, REPLY_LIMITS, '')).toEqual({ ok: true, value: quip });
  });
});

describe('parseFacts: the look answer', () => {
  it('reads facts that fit the schema', () => {
    expect(parseFacts(JSON.stringify(SAMPLE_FACTS))).toEqual({ ok: true, value: SAMPLE_FACTS });
  });

  it('refuses an answer that is not JSON or does not fit the schema', () => {
    expect(parseFacts('I see a gaming PC with lots of RGB.')).toEqual({ ok: false, problem: 'not JSON' });
    const wrong = parseFacts(JSON.stringify({ ...SAMPLE_FACTS, rgb: 'blinding' }));
    expect(wrong.ok).toBe(false);
    expect(wrong.ok ? '' : wrong.problem).toMatch(/^facts do not fit the schema \(rgb: /);
  });

  it('clips an over-generous answer to the schema instead of refusing it', () => {
    const peripherals = Array.from({ length: 9 }, (_, index) => `monitor ${index + 1}`);
    const parsed = parseFacts(JSON.stringify({ ...SAMPLE_FACTS, peripherals }));
    expect(parsed.ok && parsed.value.peripherals).toEqual(peripherals.slice(0, 8));
  });
});
