// What the parts of the index's sync share (docs/decisions/018): the options it was given, the
// lists it keeps, and the little it remembers between passes (webhook secrets, the oldest event
// delivered, the last answers noted). The parts are first-fill.ts, reconcile.ts,
// registration.ts, webhook-intake.ts and partner-reader.ts; sync.ts runs them.
import { apiPacer, type ApiPacer } from '../pacer';
import type { Environment } from '#/api/dashboard';
import type { OperationDef } from '#/api/operations';
import { Merchant } from '#/api/schemas/merchant';
import { PayoutAccount } from '#/api/schemas/payout-account';
import type { Event } from '#/api/schemas/platform';
import { PRODUCTS, type Product, Transaction } from '#/api/schemas/transaction';
import type { DashboardDb } from '../store/db';
import type { Vault } from '../store/vault';
import type { Upstream } from '../upstream';
import type { LocalIndex } from './store';
import type { OnWebhookFailing } from './webhook-health';

export type Kind = 'merchant' | 'account' | Product;

export const LISTS = ['merchants', 'accounts', ...PRODUCTS] as const;
export type ListName = (typeof LISTS)[number];

/** Which record an operation answers with, for the index; undefined for pages and the rest. */
export function recordKindOf(op: OperationDef): Kind | undefined {
  if (op.response === Merchant) return 'merchant';
  if (op.response === PayoutAccount) return 'account';
  if (op.response === Transaction) {
    const product = op.path.split('/')[2];
    return PRODUCTS.find((p) => p === product);
  }
  return undefined;
}

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
