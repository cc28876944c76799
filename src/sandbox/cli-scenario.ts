// `npm run -s sandbox -- scenario …` and `… reset`: scenarios and resets from the command line,
// on the sandbox's database in DATA_DIR, through the same domain functions as the API
// (docs/decisions/024). A running sandbox on the same folder picks up what they queue (its
// scheduler and webhook worker look at their tables every two seconds).
import fs from 'node:fs';
import { fieldErrors } from '#/api/problem';
import { Scenario } from '#/api/schemas/scenario';
import { credentialsFile, demoCredentials } from './boot';
import type { DomainContext } from './domain/context';
import { DomainError } from './domain/errors';
import { exportScenario, loadScenario, resetPartner } from './domain/scenarios';
import { databaseFile, parseEnv, SandboxEnv, settingsFrom } from './env';
import { presetScenario, scenarioPresets } from './scenario-presets';
import { createStore } from './store';
import { openDatabase } from './store/db';

export interface ScenarioArgs {
  file: string | undefined;
  preset: string | undefined;
  partner: string | undefined;
  reset: boolean;
}

/** Thrown for what the person typing must change; printed as it is, exit code 2. */
export class UsageError extends Error {}

/** The sandbox's store and a partner by API key (the demo partner's when none is given). */
function open(partnerKey: string | undefined) {
  const env = parseEnv(SandboxEnv, process.env);
  const db = openDatabase(databaseFile(env));
  const store = createStore(db);
  // The demo partner's key, when it has one already (never made up here).
  const demoKnown =
    env.SANDBOX_API_KEY !== undefined || fs.existsSync(credentialsFile(env.DATA_DIR));
  const apiKey = partnerKey ?? (demoKnown ? demoCredentials(env).apiKey : undefined);
  const partner = apiKey === undefined ? undefined : store.partners.byKey(apiKey);
  if (!partner) {
    db.close();
    throw new UsageError(
      apiKey === undefined || partnerKey === undefined
        ? `The demo partner is not in ${databaseFile(env)} yet: start the sandbox once (npm start), or give --partner KEY (a partner's API key).`
        : `No partner has the API key ${apiKey.slice(0, 6)}… in ${databaseFile(env)}. Give --partner KEY (the partner's API key).`,
    );
  }
  const ctx: DomainContext = {
    store,
    settings: settingsFrom(env),
    now: Date.now,
    scheduled: () => {},
    deliveriesQueued: () => {},
    sendWebhook: () => Promise.reject(new Error('No webhooks are sent here.')),
  };
  return { ctx, partner, close: () => db.close() };
}

/**
 * Runs `work` for the partner (the demo partner's when no key is given) and closes the database;
 * a refusal of the domain becomes what the person typing reads.
 */
function withPartner<T>(
  partnerKey: string | undefined,
  work: (ctx: DomainContext, partner: { id: number; name: string }) => T,
): T {
  const { ctx, partner, close } = open(partnerKey);
  try {
    return work(ctx, partner);
  } catch (error) {
    if (error instanceof DomainError) throw new UsageError(describe(error));
    throw error;
  } finally {
    close();
  }
}

/** A refusal of the domain, as lines a person reads: the detail, then each field. */
function describe(error: DomainError): string {
  const fields = (error.errors ?? []).map((e) => `  ${e.field}: ${e.message}`);
  return [error.detail, ...fields].join('\n');
}

function readScenario(file: string) {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = Scenario.safeParse(json);
  if (!parsed.success) {
    const lines = fieldErrors(parsed.error.issues, json, 'file').map(
      (e) => `  ${e.field}: ${e.message}`,
    );
    throw new UsageError(`${file} is not a scenario the sandbox can load:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function scenarioPresetsText(): string {
  return scenarioPresets.map((p) => `${p.name}\n  ${p.title}: ${p.description}`).join('\n');
}

/** `scenario load FILE` or `scenario load --preset NAME`: prints what was created, as JSON. */
export function scenarioLoad(args: ScenarioArgs): string {
  if (Boolean(args.file) === Boolean(args.preset))
    throw new UsageError('scenario load needs a FILE or --preset NAME (one of them).');
  const scenario = args.preset ? presetScenario(args.preset) : readScenario(args.file!);
  if (!scenario)
    throw new UsageError(
      `There is no preset "${args.preset}". The presets:\n${scenarioPresetsText()}`,
    );
  return withPartner(args.partner, (ctx, partner) =>
    JSON.stringify(loadScenario(ctx, partner.id, scenario, { reset: args.reset }), null, 2),
  );
}

/** `scenario export`: the partner's records as a scenario file, on standard output. */
export function scenarioExport(args: Pick<ScenarioArgs, 'partner'>): string {
  return withPartner(args.partner, (ctx, partner) =>
    JSON.stringify(exportScenario(ctx, partner.id, `Records of ${partner.name}`), null, 2),
  );
}

/** `reset`: deletes every record of the partner. */
export function sandboxReset(args: Pick<ScenarioArgs, 'partner'>): string {
  return withPartner(args.partner, (ctx, partner) => {
    const counts = resetPartner(ctx, partner.id);
    return `Deleted the records of ${partner.name}: ${counts.merchants} merchants, ${counts.payoutAccounts} payout accounts, ${counts.transactions} transactions, ${counts.events} events, ${counts.files} files.`;
  });
}
