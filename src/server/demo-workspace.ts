// The sandbox demo workspace (docs/decisions/016): on a server with the embedded sandbox and
// DASHBOARD_DEMO on, people covering every role, one-click sign-in for each, and the demo
// partner's sandbox credentials already stored. Never with the live environment configured.
import type { Role } from '#/api/roles';
import type { Credentials } from '#/sandbox/domain/partners';
import type { WorkspaceStore } from './store/workspace';
import type { DashboardDb } from './store/db';
import { type PartnerApiDeps, partnerApi } from './partner-api';
import type { MoneyControls } from './controls/controls';
import type { ControlsStore } from './controls/store';
import type { Store } from '#/sandbox/store';
import { ANY } from '#/api/controls';
import {
  bankDetailsAfter,
  bankDetailsOf,
  changedBankDetails,
  otherAccountChanges,
} from '#/api/payee';

export const DEMO_PEOPLE: { email: string; name: string; roles: Role[] }[] = [
  { email: 'admin@demo.example', name: 'Ada Admin', roles: ['admin'] },
  { email: 'onboarding@demo.example', name: 'Olu Onboarding', roles: ['onboarding'] },
  { email: 'finance@demo.example', name: 'Fatima Finance', roles: ['finance'] },
  { email: 'approver@demo.example', name: 'Aiko Approver', roles: ['approver'] },
  { email: 'approver2@demo.example', name: 'Bruno Approver', roles: ['approver'] },
  { email: 'viewer@demo.example', name: 'Vera Viewer', roles: ['viewer'] },
  { email: 'tester@demo.example', name: 'Theo Tester', roles: ['tester'] },
  {
    email: 'operations@demo.example',
    name: 'Omar Operations',
    roles: ['onboarding', 'finance', 'tester'],
  },
];

/** Creates what is missing of the demo workspace; returns the emails offered at sign-in. */
export async function ensureDemoWorkspace(
  workspace: WorkspaceStore,
  sandbox: Credentials,
): Promise<string[]> {
  for (const person of DEMO_PEOPLE) {
    if (!(await workspace.userByEmail(person.email))) await workspace.createUser(person);
  }
  if (!(await workspace.credentials('sandbox')))
    await workspace.setCredentials('sandbox', sandbox, null);
  return DEMO_PEOPLE.map((p) => p.email);
}

/**
 * What the demo workspace shows of its approvals on first start (docs/decisions/041, 042): a
 * base-currency policy (deposits worth 25,000 EUR or more, in any currency, need two
 * approvers: the 31,000 USD end to end transfer waits for two), and new bank details of Harbor &
 * Pine's GBP account proposed by Olu Onboarding, waiting for an approver, with the account's
 * open collections listed as keeping the old details. Once only: a setting marks it done.
 */
export async function seedDemoRecords(
  db: DashboardDb,
  workspace: WorkspaceStore,
  controls: ControlsStore,
  sandbox: Store,
  partnerId: number,
): Promise<void> {
  const done = await db.db
    .selectFrom('workspace_setting')
    .select('key')
    .where('key', '=', 'demoRecords')
    .executeTakeFirst();
  if (done) return;
  await controls.addPolicy(
    {
      action: 'approveDeposit',
      product: ANY,
      currency: ANY,
      amountSide: 'payout',
      minAmount: '25000',
      approvers: 2,
      inBase: true,
    },
    'admin@demo.example',
  );
  const olu = await workspace.userByEmail('onboarding@demo.example');
  const account = sandbox.payoutAccounts
    .list(partnerId, { currencySymbol: 'GBP' }, 0, 100)
    .find((a) => a.iban === 'GB29NWBK60161331926819' && a.accountStatus === 'ACTIVE');
  if (olu && account) {
    const body = {
      accountHolderName: account.accountHolderName,
      bankName: 'Westminster Bank',
      iban: 'GB82WEST12345698765432',
      swiftCode: 'WESTGB2L',
      countryIso: 'GB',
      city: account.city ?? 'London',
    };
    const before = bankDetailsOf(account);
    const after = bankDetailsAfter(before, body);
    await controls.openPayeeChange({
      environment: 'sandbox',
      accountId: account.id,
      currency: account.currencySymbol,
      author: olu,
      body: JSON.stringify(body),
      change: {
        businessId: account.businessId,
        before,
        after,
        changed: changedBankDetails(before, after),
        alsoChanged: otherAccountChanges(account, body),
        warnings: [],
      },
    });
  }
  await db.db
    .insertInto('workspace_setting')
    .values({ key: 'demoRecords', value: 'true', updated_at: Date.now(), updated_by: null })
    .execute();
}

/**
 * The demo's rejected quote (docs/decisions/041): the 8,250 EUR end to end transfer from Lumen
 * Textiles to Anatolia, created by Fatima Finance, rejected by Bruno Approver with a reason:
 * cancelled through the API, and Fatima told. Made through the money controls themselves, once
 * the server listens, on the start that seeded the sandbox.
 */
export async function rejectDemoQuote(
  ctx: PartnerApiDeps & {
    db: DashboardDb;
    workspace: Pick<WorkspaceStore, 'userByEmail' | 'credentials'>;
    controls: Pick<MoneyControls, 'recordOrigin' | 'rejectTransaction'>;
  },
  sandbox: Store,
  partnerId: number,
): Promise<void> {
  const done = await ctx.db.db
    .selectFrom('workspace_setting')
    .select('key')
    .where('key', '=', 'demoRejection')
    .executeTakeFirst();
  if (done) return;
  const transaction = sandbox.transactions
    .list(partnerId, 'sendf2f', {}, 0, 100)
    .find((t) => t.toAmount === '8250.00' && t.fromAmount !== null && t.quoteApprovedDate === null);
  const [fatima, bruno] = await Promise.all([
    ctx.workspace.userByEmail('finance@demo.example'),
    ctx.workspace.userByEmail('approver2@demo.example'),
  ]);
  const api = await partnerApi(ctx, 'sandbox');
  if (!transaction || !fatima || !bruno || !api) return;
  const ref = {
    environment: 'sandbox',
    product: 'sendf2f' as const,
    transactionId: transaction.businessRequestId,
  };
  await ctx.controls.recordOrigin(ref, fatima.id);
  await ctx.controls.rejectTransaction(
    bruno,
    ref,
    'approveQuote',
    'The rate is worse than the one agreed with Anatolia: quote it again next week.',
    api,
  );
  await ctx.db.db
    .insertInto('workspace_setting')
    .values({ key: 'demoRejection', value: 'true', updated_at: Date.now(), updated_by: null })
    .execute();
}
