import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builds, shareTokens } from '../../db/schema';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { findShareToken, findSharedBuild, shareToken, shareUrl } from './shares.server';
import { aListedBuild, aMember, anImage } from '#tests/support/factories';

let buildId: number;

beforeEach(async () => {
  // Only listed builds can be shared: these builds skip screening.
  vi.stubEnv('SCREENING', 'off');
  resetEnv();
  const user = aMember({ username: 'sharer', email: 'sharer@example.com' });
  buildId = await aListedBuild({ userId: user.id, imageId: anImage({ width: 1600, height: 1200 }), title: 'Shared rig' });
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

describe('share tokens', () => {
  it('gives one unguessable token per build, the same on every call', () => {
    expect(findShareToken(buildId)).toBeNull();
    const token = shareToken(buildId);
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(shareToken(buildId)).toBe(token);
    expect(findShareToken(buildId)).toBe(token);
    expect(db().select().from(shareTokens).all()).toHaveLength(1);
    expect(findSharedBuild(token!)?.title).toBe('Shared rig');
  });

  it('refuses unknown builds and answers null for unknown tokens', () => {
    expect(shareToken(buildId + 100)).toBeNull();
    expect(findSharedBuild('no-such-token')).toBeNull();
  });

  it('refuses builds that are not listed, leaving no token behind', () => {
    for (const reviewStatus of ['pending', 'held', 'rejected'] as const) {
      db().update(builds).set({ reviewStatus }).where(eq(builds.id, buildId)).run();
      expect(shareToken(buildId), reviewStatus).toBeNull();
    }
    expect(db().select().from(shareTokens).all()).toHaveLength(0);
  });

  it('stops answering an expired token and replaces it on the next share', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const old = shareToken(buildId, now)!;
    db()
      .update(shareTokens)
      .set({ expiresAt: new Date(now.getTime() + 1000) })
      .where(eq(shareTokens.token, old))
      .run();
    const later = new Date(now.getTime() + 2000);
    expect(findSharedBuild(old, later)).toBeNull();
    expect(findShareToken(buildId, later)).toBeNull();
    const fresh = shareToken(buildId, later)!;
    expect(fresh).not.toBe(old);
    expect(findSharedBuild(fresh, later)?.id).toBe(buildId);
  });

  it('makes the public address from the origin and the token', () => {
    expect(shareUrl('https://rigroast.example.com', 'abc_-1')).toBe('https://rigroast.example.com/share/abc_-1');
  });
});
