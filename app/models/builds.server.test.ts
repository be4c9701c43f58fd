import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase } from '~/services/db.server';
import { openTestDatabase } from '../../tests/support/test-database';
import { createBuild, listBuildsAfter, listRecentBuilds } from './builds.server';
import { saveImage } from './images.server';
import { insertUser } from './users.server';

const T = Date.UTC(2026, 0, 1);
let userId: number;
let imageId: number;

beforeEach(() => {
  openTestDatabase();
  userId = insertUser({ username: 'pager', email: 'pager@example.com' }).id;
  imageId = saveImage({ hash: 'b'.repeat(64), width: 800, height: 600, placeholder: '', variants: [] });
});

afterEach(() => closeDatabase());

const build = (title: string, at: number) => createBuild({ userId, title, imageId }, new Date(at))!;
const titles = (list: { title: string }[]) => list.map((item) => item.title);

describe('paging through the newest builds', () => {
  it('continues after a build, newest first, ties broken by id', () => {
    build('oldest', T);
    build('tie one', T + 1000);
    build('tie two', T + 1000);
    const newest = build('newest', T + 2000);
    expect(titles(listRecentBuilds(10))).toEqual(['newest', 'tie two', 'tie one', 'oldest']);

    const first = listRecentBuilds(2);
    const next = listBuildsAfter(first.at(-1)!.id, 2);
    expect(titles(next)).toEqual(['tie one', 'oldest']);
    expect(listBuildsAfter(next.at(-1)!.id, 2)).toEqual([]);
    expect(titles(listBuildsAfter(newest, 1))).toEqual(['tie two']);
  });

  it('is not shifted by builds uploaded after the first page was shown', () => {
    for (let index = 1; index <= 4; index++) build(`rig ${index}`, T + index * 1000);
    const page = listRecentBuilds(2);
    build('brand new', T + 10_000);
    expect(titles(listBuildsAfter(page.at(-1)!.id, 2))).toEqual(['rig 2', 'rig 1']);
  });

  it('answers nothing after an unknown build', () => {
    expect(listBuildsAfter(999, 12)).toEqual([]);
  });
});
