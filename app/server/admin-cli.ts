// `npm run admin -- grant you@example.com` (or `revoke`): gives or takes admin
// rights from the command line, for self-hosters who prefer it to ADMIN_EMAILS.
// Built as build/server/admin-cli.js; run it where the database is written (the
// LiteFS primary).
import { COMMAND_LINE_ACTOR } from '~/models/audit.server';
import { setAdmin } from '~/models/admin-members.server';
import { closeDatabase, migrateDatabase, openDatabase, setDatabase } from '~/services/db.server';
import { env, EnvError } from '~/services/env.server';
import { primaryStatus } from '~/services/litefs.server';

const USAGE = 'Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>';

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = env();
  const role = await primaryStatus({ litefsDir: config.LITEFS_DIR, infoUrl: config.LITEFS_INFO_URL });
  if (role.role !== 'primary') {
    console.error(`This machine is not the LiteFS primary (${role.role}): run the command on the primary.`);
    return 1;
  }
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
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  },
);
