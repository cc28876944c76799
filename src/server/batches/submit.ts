// Submitting an approved batch (docs/decisions/034): each row's transaction created and its
// quote approved with idempotency keys derived from the batch and the row, each step recorded as
// soon as the API answers, so that a server killed mid-way and started again (or another server
// on the same PostgreSQL, once the claim lapses) finishes the batch with no row created twice
// and none lost. A batch is held by one server at a time through a renewed claim (a lease).
import { sayData, sayText } from '../words';
import { randomUUID } from 'node:crypto';
import type { Environment } from '#/api/dashboard';
import { operations, transactionOperations } from '#/api/operations';
import type { BankDetails } from '#/api/controls';
import { bankDetailsOf, changedBankDetails, maskedNumber } from '#/api/payee';
import { phaseOf } from '#/api/transaction-states';
import type { MoneyControls } from '../controls/controls';
import { type PartnerApi, type PartnerApiDeps, partnerApi } from '../partner-api';
import { type BatchAuditDeps, type BatchAuditEntry, auditForBatch } from './worker-audit';
import { inPool } from '../pool';
import { claimingWorker } from '../repeating-pass';
import { keepRenewed } from '../store/lease';
import type { BatchStore, StoredBatch, StoredRow } from './store';
import { wordsCode } from '#/i18n/words';
import { saidData } from '#/i18n/said-data';
import { ROW_FAILED, BANK_FIELD } from './words';

export interface SubmitterOptions {
  /** How long a claim holds without renewal: a stopped server's batch waits this long. */
  leaseMs?: number;
  /** Rows in flight at once. */
  concurrency?: number;
  /** How often to look for batches to submit. */
  intervalMs?: number;
  /** How long to wait before trying a batch again when the API is away. */
  retryMs?: number;
  /** Where a failed pass is told (the server's log). */
  log?: (message: string, error: unknown) => void;
}

/** What the submitter needs of the server (parts of its context). */
export interface SubmitterDeps extends PartnerApiDeps, BatchAuditDeps {
  controls: Pick<MoneyControls, 'recordOrigin' | 'recordRecipient' | 'reserveCreation' | 'limits'>;
  workspace: PartnerApiDeps['workspace'] & BatchAuditDeps['workspace'];
}

/** The API could not say yes or no (unreachable, 5xx, rate limit): try the batch again later. */
class Unsettled extends Error {}

export const rowKey = (batchId: string, row: number) => `batch-${batchId}-row-${row}`;

/** What a refusal said, in the API's words (or, when it said nothing, its status in ours). */
const refusalOf = (answer: { status: number; refusal: string | undefined }) =>
  answer.refusal ?? wordsCode(ROW_FAILED.apiAnswered, { status: answer.status });

export function batchSubmitter(
  ctx: SubmitterDeps,
  store: BatchStore,
  {
    leaseMs = 30_000,
    concurrency = 4,
    intervalMs = 1_000,
    retryMs = 10_000,
    log = () => undefined,
  }: SubmitterOptions = {},
) {
  const owner = randomUUID();

  const record = (batch: StoredBatch, actorId: string | null, entry: BatchAuditEntry) =>
    auditForBatch(ctx, batch.id, actorId, entry);

  /**
   * Whether a row's account still has the bank details approved with the batch; the account is
   * read once per pass. A change since (however it was approved) fails the row: the payee
   * approved is the payee paid (docs/decisions/040).
   */
  async function payeeMoved(
    row: StoredRow,
    api: PartnerApi,
    accounts: Map<number, Promise<BankDetails | undefined>>,
  ): Promise<string | undefined> {
    const payee = row.payee;
    if (!payee) return undefined;
    let reading = accounts.get(payee.accountId);
    if (!reading) {
      reading = api
        .call(operations.getPayoutAccount, { params: { id: payee.accountId } })
        .then((read) => {
          if (read.ok) return bankDetailsOf(read.data);
          if (!read.final) throw new Unsettled(`account read answered ${read.status}`);
          return undefined;
        });
      accounts.set(payee.accountId, reading);
    }
    const now = await reading;
    if (!now) return wordsCode(ROW_FAILED.accountGone, { id: payee.accountId });
    const changed = changedBankDetails(payee.details, now);
    if (changed.length === 0) return undefined;
    return JSON.stringify(
      saidData(ROW_FAILED.payeeMoved, {
        id: payee.accountId,
        fields: { items: changed.map((f) => saidData(BANK_FIELD[f])), join: 'and' },
        then: maskedNumber(payee.details),
        now: maskedNumber(now),
      }),
    );
  }

  async function submitRow(
    batch: StoredBatch,
    row: StoredRow,
    api: PartnerApi,
    approvedBy: string[],
    accounts: Map<number, Promise<BankDetails | undefined>>,
  ) {
    const ops = transactionOperations[batch.product];
    const valid = row.valid!;
    const authority = {
      batch: batch.id,
      row: row.row,
      approvedBy,
      reference: valid.reference || null,
    };
    let transactionId = row.transactionId;
    if (transactionId === null) {
      const moved = await payeeMoved(row, api, accounts);
      if (moved) {
        await store.recordFailed(batch.id, row.row, moved);
        await record(batch, batch.uploadedBy, {
          action: `${ops.create.method} ${ops.create.path}`,
          target: `${batch.product}`,
          outcome: 'failed',
          details: { ...authority, failure: sayText(null, moved), payeeChanged: true },
        });
        return;
      }
      const body = {
        fromBusinessId: valid.fromBusinessId,
        toBusinessExternalAccountId: valid.toBusinessExternalAccountId,
        fromCurrencySymbol: valid.fromCurrencySymbol,
        toAmount: valid.toAmount,
        purpose: valid.purpose,
        ...(valid.invoiceUrl ? { invoiceUrl: valid.invoiceUrl } : {}),
        ...(batch.product !== 'receive' && valid.depositConfirmationUrl
          ? { depositConfirmationUrl: valid.depositConfirmationUrl }
          : {}),
      };
      // Limits per person, merchant and workspace (089): the row is the uploader's creation; its
      // reservation keeps the row's key, so that a retried row is counted once.
      const uploader = await ctx.workspace.userById(batch.uploadedBy);
      const reserved = await ctx.controls.reserveCreation(
        batch.environment,
        { id: batch.uploadedBy, name: uploader?.name ?? 'The uploader' },
        {
          product: batch.product,
          merchantId: valid.fromBusinessId,
          toAmount: valid.toAmount,
          currency: valid.toCurrencySymbol,
        },
        api,
        rowKey(batch.id, row.row),
      );
      if ('refused' in reserved) {
        // Kept as words as data: told in the reader's language on the batch (decision 092).
        await store.recordFailed(batch.id, row.row, JSON.stringify(reserved.refused.detail));
        await record(batch, batch.uploadedBy, {
          action: `${ops.create.method} ${ops.create.path}`,
          target: `${batch.product}`,
          outcome: 'failed',
          details: {
            ...authority,
            reason: reserved.refused.code,
            failure: sayData(null, reserved.refused.detail),
            limit: reserved.refused.limit,
          },
        });
        return;
      }
      const { reservation } = reserved;
      const created = await api.call(
        ops.create,
        { body },
        // Kept in the local index once who made it and whom it pays are recorded.
        { idempotencyKey: rowKey(batch.id, row.row), paced: true, keepLater: true },
      );
      const action = `${ops.create.method} ${ops.create.path}`;
      if (!created.ok) {
        if (!created.final) throw new Unsettled(`create answered ${created.status}`);
        if (reservation) await ctx.controls.limits.release(reservation);
        const failure = refusalOf(created);
        await store.recordFailed(batch.id, row.row, failure);
        await record(batch, batch.uploadedBy, {
          action,
          target: `${batch.product}`,
          outcome: 'failed',
          details: { ...authority, status: created.status, failure: sayText(null, failure) },
        });
        return;
      }
      transactionId = created.data.businessRequestId;
      if (reservation) await ctx.controls.limits.settle(reservation);
      await store.recordCreated(batch.id, row.row, transactionId, created.data.clientStatus);
      const ref = { environment: batch.environment, product: batch.product, transactionId };
      // Who asked for it, for the controls: the uploader never approves its deposit either;
      // and who it pays, as approved with the file.
      await ctx.controls.recordOrigin(ref, batch.uploadedBy);
      if (row.payee) await ctx.controls.recordRecipient(ref, row.payee, batch.uploadedBy);
      await api.keep(ops.create, created);
      await record(batch, batch.uploadedBy, {
        action,
        target: `${batch.product}/${transactionId}`,
        outcome: 'ok',
        details: { ...authority, status: 200 },
      });
    }
    const response = await api.call(
      ops.approveQuote,
      { params: { id: transactionId } },
      { idempotencyKey: `${rowKey(batch.id, row.row)}-quote`, paced: true, keepLater: true },
    );
    if (!response.ok && !response.final)
      throw new Unsettled(`approveQuote answered ${response.status}`);
    const action = `${ops.approveQuote.method} ${ops.approveQuote.path}`;
    const target = `${batch.product}/${transactionId}`;
    const lastApprover =
      batch.decisions.filter((d) => d.decision === 'approve').at(-1)?.userId ?? null;
    if (response.ok) {
      await store.recordQuoteApproved(batch.id, row.row, response.data.clientStatus);
      await api.keep(ops.approveQuote, response);
      await record(batch, lastApprover, {
        action,
        target,
        outcome: 'ok',
        details: { ...authority, status: 200 },
      });
      return;
    }
    // Refused: approved already (by an earlier pass whose answer was lost), or no longer possible.
    const read = await api.call(ops.get, { params: { id: transactionId } });
    if (!read.ok) {
      if (!read.final) throw new Unsettled(`read answered ${read.status}`);
      await store.recordFailed(batch.id, row.row, refusalOf(response));
      return;
    }
    const phase = phaseOf(read.data);
    if (read.data.quoteApprovedDate != null || phase === 'inProgress' || phase === 'completed') {
      await store.recordQuoteApproved(batch.id, row.row, read.data.clientStatus);
      return;
    }
    const failure = refusalOf(response);
    await store.recordFailed(batch.id, row.row, failure);
    await record(batch, lastApprover, {
      action,
      target,
      outcome: 'failed',
      details: { ...authority, status: response.status, failure: sayText(null, failure) },
    });
  }

  /** Submits the rows of a claimed batch that are not done yet. */
  async function submit(claimed: { id: string; environment: string }) {
    const environment = claimed.environment as Environment;
    const batch = await store.get(environment, claimed.id);
    const api = await partnerApi(ctx, environment);
    if (!batch || !api) {
      await store.release(claimed.id, owner, ctx.now() + retryMs);
      return;
    }
    const approvedBy = batch.decisions
      .filter((d) => d.decision === 'approve')
      .map((d) => d.userName);
    const pending = batch.rows.filter(
      (r) =>
        r.valid && (r.state === 'ready' || r.state === 'created') && r.quoteApprovedAt === null,
    );
    const held = keepRenewed(() => store.renew(batch.id, owner, leaseMs), leaseMs);
    let unsettled: unknown;
    const accounts = new Map<number, Promise<BankDetails | undefined>>();
    try {
      await inPool(
        pending,
        concurrency,
        async (row) => {
          try {
            await submitRow(batch, row, api, approvedBy, accounts);
          } catch (error) {
            // Unreachable, a 5xx, a rate limit, a database hiccup: this pass stops here, the
            // rows done so far are recorded, and the batch is tried again with the same keys.
            unsettled = error;
          }
        },
        () => held.lost() || job.stopping() || unsettled !== undefined,
      );
    } finally {
      held.stop();
    }
    if (held.lost()) return;
    if (unsettled !== undefined || job.stopping()) {
      await store.release(batch.id, owner, ctx.now() + (job.stopping() ? 0 : retryMs));
      return;
    }
    await store.finish(batch.id, owner);
    const after = await store.get(environment, batch.id);
    await record(batch, null, {
      action: 'submit bulk file',
      target: `batch/${batch.id}`,
      outcome: 'ok',
      details: {
        status: after?.status ?? null,
        created: after?.rows.filter((r) => r.state === 'created').length ?? 0,
        failed: after?.rows.filter((r) => r.state === 'failed').length ?? 0,
        approvedBy,
      },
    });
  }

  /** Claims and submits batches until none is waiting; kicked after an approval. */
  const job = claimingWorker({
    owner,
    name: 'bulk payouts',
    intervalMs,
    log,
    claim: () => store.claim(owner, leaseMs),
    work: submit,
  });
  return job;
}

export type BatchSubmitter = ReturnType<typeof batchSubmitter>;
