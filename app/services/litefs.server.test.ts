import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databasePosition, isReplicaWriteError, primaryAppUrl, primaryStatus } from './litefs.server';

type InfoAnswer = { isPrimary: boolean } | 500 | 'hang';

let litefsDir: string;
let servers: Server[] = [];

beforeEach(() => {
  litefsDir = mkdtempSync(join(tmpdir(), 'rigroast-litefs-'));
});

afterEach(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  servers = [];
  rmSync(litefsDir, { recursive: true, force: true });
});

/** A local stand-in for LiteFS's HTTP API; resolves to its /info URL. */
async function startInfoServer(answer: InfoAnswer): Promise<string> {
  const server = createServer((request, response) => {
    if (answer === 'hang') return;
    if (request.url !== '/info') {
      response.writeHead(404).end();
    } else if (answer === 500) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
    } else {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    }
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/info`;
}

/** A URL on which nothing listens: a port that was just free. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return `http://127.0.0.1:${port}/info`;
}

const writePrimaryFile = () => writeFileSync(join(litefsDir, '.primary'), 'primary-host\n');

describe('primaryStatus', () => {
  it('says primary when LiteFS is not in use', async () => {
    expect(await primaryStatus({ infoUrl: await deadUrl() })).toEqual({ role: 'primary' });
    expect(await primaryStatus({ litefsDir: '', infoUrl: await deadUrl() })).toEqual({ role: 'primary' });
  });

  it('says primary when /info says isPrimary', async () => {
    const infoUrl = await startInfoServer({ isPrimary: true });
    expect(await primaryStatus({ litefsDir, infoUrl })).toEqual({ role: 'primary' });
  });

  it('trusts /info over a stale .primary file', async () => {
    writePrimaryFile();
    const infoUrl = await startInfoServer({ isPrimary: true });
    expect(await primaryStatus({ litefsDir, infoUrl })).toEqual({ role: 'primary' });
  });

  it('says replica, naming the primary host from .primary without its newline', async () => {
    writePrimaryFile();
    const infoUrl = await startInfoServer({ isPrimary: false });
    expect(await primaryStatus({ litefsDir, infoUrl })).toEqual({ role: 'replica', primary: 'primary-host' });
  });

  it('says unknown, not primary, on a replica that has lost its primary', async () => {
    const infoUrl = await startInfoServer({ isPrimary: false });
    const status = await primaryStatus({ litefsDir, infoUrl });
    expect(status.role).toBe('unknown');
    expect(status).toHaveProperty('reason', expect.any(String));
  });

  it('says unknown when /info answers with an error', async () => {
    writePrimaryFile();
    const infoUrl = await startInfoServer(500);
    const status = await primaryStatus({ litefsDir, infoUrl });
    expect(status.role).toBe('unknown');
    expect(status).toHaveProperty('reason', expect.stringContaining('500'));
  });

  it('says unknown when nothing listens on the /info address', async () => {
    writePrimaryFile();
    const status = await primaryStatus({ litefsDir, infoUrl: await deadUrl() });
    expect(status.role).toBe('unknown');
    expect(status).toHaveProperty('reason', expect.any(String));
  });

  it('says unknown, promptly, when /info never answers', async () => {
    writePrimaryFile();
    const infoUrl = await startInfoServer('hang');
    const started = Date.now();
    const status = await primaryStatus({ litefsDir, infoUrl });
    expect(status.role).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('isReplicaWriteError', () => {
  const sqliteError = (code: string) => Object.assign(new Error(code), { code });

  it.each(['SQLITE_IOERR_WRITE', 'SQLITE_READONLY', 'SQLITE_READONLY_DBMOVED', 'SQLITE_READONLY_ROLLBACK'])('is true for %s', (code) => {
    expect(isReplicaWriteError(sqliteError(code))).toBe(true);
  });

  it.each(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_BUSY', 'SQLITE_IOERR', 'SQLITE_IOERR_READ', 'ENOENT'])('is false for %s', (code) => {
    expect(isReplicaWriteError(sqliteError(code))).toBe(false);
  });

  it('is false for errors without a code, and for non-errors', () => {
    expect(isReplicaWriteError(new Error('attempt to write a readonly database'))).toBe(false);
    expect(isReplicaWriteError(null)).toBe(false);
    expect(isReplicaWriteError(undefined)).toBe(false);
    expect(isReplicaWriteError('SQLITE_READONLY')).toBe(false);
    expect(isReplicaWriteError({ code: 8 })).toBe(false);
  });

  it('recognises the error better-sqlite3 throws when writing to a read-only database', () => {
    const file = join(litefsDir, 'replica.db');
    const writable = new Database(file);
    writable.exec('create table builds (id integer primary key, title text)');
    writable.close();

    const readonly = new Database(file, { readonly: true });
    let caught: unknown;
    try {
      readonly.prepare('insert into builds (title) values (?)').run('Pink RGB tower');
    } catch (error) {
      caught = error;
    } finally {
      readonly.close();
    }
    expect(caught).toBeInstanceOf(Error);
    expect(isReplicaWriteError(caught)).toBe(true);
  });
});

describe('databasePosition', () => {
  it("reads the TXID from LiteFS's <db>-pos file beside the database", () => {
    writeFileSync(join(litefsDir, 'sqlite.db-pos'), '00000000000001a2/9c30661456055e32');
    expect(databasePosition(litefsDir, '/litefs/sqlite.db')).toBe(0x1a2);
  });

  it('is undefined before LiteFS wrote one, or for anything else', () => {
    expect(databasePosition(litefsDir, '/litefs/sqlite.db')).toBeUndefined();
    writeFileSync(join(litefsDir, 'sqlite.db-pos'), 'garbage');
    expect(databasePosition(litefsDir, '/litefs/sqlite.db')).toBeUndefined();
  });
});

describe('primaryAppUrl', () => {
  it("puts the primary's hostname into PRIMARY_APP_URL", () => {
    expect(primaryAppUrl('http://{host}.vm.rigroast.internal:3000', 'e784079b')).toBe('http://e784079b.vm.rigroast.internal:3000');
    expect(primaryAppUrl('http://10.0.0.5:3000', 'node-a')).toBe('http://10.0.0.5:3000');
  });
});
