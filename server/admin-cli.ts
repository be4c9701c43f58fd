// `npm run admin -- grant you@example.com` (or `revoke`): gives or takes admin
// rights from the command line, for self-hosters who prefer it to ADMIN_EMAILS.
// `npm run admin -- backup DIR` (npm run backup -- DIR) snapshots the running site;
// `npm run admin -- restore DIR` (npm run restore -- DIR) puts one back on a stopped
// site. Built as build/server/admin-cli.js; run it where the database is written
// (the LiteFS primary).
import { resolve } from 'node:path';
import { COMMAND_LINE_ACTOR } from '~/models/audit.server';
import { setAdmin } from '~/models/admin-members.server';
import { BackupError, backupSite, copiedWords, restoreSite } from '~/models/backups.server';
import { closeDatabase, migrateDatabase, openDatabase, setDatabase } from '~/services/db.server';
import { env, EnvError } from '~/services/env.server';
import { setLogFormat, setLogLevel } from '~/services/log.server';
import { primaryStatus } from '~/services/litefs.server';

const USAGE = [
  'Usage: npm run admin -- grant <email>',
  '       npm run admin -- revoke <email>',
  '       npm run admin -- backup <new folder>     (npm run backup -- <new folder>)',
  '       npm run admin -- restore <backup folder> (npm run restore -- <backup folder>; the site must be stopped)',
].join('\n');

async function main(args: string[]): Promise<number> {
  const [command, argument, ...rest] = args;
  if (!['grant', 'revoke', 'backup', 'restore'].includes(command ?? '') || !argument || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = env();
  setLogLevel(config.LOG_LEVEL);
  setLogFormat(config.LOG_FORMAT);
  const role = await primaryStatus({ litefsDir: config.LITEFS_DIR, infoUrl: config.LITEFS_INFO_URL });
  if (role.role !== 'primary') {
    console.error(`This machine is not the LiteFS primary (${role.role}): run the command on the primary.`);
    return 1;
  }
  const site = { databasePath: config.DATABASE_PATH, uploadsDir: config.UPLOADS_DIR, dir: resolve(argument) };
  if (command === 'backup' || command === 'restore') {
    const started = performance.now();
    const summary = await (command === 'backup' ? backupSite(site) : restoreSite(site));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      command === 'backup'
        ? `Backed up ${copiedWords(summary)} to ${summary.dir} in ${seconds} s.`
        : `Restored ${copiedWords(summary)} from ${summary.dir} in ${seconds} s. Start the site: it migrates the database if the backup is older.`,
    );
    return 0;
  }
  const email = argument;
  const db = setDatabase(openDatabase(config.DATABASE_PATH));
  try {
    migrateDatabase(db);
    const result = setAdmin(email, command === 'grant', COMMAND_LINE_ACTOR);
    if (!result.ok) {
      console.error(`No account uses ${email}. Sign in with it once, then run this again.`);
      return 1;
    }
    const verb = command === 'grant' ? 'is now an admin' : 'is no longer an admin';
    console.log(
      result.changed
        ? `@${result.username} ${verb}.`
        : `@${result.username} already ${command === 'grant' ? 'was an admin' : 'was not an admin'}; nothing changed.`,
    );
    if (command === 'revoke' && config.ADMIN_EMAILS.includes(email.trim().toLowerCase())) {
      console.log('Note: this address is in ADMIN_EMAILS, which makes it an admin again at its next sign-in.');
    }
    return 0;
  } finally {
    closeDatabase();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError || error instanceof BackupError ? error.message : error);
    process.exit(1);
  },
);
