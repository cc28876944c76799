// The approval policies and settings (docs/decisions/025, 041): the `approval_policy` table and
// the approval settings among the workspace's settings. Changed under the controls' lock, so
// that a policy change and a last approval never cross (../approvals).
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { APPROVAL_SETTING_DEFAULTS, ApprovalSettings, type Policy } from '#/api/controls';
import type { DashboardDb } from '../store/db';
import type { ApprovalPolicyTable } from '../store/schema';
import { putWorkspaceSetting } from '../store/workspace-settings';
import { policiesIn, serializedWithControls, toPolicy } from '../approvals/requests';
import { type PolicyRule, samePolicy } from './rules';

export function policyStore(store: DashboardDb, now: () => number = Date.now) {
  const { db } = store;
  const serialized = <T>(work: Parameters<typeof serializedWithControls<T>>[1]) =>
    serializedWithControls(store, work);

  /** The workspace's approval settings, the defaults where none was saved. */
  async function settings(): Promise<ApprovalSettings> {
    const rows = await db.selectFrom('workspace_setting').selectAll().execute();
    const saved = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    const parsed = ApprovalSettings.safeParse({ ...APPROVAL_SETTING_DEFAULTS, ...saved });
    return parsed.success ? parsed.data : { ...APPROVAL_SETTING_DEFAULTS };
  }

  return {
    policies: () => policiesIn(db),

    /** The workspace's approval settings, the defaults where none was saved. */
    settings,

    /** Saves approval settings, in one transaction with the controls' lock. */
    async saveSettings(settings: ApprovalSettings, by: string | null): Promise<void> {
      await serialized(async (trx) => {
        for (const [key, value] of Object.entries(settings))
          await putWorkspaceSetting(trx, { key, value, at: now(), by });
      });
    },

    /** Adds a policy, unless one says the same already (that one is answered). */
    async addPolicy(
      policy: Omit<PolicyRule, 'id'>,
      by: string | null,
    ): Promise<{ policy: Policy } | { duplicate: Policy }> {
      return serialized(async (trx) => {
        const duplicate = (await policiesIn(trx)).find((p) => samePolicy(p, policy));
        if (duplicate) return { duplicate };
        const row: ApprovalPolicyTable = {
          id: randomUUID(),
          action: policy.action,
          product: policy.product,
          currency: policy.currency,
          amount_side: policy.amountSide,
          min_amount: new Decimal(policy.minAmount).toFixed(),
          approvers: policy.approvers,
          created_at: now(),
          created_by: by,
          in_base: policy.inBase ? 1 : 0,
        };
        await trx.insertInto('approval_policy').values(row).execute();
        return { policy: toPolicy(row) };
      });
    },

    async removePolicy(id: string): Promise<Policy | undefined> {
      return serialized(async (trx) => {
        const row = await trx
          .selectFrom('approval_policy')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return undefined;
        await trx.deleteFrom('approval_policy').where('id', '=', id).execute();
        return toPolicy(row);
      });
    },
  };
}
