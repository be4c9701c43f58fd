import { describe, expect, it } from 'vitest';
import { buildPageQuery } from '~/utils/page-query';
import { pageUpdates } from './page-updates';

const view = (query = '') => buildPageQuery(new URLSearchParams(query));

describe('the build page updating itself while it waits', () => {
  it('waits for nothing: no links, no reload', () => {
    expect(pageUpdates(7, view(), null)).toBeNull();
    expect(pageUpdates(7, view('updates=off'), null)).toBeNull();
  });

  it('for its roast, reloads its own address, and stops, checks and resumes there, keeping the view of its comments', () => {
    expect(pageUpdates(7, view('sort=top'), { kind: 'roast' })).toEqual({
      waitsFor: 'roast',
      thread: null,
      on: true,
      reload: null,
      stop: '/build/7?sort=top&updates=off',
      check: '/build/7?sort=top&updates=off',
      resume: '/build/7?sort=top',
    });
    expect(pageUpdates(7, view('sort=top&updates=off'), { kind: 'roast' })).toMatchObject({
      on: false,
      check: '/build/7?sort=top&updates=off',
      resume: '/build/7?sort=top',
    });
    expect(pageUpdates(7, view('comments=all&replyTo=3'), { kind: 'model' })).toMatchObject({
      waitsFor: 'model',
      stop: '/build/7?comments=all&replyTo=3&updates=off',
      resume: '/build/7?comments=all&replyTo=3',
    });
  });

  it("for RoastBot's reply, lands on its thread, each reload and check by the other view of the comments", () => {
    expect(pageUpdates(7, view(), { kind: 'reply', threadId: 40 })).toEqual({
      waitsFor: 'reply',
      thread: 40,
      on: true,
      reload: '/build/7?comments=all#comment-40',
      stop: '/build/7?updates=off#comment-40',
      check: '/build/7?comments=all&updates=off#comment-40',
      resume: '/build/7#comment-40',
    });
    // Stopped, on the view that shows every comment: checking again goes back to the first ones, still stopped.
    expect(pageUpdates(7, view('comments=all&sort=top&updates=off'), { kind: 'reply', threadId: 40 })).toMatchObject({
      on: false,
      check: '/build/7?sort=top&updates=off#comment-40',
      resume: '/build/7?comments=all&sort=top#comment-40',
    });
  });
});
