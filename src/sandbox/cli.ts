// `npm run sandbox [-- serve]` runs the sandbox; `npm run sandbox -- partner create --name NAME`
// adds a partner and prints its credentials as JSON.
import { parseArgs } from 'node:util';
import { demoCredentials } from './boot';
import {
  sandboxReset,
  scenarioExport,
  scenarioLoad,
  scenarioPresetsText,
  UsageError,
} from './cli-scenario';
import { createPartner } from './domain/partners';
import { databaseFile, parseEnv, SandboxEnv } from './env';
import { listen } from './listen';
import { main } from './main';
import { createStore } from './store';
import { openDatabase } from './store/db';
import { seedVolume } from './volume';

const USAGE = `Usage:
  npm run sandbox                                  serve the sandbox API (PORT, HOST, DATA_DIR)
  npm run sandbox -- partner create --name NAME    add a partner, print {"apiKey","apiSecret"}
  npm run sandbox -- seed volume --merchants N --transactions N [--partner-key KEY]
                                                   add volume data for measuring (default: the
                                                   demo partner of DATA_DIR)
  npm run -s sandbox -- listen --base-url URL --forward-to URL [--api-key K --api-secret S]
                                                   post each event of a sandbox anywhere to a
                                                   local URL, signed; credentials also from
                                                   SANDBOX_API_KEY / SANDBOX_API_SECRET
  npm run -s sandbox -- scenario presets            list the named scenarios
  npm run -s sandbox -- scenario load FILE [--partner KEY] [--reset]
  npm run -s sandbox -- scenario load --preset NAME [--partner KEY] [--reset]
                                                   build a scenario file or a preset for the
                                                   partner with that API key (default: the
                                                   demo partner of DATA_DIR); --reset deletes
                                                   its records first; prints the ids by ref
  npm run -s sandbox -- scenario export [--partner KEY] > FILE
                                                   the partner's records as a scenario file
  npm run -s sandbox -- reset [--partner KEY]      delete every record of the partner`;

async function run(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      merchants: { type: 'string' },
      transactions: { type: 'string' },
      'partner-key': { type: 'string' },
      'base-url': { type: 'string' },
      'forward-to': { type: 'string' },
      'api-key': { type: 'string' },
      'api-secret': { type: 'string' },
      'announce-start': { type: 'boolean' },
      partner: { type: 'string' },
      preset: { type: 'string' },
      reset: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command = 'serve', sub, file] = positionals;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (command === 'listen') {
    const apiKey = values['api-key'] ?? process.env.SANDBOX_API_KEY;
    const apiSecret = values['api-secret'] ?? process.env.SANDBOX_API_SECRET;
    const baseUrl = values['base-url'];
    const forwardTo = values['forward-to'];
    if (!baseUrl || !forwardTo || !apiKey || !apiSecret) {
      console.error(
        'listen needs --base-url, --forward-to and the credentials (--api-key and --api-secret, or SANDBOX_API_KEY and SANDBOX_API_SECRET).',
      );
      process.exitCode = 2;
      return;
    }
    for (const [name, url] of [
      ['--base-url', baseUrl],
      ['--forward-to', forwardTo],
    ] as const) {
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
        console.error(`${name} must be an http or https URL, such as http://localhost:3000/hooks.`);
        process.exitCode = 2;
        return;
      }
    }
    const stop = new AbortController();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
    await listen({
      baseUrl,
      forwardTo,
      apiKey,
      apiSecret,
      print: (line) => console.log(line),
      signal: stop.signal,
    });
    return;
  }
  if (command === 'scenario' || command === 'reset') {
    try {
      const partner = values.partner;
      if (command === 'reset') console.log(sandboxReset({ partner }));
      else if (sub === 'presets') console.log(scenarioPresetsText());
      else if (sub === 'export') console.log(scenarioExport({ partner }));
      else if (sub === 'load')
        console.log(
          scenarioLoad({ file, preset: values.preset, partner, reset: values.reset ?? false }),
        );
      else throw new UsageError(USAGE);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      console.error(error.message);
      process.exitCode = 2;
    }
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
  if (command === 'seed' && sub === 'volume') {
    const count = (value: string | undefined, max: number) =>
      value !== undefined && /^\d{1,8}$/.test(value) && Number(value) <= max
        ? Number(value)
        : undefined;
    const merchants = count(values.merchants, 1_000_000);
    const transactions = count(values.transactions, 10_000_000);
    if (merchants === undefined || merchants < 1 || transactions === undefined) {
      console.error(
        'seed volume needs --merchants N (1 to 1,000,000) and --transactions N (0 to 10,000,000).',
      );
      process.exitCode = 2;
      return;
    }
    const env = parseEnv(SandboxEnv, process.env);
    const db = openDatabase(databaseFile(env));
    const store = createStore(db);
    const apiKey = values['partner-key'] ?? demoCredentials(env).apiKey;
    const partner = store.partners.byKey(apiKey);
    if (!partner) {
      db.close();
      console.error(`No partner has the API key ${apiKey.slice(0, 6)}… in ${databaseFile(env)}.`);
      process.exitCode = 2;
      return;
    }
    const started = Date.now();
    seedVolume(store, partner.id, {
      merchants,
      transactions,
      onProgress: (what, done) => process.stderr.write(`\r${what}: ${done}          `),
    });
    db.close();
    process.stderr.write('\n');
    console.log(
      `Added ${merchants} merchants with an account each and ${transactions} transactions for ${partner.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return;
  }
  console.error(USAGE);
  process.exitCode = 2;
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
