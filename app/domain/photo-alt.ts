import type { SubmissionResult } from '@conform-to/react';
import { oneLine } from './member-text';

/*
 * A build photo's alt text: a short literal description of what the photo shows (parts,
 * colours, lighting), drafted by the vision step and changed by the owner at will. Where
 * a photo has none yet, pages name it by the build's title.
 */

/**
 * Who wrote a photo's alt text: its owner; the vision model; the built-in analysis, with
 * no model in use or after the model had its chance; or the built-in analysis standing in
 * for a model that did not answer, whose description replaces it once it answers again.
 */
export const ALT_AUTHORS = ['owner', 'model', 'builtin', 'stand_in'] as const;
export type AltAuthor = (typeof ALT_AUTHORS)[number];

/** The longest alt text an owner may write; a draft is cut shorter (ALT_DRAFT_MAX_LENGTH). */
export const PHOTO_ALT_MAX_LENGTH = 250;

/** A screen reader reads a draft in one breath: about two short sentences. */
export const ALT_DRAFT_MAX_LENGTH = 200;

/**
 * What a page says of a build's photo: its description, or "Photo of <title>" for the
 * main photo (`position` 0) and "Photo <n> of <title>" for the others while it has none.
 */
export function photoAlt(alt: string | null, title: string, position = 0): string {
  const written = alt?.trim();
  if (written) return written;
  return position === 0 ? `Photo of ${title}` : `Photo ${position + 1} of ${title}`;
}

/** A text cut to `max` characters at a word, whitespace made single spaces, with no dangling punctuation. */
export function clipAlt(text: string, max = ALT_DRAFT_MAX_LENGTH): string {
  const plain = oneLine(text);
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:-]+$/, '');
}

/** An action's answer to a refused description: which photo's form ("main" or an extra photo's id), and Conform's result. */
export type AltRefusal = { altPhoto: 'main' | number; altResult: SubmissionResult<string[]> };
