import { describe, expect, it } from 'vitest';
import { checkText, parseAdvice, parseFacts, REPLY_LIMITS, ROAST_LIMITS } from '~/roast/answer-checks';
import { ADVICE_SYSTEM_PROMPT, ROAST_SYSTEM_PROMPTS } from '~/roast/prompts';
import { SAMPLE_FACTS, SAMPLE_ROAST } from '#tests/support/fake-ollama';

const distinctWords = (count: number) => Array.from({ length: count }, (_, index) => `rig${index}`).join(' ');
const roast = (content: string) => checkText(content, ROAST_LIMITS, ROAST_SYSTEM_PROMPTS.medium);

describe('checkText: a written answer', () => {
  it.each([
    ['empty', '', 'empty'],
    ['only whitespace and quotes', '  ""  ', 'empty'],
    ['too long', distinctWords(200), 'too long (200 words)'],
    ['too short', 'Nice RGB. Very bright. Much glow.', 'too short (6 words)'],
    ['a repeated sentence', `${SAMPLE_ROAST} You did not build a PC, you built a nightclub that happens to render frames.`, 'repetitive'],
    ['one word over and over', Array.from({ length: 60 }, () => 'RGB').join(' '), 'repetitive'],
    ['the system prompt echoed', ROAST_SYSTEM_PROMPTS.medium.split(/\s+/).slice(0, 80).join(' '), 'echoes the instructions'],
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

describe('parseAdvice', () => {
  const advice = (value: unknown) => parseAdvice(typeof value === 'string' ? value : JSON.stringify(value), ADVICE_SYSTEM_PROMPT);
  const good = [
    'Route the loose cables behind the motherboard tray with Velcro straps.',
    'Fit dust filters on the front intakes and clean them monthly.',
    'Replace the GTX 1060 with an RTX 4060 class card after checking the PSU.',
  ];

  it('keeps three to five distinct suggestions, cleaned, and cuts a longer list to five', () => {
    expect(advice({ advice: good.map((item, i) => `${i + 1}. **${item}**`) })).toEqual({ ok: true, value: good });
    const seven = [...good, ...good.map((item) => `Also: ${item}`), 'Update the BIOS and the GPU driver to the latest version.'];
    expect(advice({ advice: seven })).toEqual({ ok: true, value: seven.slice(0, 5) });
  });

  it.each([
    ['not JSON', 'Tidy the cables.', 'not JSON'],
    ['no list', { tips: good }, 'no list of advice'],
    ['too few once repeats are dropped', { advice: [good[0], good[0], good[1]] }, 'only 2 suggestions'],
    ['a suggestion too short', { advice: [...good, 'Buy fans.'] }, 'a suggestion too short: Buy fans.'],
    ['a suggestion too long', { advice: [...good, 'word '.repeat(100)] }, 'a suggestion too long'],
    ['the instructions echoed', { advice: [...good, ADVICE_SYSTEM_PROMPT.split(/\s+/).slice(0, 30).join(' ')] }, 'echoes the instructions'],
  ])('refuses %s', (_case, value, problem) => {
    const checked = advice(value);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem).toContain(problem);
  });
});

// Issue 42: a model's advice that recommends what the build has, a sidegrade or what the case cannot hold is refused.
describe('parseAdvice, given the build', () => {
  const aurora = {
    title: 'Aurora White ITX',
    facts: SAMPLE_FACTS,
    parts: [
      { category: 'case' as const, name: 'Lian Li A4-H2O' },
      { category: 'GPU' as const, name: 'RTX 4070 Ti Super' },
      { category: 'CPU' as const, name: 'Ryzen 7 7800X3D' },
      { category: 'cooler' as const, name: 'Lian Li Galahad 240 AIO' },
    ],
  };
  const tidy = [
    'Route the loose cables behind the motherboard tray with Velcro straps.',
    'Fit dust filters on the front intakes and clean them monthly.',
  ];
  const check = (first: string, build = aurora) => parseAdvice(JSON.stringify({ advice: [first, ...tidy] }), ADVICE_SYSTEM_PROMPT, build);

  it.each([
    [
      'a sidegrade',
      'The RTX 4070 Ti Super is the weakest part: a step up to an RTX 5070 or RX 9070 class card would lift frame rates.',
      'non-upgrade',
    ],
    [
      'a radiator the case cannot take',
      'The Galahad 240 is small for the 7800X3D, so a 360 mm AIO would stop it throttling.',
      'case-cannot-hold',
    ],
    ['the cooler the build has', 'The Galahad is the weakest part: a 240 mm AIO would keep temperatures down.', 'owned-part'],
  ])('refuses %s', (_case, first, problem) => {
    const checked = check(first);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem).toMatch(new RegExp(`^${problem}: `));
  });

  it('accepts a clear step up the case can take', () => {
    expect(check('The RTX 4070 Ti Super is the part to upgrade first: an RTX 5080 would be a clear step up.').ok).toBe(true);
  });
});
