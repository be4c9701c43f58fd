import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteBuildAsAdmin } from '~/models/admin-builds.server';
import { changeMember, deleteMember } from '~/models/admin-members.server';
import { decideHeldBuild, hideBuild } from '~/models/moderation.server';
import { saveCompetition } from '~/models/competitions.server';
import { changeAvatar } from '~/models/users.server';
import { resetEnv } from '~/services/env.server';
import { aListedBuild, aMember, anImage } from '#tests/support/factories';
import { PUBLIC_UPLOAD_FOLDERS, staticMounts } from './static-mounts';

// A replica and the primary it copies public uploads from. The primary is a
// stand-in that serves its volume as the app does (a file is public while it is in
// a public folder there) and counts what it is asked; the database is the one both
// share, as LiteFS replicates it: the models change it here as they do on the primary.

let base: string;
let primaryUploads: string;
let replicaUploads: string;
let primaryOrigin: string;
let replica: string;
/** The paths under /uploads the primary was asked for, since the test began. */
let primaryAsked: string[] = [];
/** How long the primary takes before it answers for an upload. */
let primaryDelayMs = 0;
/** The errors the replica's upload mounts passed on to Express, since the test began. */
let passedOn: unknown[] = [];
const servers: Server[] = [];

async function listen(app: express.Express): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((ready) => server.once('listening', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// One primary for the file: a replica remembers where its primary is for a while.
beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'rigroast-public-uploads-'));
  primaryUploads = join(base, 'primary');
  replicaUploads = join(base, 'replica');
  const primary = express();
  // LiteFS's /info on the replica's machine: another node holds the lease.
  primary.get('/info', (_req, res) => {
    res.json({ isPrimary: false });
  });
  primary.use('/uploads', async (req, _res, next) => {
    primaryAsked.push(req.path);
    await sleep(primaryDelayMs);
    next();
  });
  for (const folder of PUBLIC_UPLOAD_FOLDERS)
    primary.use(`/uploads/${folder}`, express.static(join(primaryUploads, folder), { fallthrough: false }));
  primaryOrigin = await listen(primary);
  const litefsDir = join(base, 'litefs');
  mkdirSync(litefsDir);
  writeFileSync(join(litefsDir, '.primary'), 'node-a');
  vi.stubEnv('LITEFS_DIR', litefsDir);
  vi.stubEnv('LITEFS_INFO_URL', `${primaryOrigin}/info`);
  vi.stubEnv('PRIMARY_APP_URL', primaryOrigin);
  // The models move the primary's files as they change the rows.
  vi.stubEnv('UPLOADS_DIR', primaryUploads);
  vi.stubEnv('SCREENING', 'off');
  resetEnv();

  // The replica's /uploads as app.ts mounts it.
  const node = express();
  node.set('case sensitive routing', true);
  for (const mount of staticMounts({ uploadsDir: replicaUploads, clientFolder: null })) node.use(mount.path, mount.handler);
  node.use('/uploads', (_req, res) => {
    res.status(404).send('Not found');
  });
  node.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    passedOn.push(error);
    res.status(500).end();
  });
  replica = await listen(node);
});

beforeEach(() => {
  primaryAsked = [];
  primaryDelayMs = 0;
  passedOn = [];
});

afterEach(() => {
  rmSync(primaryUploads, { recursive: true, force: true });
  rmSync(replicaUploads, { recursive: true, force: true });
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((closed) => server.close(closed))));
  vi.unstubAllEnvs();
  resetEnv();
  rmSync(base, { recursive: true, force: true });
});

const onReplica = async (path: string) => (await fetch(`${replica}${path}`)).status;

/** A file on the primary's volume named as uploads are, by its content. */
function primaryFile(folder: string, extension: string): string {
  const data = randomBytes(64);
  const name = `${createHash('sha256').update(data).digest('hex')}.${extension}`;
  mkdirSync(join(primaryUploads, folder), { recursive: true });
  writeFileSync(join(primaryUploads, folder, name), data);
  return name;
}

/** A build listed with its photo published on the primary; answers the build and its file's public path. */
async function listedBuildWithPhoto(userId = aMember().id) {
  const fileName = primaryFile(join('private', 'images'), 'jpg');
  const imageId = anImage({ variants: [{ format: 'jpeg', width: 640, height: 480, bytes: 64, fileName }] });
  const buildId = await aListedBuild({ userId, imageId });
  return { buildId, path: `/uploads/images/${fileName}` };
}

const staff = () => ({ ...aMember({ isAdmin: true }), username: 'admin' });

describe('public uploads on a replica', () => {
  it('serves a listed build’s photo, copied once from the primary', async () => {
    const { path } = await listedBuildWithPhoto();
    expect(await onReplica(path)).toBe(200);
    expect(await onReplica(path)).toBe(200);
    expect(primaryAsked).toEqual([path.replace('/uploads', '')]);
  });

  it('lets a request go quietly when its visitor left before the file was sent (nobody to answer, nothing failed)', async () => {
    const { path } = await listedBuildWithPhoto();
    primaryDelayMs = 200;
    const { hostname, port } = new URL(replica);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => {});
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
    await sleep(50);
    socket.destroy();
    await sleep(500);
    expect(primaryAsked).toEqual([path.replace('/uploads', '')]);
    expect(passedOn).toEqual([]);
  });

  it('stops serving a photo once its build is hidden, rejected or deleted, though it keeps a copy', async () => {
    const admin = staff();
    const hidden = await listedBuildWithPhoto();
    const rejected = await listedBuildWithPhoto();
    const deleted = await listedBuildWithPhoto();
    for (const { path } of [hidden, rejected, deleted]) expect(await onReplica(path), path).toBe(200);

    await hideBuild(admin, hidden.buildId);
    await hideBuild(admin, rejected.buildId);
    await decideHeldBuild(admin, rejected.buildId, { approve: false, reason: 'offensive' });
    await deleteBuildAsAdmin(admin, deleted.buildId);
    for (const { path } of [hidden, rejected, deleted]) {
      expect((await fetch(`${primaryOrigin}${path}`)).status, `${path} on the primary`).toBe(404);
      expect(await onReplica(path), path).toBe(404);
    }
    expect(existsSync(join(replicaUploads, hidden.path.replace('/uploads/', '')))).toBe(true);
    // Nor under another spelling of its folder, which once reached the kept copy past the check.
    for (const folder of ['IMAGES', 'imageS', 'Images'])
      expect(await onReplica(hidden.path.replace('/images/', `/${folder}/`)), folder).toBe(404);
    expect(await onReplica(hidden.path.replace('/uploads/', '/UPLOADS/'))).toBe(404);
  });

  it('never asks the primary for a photo or avatar name the database does not know, or knows as not public', async () => {
    const hidden = await listedBuildWithPhoto();
    await hideBuild(staff(), hidden.buildId);
    expect(await onReplica(hidden.path)).toBe(404);
    for (let ask = 0; ask < 20; ask++) {
      const name = randomBytes(32).toString('hex');
      expect(await onReplica(`/uploads/images/${name}.jpg`)).toBe(404);
      expect(await onReplica(`/uploads/avatars/${name}.webp`)).toBe(404);
    }
    expect(primaryAsked).toEqual([]);
  });

  it('serves the avatars and badges members and competitions show, and no other', async () => {
    const admin = staff();
    const avatar = () => `/uploads/avatars/${primaryFile('avatars', 'webp')}`;
    const [old, current, disabledOnes, deletedOnes] = [avatar(), avatar(), avatar(), avatar()];
    const badge = `/uploads/badges/${primaryFile('badges', 'webp')}`;
    const member = aMember({ avatarUrl: old });
    expect(await onReplica(old)).toBe(200);
    changeAvatar(member.id, current);
    const disabled = aMember({ avatarUrl: disabledOnes });
    const gone = aMember({ avatarUrl: deletedOnes });
    const now = Date.now();
    const competition = {
      title: 'Badge cup',
      description: 'Show your rig.',
      theme: 'Any build',
      rules: '',
      prizes: [],
      startDate: new Date(now - 3600_000),
      endDate: new Date(now + 7 * 24 * 3600_000),
      badgeUrl: badge,
    };
    const saved = saveCompetition(admin, null, competition);
    if (!saved.ok) throw new Error('the competition was not saved');
    for (const path of [current, disabledOnes, deletedOnes, badge]) expect(await onReplica(path), path).toBe(200);
    changeMember(admin, disabled.id, 'disable');
    await deleteMember(admin, gone.id);
    saveCompetition(admin, saved.id, { ...competition, badgeUrl: null });

    expect(await onReplica(old), 'the avatar a member replaced').toBe(404);
    expect(await onReplica(old.replace('/avatars/', '/AVATARS/')), 'the avatar a member replaced, in capitals').toBe(404);
    expect(await onReplica(current)).toBe(200);
    // A disabled member's builds and comments still show, with their avatar.
    expect(await onReplica(disabledOnes)).toBe(200);
    expect(await onReplica(deletedOnes), 'a deleted member’s avatar').toBe(404);
    expect(await onReplica(badge), 'a badge taken off its competition').toBe(404);
  });
});
