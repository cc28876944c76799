// `npm run -s dashboard -- …`: the team workspace from the command line, on the same database
// the server uses (DATA_DIR or DASHBOARD_DATABASE_URL).
//   user create --email E --name N --role R [--role R2]   prints a one-time password
//   audit verify                                            checks the hash chain, names a bad row
//   backup --to FOLDER                                      SQLite: a consistent copy, key and anchor
import { englishOfText } from '#/i18n/words';
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '#/api/roles';
import { parseEnv } from '#/sandbox/env';
import { ServerEnv } from './env';
import { verifyAuditChain } from './store/audit';
import { workspaceStore } from './store/workspace';
import { auditSealOf, backupSqlite, openWorkspace } from './workspace-db';
import { PersonName } from '#/api/admin';

const USAGE = `Usage:
  npm run -s dashboard -- user create --email EMAIL --name NAME --role ROLE [--role ROLE …]
  npm run -s dashboard -- audit verify
  npm run -s dashboard -- backup --to FOLDER      (SQLite; PostgreSQL: pg_dump, docs/operations.md)
Roles: ${ROLES.join(', ')}`;

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', multiple: true },
      to: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, sub] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const env = parseEnv(ServerEnv, process.env);
  if (command === 'backup') {
    if (env.DASHBOARD_DATABASE_URL) {
      console.error('The database is PostgreSQL: back it up with pg_dump (docs/operations.md).');
      return 2;
    }
    if (!values.to) {
      console.error('--to is required: the folder the backup is written to');
      return 2;
    }
    const written = await backupSqlite(env.DATA_DIR, values.to);
    console.log(`Backed up to ${values.to}: ${written.join(', ')}.`);
    return 0;
  }
  const { db, vault } = await openWorkspace(env);
  try {
    if (command === 'user' && sub === 'create') {
      const roles = values.role ?? [];
      const unknown = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
      const email = values.email?.trim() ?? '';
      const name = PersonName.safeParse(values.name?.trim() || email);
      const problems = [
        !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && '--email must be an email address',
        !name.success && `--name ${englishOfText(name.error?.issues[0]?.message ?? '')}`,
        roles.length === 0 && '--role is required (at least one)',
        unknown.length > 0 && `unknown role ${unknown.join(', ')}; roles are ${ROLES.join(', ')}`,
      ].filter(Boolean);
      if (problems.length > 0) {
        console.error(problems.join('\n'));
        return 2;
      }
      const store = workspaceStore(db, vault);
      if (await store.userByEmail(email)) {
        console.error(`Someone already has the email ${email}.`);
        return 2;
      }
      const { user, password } = await store.createUser({
        email,
        name: name.data!,
        roles: roles as Role[],
      });
      console.log(
        JSON.stringify({ email: user.email, roles: user.roles, oneTimePassword: password }),
      );
      return 0;
    }
    if (command === 'audit' && sub === 'verify') {
      const check = await verifyAuditChain(db, 1000, auditSealOf(vault, env.DATA_DIR));
      if (check.ok) {
        console.log(`The audit trail is whole: ${check.rows} entries.`);
        return 0;
      }
      console.error(`The audit trail is broken at entry ${check.seq}: ${check.problem}.`);
      return 1;
    }
    console.error(USAGE);
    return 2;
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
