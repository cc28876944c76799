// Quoting a bulk file in the background (issue 45, docs/decisions/055): a finance person asks for
// the quote and the batch is `quoting` at once; a worker prices each ready row as the API would
// price its transaction and reads each row's payee account, writing its progress as it goes, then
// opens the approval (`awaiting_approval`), or sends the batch back where it was with the reason
// (`quoteProblem`). The batch is held through a renewed claim (a lease), so that one server
// quotes it, and a server stopped mid-way leaves it to another, which starts the pricing again.
import { randomUUID } from 'node:crypto';
import type { QuoteProblem } from '#/api/batches';
import type { Environment } from '#/api/dashboard';
import { operations, transactionOperations } from '#/api/operations';
import { bankDetailsOf } from '#/api/payee';
import type { Product } from '#/api/schemas/transaction';
import type { MoneyControls } from '../controls/controls';
import { type PartnerApi, type PartnerApiDeps, partnerApi } from '../partner-api';
import { inPool } from '../pool';
import { claimingWorker } from '../repeating-pass';
import { keepRenewed } from '../store/lease';
import type { BatchStore, RowPayee, StoredRow } from './store';
import { type BatchAuditDeps, auditForBatch } from './worker-audit';
import { englishOfText, wordsCode } from '#/i18n/words';
import { NOT_QUOTED, ROW_PROBLEM } from './words';

export interface QuoterOptions {
  /** How long a claim holds without renewal: a stopped server's quote waits this long. */
  leaseMs?: number;
  /** How often to look for batches to quote (a request to quote starts a look at once). */
  intervalMs?: number;
  /** Where a failed pass is told (the server's log). */
  log?: (message: string, error: unknown) => void;
}

/** What the quoter needs of the server (parts of its context). */
export interface QuoterDeps extends PartnerApiDeps, BatchAuditDeps {
  controls: Pick<MoneyControls, 'settings'>;
  workspace: PartnerApiDeps['workspace'] & BatchAuditDeps['workspace'];
}

/** Rows priced at once (the pacer keeps the API's rate). */
const PRICING_CONCURRENCY = 4;
/** How often the progress is written while rows are priced. */
const PROGRESS_MS = 250;

/** Each row's payee: its account read once from the API (holder, bank and bank details). */
export async function readPayees(api: PartnerApi, rows: readonly StoredRow[]) {
  const accounts = new Map<number, RowPayee | { status: number; message: string }>();
  for (const id of new Set(rows.map((r) => r.valid!.toBusinessExternalAccountId))) {
    const read = await api
      .call(operations.getPayoutAccount, { params: { id } })
      .catch(() => undefined);
    if (!read || (!read.ok && !read.final)) return { kind: 'unavailable' as const, accountId: id };
    accounts.set(
      id,
      read.ok
        ? {
            accountId: id,
            currency: read.data.currencySymbol,
            bankName: read.data.bankName ?? null,
            details: bankDetailsOf(read.data),
          }
        : {
            status: read.status,
            message: wordsCode(ROW_PROBLEM.accountNotGiven, { id, status: read.status }),
          },
    );
  }
  const byRow = new Map<number, RowPayee>();
  const refusals: { row: number; message: string }[] = [];
  for (const row of rows) {
    const payee = accounts.get(row.valid!.toBusinessExternalAccountId)!;
    if ('details' in payee) byRow.set(row.row, payee);
    else refusals.push({ row: row.row, message: payee.message });
  }
  return refusals.length > 0
    ? { kind: 'refused' as const, refusals }
    : { kind: 'read' as const, byRow };
}

/**
 * Prices each row as the API would for its transaction; stops at the first unanswered one, or
 * when `stop` says so. `priced` hears how many rows are priced so far.
 */
export async function priceRows(
  api: PartnerApi,
  product: Product,
  rows: readonly StoredRow[],
  {
    priced = () => undefined,
    stop = () => false,
  }: {
    priced?: (done: number) => void;
    stop?: () => boolean;
  } = {},
) {
  const prices: { row: number; depositAmount: string; rate: string }[] = [];
  const refusals: { row: number; message: string }[] = [];
  let unavailable: number | undefined;
  const price = async (row: StoredRow) => {
    const valid = row.valid!;
    let response;
    try {
      response = await api.call(
        transactionOperations[product].price,
        {
          body: {
            fromCurrencySymbol: valid.fromCurrencySymbol,
            toCurrencySymbol: valid.toCurrencySymbol,
            toAmount: valid.toAmount,
          },
        },
        { paced: true },
      );
    } catch {
      unavailable = row.row;
      return;
    }
    if (response.ok)
      prices.push({
        row: row.row,
        depositAmount: response.data.amount,
        rate: String(response.data.rate),
      });
    else if (!response.final) unavailable = row.row;
    else
      refusals.push({
        row: row.row,
        message:
          response.refusal ?? wordsCode(ROW_PROBLEM.priceRefused, { status: response.status }),
      });
    priced(prices.length + refusals.length);
  };
  await inPool(rows, PRICING_CONCURRENCY, price, () => unavailable !== undefined || stop());
  if (unavailable !== undefined) return { kind: 'unavailable' as const, row: unavailable };
  if (stop()) return { kind: 'stopped' as const };
  if (refusals.length > 0) return { kind: 'refused' as const, refusals };
  return { kind: 'priced' as const, prices };
}

const rowErrors = (refusals: readonly { row: number; message: string }[]) =>
  refusals.map((r) => ({ field: `rows.${r.row}`, message: r.message }));

export function batchQuoter(
  deps: QuoterDeps,
  store: BatchStore,
  { leaseMs = 30_000, intervalMs = 1_000, log = () => undefined }: QuoterOptions = {},
) {
  const owner = randomUUID();

  /** Prices a claimed batch's rows and reads their payees: the quote, or why there is none. */
  async function quote(
    ctx: QuoterDeps,
    claimed: { id: string; environment: string },
  ): Promise<void> {
    const environment = claimed.environment as Environment;
    const batch = await store.get(environment, claimed.id);
    if (!batch?.quoting) return;
    const failed = async (problem: QuoteProblem) => {
      await store.quoteFailed(batch.id, owner, problem);
      await auditForBatch(ctx, batch.id, batch.quoting!.by, {
        action: 'price bulk file',
        target: `batch/${batch.id}`,
        outcome: 'failed',
        details: { detail: englishOfText(problem.detail), rows: problem.errors.length },
      });
    };
    const api = await partnerApi(ctx, environment);
    if (!api)
      return failed({
        detail: wordsCode(NOT_QUOTED.noCredentials),
        errors: [],
      });
    const ready = batch.rows.filter((r) => r.state === 'ready' && r.valid);
    const held = keepRenewed(() => store.renewQuote(batch.id, owner, leaseMs), leaseMs);
    let written = 0;
    let latest = 0;
    let writing: Promise<void> | undefined;
    const progress = (done: number) => {
      latest = done;
      const at = ctx.now();
      if (writing || at - written < PROGRESS_MS) return;
      written = at;
      writing = store
        .quoteProgress(batch.id, owner, latest)
        .catch(() => undefined)
        .finally(() => (writing = undefined));
    };
    try {
      const priced = await priceRows(api, batch.product, ready, {
        priced: progress,
        stop: () => held.lost() || job.stopping(),
      });
      await writing;
      if (priced.kind === 'stopped') {
        // Cancelled, or taken by another server: nothing to do. The server stopping lets go
        // at once, so that another one quotes the batch now.
        if (!held.lost()) await store.release(batch.id, owner, ctx.now());
        return;
      }
      if (priced.kind === 'unavailable')
        return await failed({
          detail: wordsCode(NOT_QUOTED.rowUnpriced, { row: priced.row }),
          errors: [],
        });
      if (priced.kind === 'refused')
        return await failed({
          detail: wordsCode(NOT_QUOTED.rowsRefused),
          errors: rowErrors(priced.refusals),
        });
      await store.quoteProgress(batch.id, owner, ready.length);
      // Who each row pays, as the API has the account now: what the approvers approve, and
      // what submission will hold the account to (docs/decisions/040).
      const payees = await readPayees(api, ready);
      if (payees.kind === 'unavailable')
        return await failed({
          detail: wordsCode(NOT_QUOTED.accountUnread, { id: payees.accountId }),
          errors: [],
        });
      if (payees.kind === 'refused')
        return await failed({
          detail: wordsCode(NOT_QUOTED.accountsRefused),
          errors: rowErrors(payees.refusals),
        });
      const quoted = priced.prices.map((p) => ({ ...p, payee: payees.byRow.get(p.row)! }));
      const { quoteValidityMinutes } = await ctx.controls.settings();
      if (await store.quote(batch.id, quoted, quoteValidityMinutes * 60_000, owner))
        await auditForBatch(ctx, batch.id, batch.quoting.by, {
          action: 'price bulk file',
          target: `batch/${batch.id}`,
          outcome: 'ok',
          details: { rows: quoted.length },
        });
    } finally {
      held.stop();
    }
  }

  /** Claims and quotes batches until none is waiting; kicked after a request. */
  const job = claimingWorker({
    owner,
    name: 'bulk quotes',
    intervalMs,
    log,
    claim: () => store.claimQuote(owner, leaseMs),
    work: (claimed) => quote(deps, claimed),
  });
  return job;
}

export type BatchQuoter = ReturnType<typeof batchQuoter>;
