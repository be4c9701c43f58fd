import { describe, expect, it } from 'vitest';
import { oneLine, withLines } from './member-text';
import { bioSchema, buildTitleField, commentSchema, partSchema } from '~/utils/schemas';

describe('text a member writes', () => {
  it('on one line: control characters and line breaks become spaces, what hides or reverses text goes', () => {
    expect(oneLine('a\u0000b\u0007c\u001b[31m\u202eevil\u202c\nline2\r\nline3')).toBe('a b c [31mevil line2 line3');
    expect(oneLine('\u200bA black\ufeff case\u2066 \u0085')).toBe('A black case');
  });

  it('with paragraphs: line breaks stay (CRLF as one), other controls and overrides go', () => {
    expect(withLines('First\r\n\r\nSecond\u0000 line\u202e\u0007\n')).toBe('First\n\nSecond line');
  });

  it('keeps what scripts and emoji need: joiners and direction marks, right-to-left letters', () => {
    expect(oneLine('👨\u200d💻 rig')).toBe('👨\u200d💻 rig');
    expect(oneLine('می\u200cخواهم')).toBe('می\u200cخواهم');
    expect(oneLine('شاشة \u200fRTX')).toBe('شاشة \u200fRTX');
  });

  it('with nothing visible reads as empty, so the forms refuse it as blank', () => {
    for (const blank of ['\u200b\u200b', '\u202e\u202c', '\u200d', ' \u0000 ']) {
      expect(oneLine(blank), JSON.stringify(blank)).toBe('');
      expect(withLines(blank), JSON.stringify(blank)).toBe('');
    }
    expect(buildTitleField.safeParse('\u200b\u200b\u200b').error?.issues[0]?.message).toBe('Title is required');
    expect(commentSchema.safeParse({ content: '\u202e\u200b' }).error?.issues[0]?.message).toBe('Comment cannot be empty');
  });

  it('is what the title, comment, bio and part forms keep', () => {
    expect(buildTitleField.parse('  Neon\u202e Noir\n ')).toBe('Neon Noir');
    expect(commentSchema.parse({ content: 'Nice\r\nrig\u0007' }).content).toBe('Nice\nrig');
    expect(bioSchema.parse({ bio: ' I sleeve.\u2066 ' }).bio).toBe('I sleeve.');
    expect(partSchema.parse({ category: 'GPU', name: 'RTX\u00004090' }).name).toBe('RTX 4090');
  });
});
