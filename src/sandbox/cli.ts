// `npm run sandbox [-- serve]` runs the sandbox; `npm run sandbox -- partner create --name NAME`
// adds a partner and prints its credentials as JSON.
import { parseArgs } from 'node:util';
import { createPartner } from './domain/partners';
import { databaseFile, parseEnv, SandboxEnv } from './env';
import { main } from './main';
import { createStore } from './store';
import { openDatabase } from './store/db';

const USAGE = `Usage:
  npm run sandbox                                  serve the sandbox API (PORT, HOST, DATA_DIR)
  npm run sandbox -- partner create --name NAME    add a partner, print {"apiKey","apiSecret"}`;

async function run(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'announce-start': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command = 'serve', sub] = positionals;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (command === 'serve') {
    await main({
      announce: values['announce-start']
        ? 'npm start: the dashboard is not built yet, so this starts the sandbox API alone.'
        : undefined,
    });
    return;
  }
  if (command === 'partner' && sub === 'create') {
    const name = values.name?.trim();
    if (!name || name.length > 200) {
      console.error('partner create needs --name NAME (1 to 200 characters).');
      process.exitCode = 2;
      return;
    }
    const env = parseEnv(SandboxEnv, process.env);
    const db = openDatabase(databaseFile(env));
    const partner = createPartner(createStore(db), name, Date.now());
    db.close();
    console.log(JSON.stringify({ apiKey: partner.apiKey, apiSecret: partner.apiSecret }));
    return;
  }
  console.error(USAGE);
  process.exitCode = 2;
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
