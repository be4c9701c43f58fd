import { describe, expect, it } from 'vitest';
import { linkifyText, parseMarkdownLite } from './markdown-lite';

describe('parseMarkdownLite', () => {
  it('splits paragraphs on blank lines and joins the lines inside one', () => {
    expect(parseMarkdownLite('First line\nsame paragraph\n\n\nSecond')).toEqual([
      [{ kind: 'text', text: 'First line same paragraph' }],
      [{ kind: 'text', text: 'Second' }],
    ]);
  });

  it('makes links of [text](url) and of bare addresses, leaving sentence punctuation outside', () => {
    expect(parseMarkdownLite('See [my log](https://example.com/log) or https://example.org/a.')).toEqual([
      [
        { kind: 'text', text: 'See ' },
        { kind: 'link', text: 'my log', href: 'https://example.com/log' },
        { kind: 'text', text: ' or ' },
        { kind: 'link', text: 'https://example.org/a', href: 'https://example.org/a' },
        { kind: 'text', text: '.' },
      ],
    ]);
  });

  it('keeps markup and other schemes as plain text', () => {
    expect(parseMarkdownLite('<script>x</script> [click](javascript:alert(1)) <b>bold</b>')).toEqual([
      [{ kind: 'text', text: '<script>x</script> [click](javascript:alert(1)) <b>bold</b>' }],
    ]);
  });

  it('answers nothing for blank text', () => {
    expect(parseMarkdownLite('  \n\n  ')).toEqual([]);
  });
});

describe('linkifyText', () => {
  it('links bare http(s) addresses and keeps the rest as written, line breaks and brackets too', () => {
    expect(linkifyText('Log: https://example.com/log?part=gpu, see [this](https://example.org/x)\nbye')).toEqual([
      { kind: 'text', text: 'Log: ' },
      { kind: 'link', text: 'https://example.com/log?part=gpu', href: 'https://example.com/log?part=gpu' },
      { kind: 'text', text: ', see [this](' },
      { kind: 'link', text: 'https://example.org/x', href: 'https://example.org/x' },
      { kind: 'text', text: ')\nbye' },
    ]);
  });

  it('never links another scheme, nor an address that does not parse', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.com/file',
      'https://javascript:alert(1)',
      'https://[::z]/',
    ]) {
      expect(linkifyText(text).every((piece) => piece.kind === 'text')).toBe(true);
    }
  });

  it('links a long address whole', () => {
    const address = `https://example.com/${'segment-'.repeat(120)}end`;
    expect(linkifyText(`${address} ok`)).toEqual([
      { kind: 'link', text: address, href: address },
      { kind: 'text', text: ' ok' },
    ]);
  });

  // A generous ceiling, not a benchmark: each such address took 15 ms, 200 of them 3 s of the server's time.
  it('reads addresses that run into long runs of punctuation in linear time', () => {
    const address = `https://a${'.'.repeat(2030)}b`;
    const text = `${address} `.repeat(200);
    const started = performance.now();
    const pieces = linkifyText(text);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(pieces.filter((piece) => piece.kind === 'link')).toHaveLength(200);
    expect(linkifyText(`see https://example.com/a!?..."'`)).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: `!?..."'` },
    ]);
  });

  it('keeps the brackets an address opens and closes, and leaves out one it only closes', () => {
    expect(linkifyText('(see https://en.wikipedia.org/wiki/Foo_(bar)). And (https://example.com/x)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://en.wikipedia.org/wiki/Foo_(bar)', href: 'https://en.wikipedia.org/wiki/Foo_(bar)' },
      { kind: 'text', text: '). And (' },
      { kind: 'link', text: 'https://example.com/x', href: 'https://example.com/x' },
      { kind: 'text', text: ')' },
    ]);
    expect(parseMarkdownLite('Wiki: https://en.wikipedia.org/wiki/Foo_(bar), [log](https://example.com/log)')).toEqual([
      [
        { kind: 'text', text: 'Wiki: ' },
        { kind: 'link', text: 'https://en.wikipedia.org/wiki/Foo_(bar)', href: 'https://en.wikipedia.org/wiki/Foo_(bar)' },
        { kind: 'text', text: ', ' },
        { kind: 'link', text: 'log', href: 'https://example.com/log' },
      ],
    ]);
  });
});
