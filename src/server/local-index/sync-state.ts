// What the parts of the index's sync share (docs/decisions/018): the options it was given, the
// lists it keeps, and the little it remembers between passes (webhook secrets, the oldest event
// delivered, the last answers noted). The parts are first-fill.ts, reconcile.ts,
// registration.ts, webhook-intake.ts and partner-reader.ts; sync.ts runs them.
import { apiPacer, type ApiPacer } from '../pacer';
import type { Kysely } from 'kysely';
import type { Environment } from '#/api/dashboard';
import type { Database } from '../store/schema';
import type { RecordKind } from '#/api/operations';
import type { Event } from '#/api/schemas/platform';
import { PRODUCTS } from '#/api/schemas/transaction';
import type { DashboardDb } from '../store/db';
import type { Vault } from '../store/vault';
import type { Upstream } from '../upstream';
import type { LocalIndex } from './store';

/** A record the index keeps one at a time (the contract's RecordKind). */
/** A webhook endpoint of the partner's that keeps failing (./webhook-health.ts watches them). */
export interface FailingWebhook {
  id: number;
  url: string;
  attempts: number;
  /** What its last try met: a status or an error. */
  lastError: string;
}

export type OnWebhookFailing = (
  trx: Kysely<Database>,
  environment: Environment,
  hook: FailingWebhook,
  /** Told before, and failing since then. */
  again: boolean,
) => Promise<void>;

export type Kind = RecordKind;

export const LISTS = ['merchants', 'accounts', ...PRODUCTS] as const;
export type ListName = (typeof LISTS)[number];

/** The record an event names. */
export function kindOfEvent(event: Event): Kind | undefined {
  if (event.objectType === 'merchant') return 'merchant';
  if (event.objectType === 'payout_account') return 'account';
  if (event.objectType === 'transaction') return PRODUCTS.find((p) => p === event.product);
  return undefined;
}

/** Why a pass stops early: the environment is not set up, refuses, or cannot be reached. */
export class SyncStop extends Error {}

export interface SyncOptions {
  db: DashboardDb;
  index: LocalIndex;
  vault: Vault;
  upstreams: Map<Environment, Upstream>;
  /** The server's one pace for calls of each environment (one of its own when not given). */
  pacer?: ApiPacer | undefined;
  credentials(environment: Environment): Promise<{ apiKey: string; apiSecret: string } | undefined>;
  /** Where an environment can deliver webhooks to this server, if it can. */
  hookUrl(environment: Environment): string | undefined;
  /** Written in the transaction that records a partner's webhook endpoint as failing. */
  onWebhookFailing?: OnWebhookFailing | undefined;
  /** How often the partner's webhook endpoints are looked at (a minute). */
  webhookCheckMs?: number | undefined;
  /** Time between reconciliation passes. */
  intervalMs: number;
  /** Pages of each list the rolling sweep reads per pass. */
  sweepPages?: number | undefined;
  /** Records not final re-read per pass. */
  recheckPerPass?: number;
  now?: () => number;
  log?: (message: string, details?: object) => void;
}

export interface SyncState {
  options: SyncOptions;
  pacer: ApiPacer;
  /** Records named by webhook deliveries, waiting to be re-read (one entry per record). */
  rereads: Map<string, { environment: Environment; kind: Kind; id: number }>;
  /** The drain of `rereads` under way, if one is. */
  rereading: Promise<void> | undefined;
  store: DashboardDb;
  db: DashboardDb['db'];
  index: LocalIndex;
  now: () => number;
  log: (message: string, details?: object) => void;
  /** Set when the server stops: long loops end at their next page. */
  stopped: boolean;
  /** Each environment's secret of the dashboard's webhook endpoint, once opened. */
  secrets: Map<Environment, string>;
  /** The oldest event id each environment delivered to the dashboard's webhook. */
  delivered: Map<Environment, number>;
  /** The last answer kept per record by noteAnswer (webhook-intake.ts). */
  noted: Map<string, string>;
  /** When each environment's webhook endpoints were last looked at (webhook-health.ts). */
  webhooksChecked: Map<Environment, number>;
}

export function syncState(options: SyncOptions): SyncState {
  return {
    options,
    pacer: options.pacer ?? apiPacer(),
    rereads: new Map(),
    rereading: undefined,
    store: options.db,
    db: options.db.db,
    index: options.index,
    now: options.now ?? Date.now,
    log: options.log ?? (() => {}),
    stopped: false,
    secrets: new Map(),
    delivered: new Map(),
    noted: new Map(),
    webhooksChecked: new Map(),
  };
}
