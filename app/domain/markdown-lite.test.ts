import { describe, expect, it } from 'vitest';
import { parseMarkdownLite } from './markdown-lite';

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
