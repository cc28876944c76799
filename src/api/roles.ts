// Who may call what through the dashboard (docs/decisions/016): a rule declared for each
// operation by name, in the contract because the server and the SPA both read it. The server
// decides every proxied call from it; the SPA reads the same table to hide or disable what a
// person's roles cannot do, and to say why.
import type { operations, sandboxOperations } from './operations';
import { PRODUCTS } from './products';
import {
  type TransactionOperationName,
  transactionOperationId,
} from './transaction-operation-names';
import { type Said, said, type Words } from '#/i18n/words';

export const ROLES = ['admin', 'onboarding', 'finance', 'approver', 'viewer', 'tester'] as const;
export type Role = (typeof ROLES)[number];

/** Each role's name in words (decision 091: translated where it shows). */
export const ROLE_LABEL: Record<Role, Words> = {
  admin: /*i18n*/ { id: 'role.admin', message: 'Admin' },
  onboarding: /*i18n*/ { id: 'role.onboarding', message: 'Onboarding' },
  finance: /*i18n*/ { id: 'role.finance', message: 'Finance' },
  approver: /*i18n*/ { id: 'role.approver', message: 'Approver' },
  viewer: /*i18n*/ { id: 'role.viewer', message: 'Viewer' },
  tester: /*i18n*/ { id: 'role.tester', message: 'Tester' },
};

/** Roles' names in English, joined: for what stays English (the audit trail, server logs). */
export const englishRoles = (roles: readonly Role[], joiner = ', ') =>
  roles.map((role) => ROLE_LABEL[role].message).join(joiner);

/** Who may call an operation, and in which environments. */
export interface Permission {
  roles: readonly Role[];
  /** Sandbox tools: refused in every other environment, whoever asks. */
  sandboxOnly?: boolean;
  /** Granted to testers too when the call is a status simulation (a `|STATUS` suffix). */
  simulation?: boolean;
}

const EVERYONE: readonly Role[] = ROLES;
const ONBOARDING: readonly Role[] = ['onboarding', 'admin'];
const SANDBOX_TOOLS: readonly Role[] = ['tester', 'onboarding', 'admin'];

const READ: Permission = { roles: EVERYONE };
const ONBOARD: Permission = { roles: ONBOARDING };
/** Onboarding's, and a tester's too when it only simulates a status. */
const ONBOARD_OR_SIMULATE: Permission = { roles: ONBOARDING, simulation: true };
const SANDBOX_TOOL: Permission = { roles: SANDBOX_TOOLS, sandboxOnly: true };
const SANDBOX_READ: Permission = { roles: EVERYONE, sandboxOnly: true };

/** The rule of each operation, declared by name: a new operation needs a line here to compile. */
const OPERATION_PERMISSION: { [K in keyof typeof operations]: Permission } = {
  listCurrencies: READ,
  listCountries: READ,
  createMerchant: ONBOARD,
  updateMerchant: ONBOARD_OR_SIMULATE,
  getMerchant: READ,
  listMerchants: READ,
  listAgreements: READ,
  acceptAgreements: ONBOARD,
  listMerchantDocuments: READ,
  addMerchantDocument: ONBOARD,
  submitOnboarding: ONBOARD,
  createPayoutAccount: ONBOARD,
  updatePayoutAccount: ONBOARD_OR_SIMULATE,
  getPayoutAccount: READ,
  listPayoutAccounts: READ,
  getPayoutConfirmation: READ,
  // Invoices and deposit confirmations (finance, approvers); KYC documents (onboarding).
  uploadFile: { roles: ['finance', 'approver', 'onboarding'] },
  getFile: READ,
  createWebhook: SANDBOX_TOOL,
  listWebhooks: READ,
  rotateWebhookSecret: SANDBOX_TOOL,
  deleteWebhook: SANDBOX_TOOL,
  testWebhook: SANDBOX_TOOL,
  listEvents: READ,
  resendEvent: SANDBOX_TOOL,
};

/** The same rules for every product's transactions. */
const TRANSACTION_PERMISSION: Record<TransactionOperationName, Permission> = {
  price: READ,
  create: { roles: ['finance'] },
  get: READ,
  list: READ,
  approveQuote: { roles: ['approver'] },
  approveDeposit: { roles: ['approver'] },
  // An approver cancels only by rejecting an approval with a reason (/api/controls, decision 025).
  cancel: { roles: ['finance'] },
};

/** The sandbox console: anyone may read it, the sandbox tools' roles may change it. */
const SANDBOX_PERMISSION: { [K in keyof typeof sandboxOperations]: Permission } = {
  listRequests: SANDBOX_READ,
  getRequest: SANDBOX_READ,
  listFaults: SANDBOX_READ,
  createFault: SANDBOX_TOOL,
  deleteFault: SANDBOX_TOOL,
  streamEvents: SANDBOX_READ,
  listMoves: SANDBOX_READ,
  runMove: SANDBOX_TOOL,
  holdMoves: SANDBOX_TOOL,
  releaseMoves: SANDBOX_TOOL,
  listScenarios: SANDBOX_READ,
  exportScenario: SANDBOX_READ,
  loadScenario: SANDBOX_TOOL,
  resetSandbox: SANDBOX_TOOL,
};

// By operation id. An operation's id is its name (roles.test.ts checks every operation is here).
export const PERMISSIONS: Record<string, Permission> = Object.fromEntries([
  ...Object.entries(OPERATION_PERMISSION),
  ...Object.entries(SANDBOX_PERMISSION),
  ...PRODUCTS.flatMap((product) =>
    (Object.entries(TRANSACTION_PERMISSION) as [TransactionOperationName, Permission][]).map(
      ([name, rule]) => [transactionOperationId(product, name), rule],
    ),
  ),
]);

/** A refusal: its code, its words in English (the audit trail) and as said to the person. */
export type Refusal = { code: 'FORBIDDEN_ROLE' | 'SANDBOX_ONLY'; detail: string; said: Said };

const NOT_OFFERED = /*i18n*/ {
  id: 'refusal.notOffered',
  message: 'This operation is not offered.',
};
const SANDBOX_ONLY = /*i18n*/ {
  id: 'refusal.sandboxOnly',
  message: 'Sandbox tools exist in the sandbox environment only.',
};
const NEEDS_ROLE = /*i18n*/ { id: 'refusal.needsRole', message: 'This needs the {roles} role.' };

/** Whether `name` is one of the roles. */
export const isRole = (name: string): name is Role => (ROLES as readonly string[]).includes(name);

/** "This needs the Finance or Approver role.", the roles as the reader's language lists them. */
export const needsRole = (needed: readonly Role[]): Said =>
  said(NEEDS_ROLE, {
    roles: (i18n) =>
      new Intl.ListFormat(i18n.locale, { type: 'disjunction' }).format(
        needed.map((role) => i18n._(ROLE_LABEL[role])),
      ),
  });

const refusal = (code: Refusal['code'], words: Words): Refusal => ({
  code,
  detail: words.message,
  said: said(words),
});

/** Why `roles` may not call `operationId` in `environment`, or undefined when they may. */
export function refusalFor(
  operationId: string,
  roles: readonly Role[],
  environment: string,
  isSimulation = false,
): Refusal | undefined {
  const permission = PERMISSIONS[operationId];
  if (!permission) return refusal('FORBIDDEN_ROLE', NOT_OFFERED);
  if (permission.sandboxOnly && environment !== 'sandbox')
    return refusal('SANDBOX_ONLY', SANDBOX_ONLY);
  const allowed = new Set<Role>(permission.roles);
  if (permission.simulation && isSimulation && environment === 'sandbox')
    for (const role of SANDBOX_TOOLS) allowed.add(role);
  if (roles.some((role) => allowed.has(role))) return undefined;
  const needed = [...allowed];
  return {
    code: 'FORBIDDEN_ROLE',
    // The English the server writes for a reader of English (the audit trail keeps this one).
    detail: `This needs the ${new Intl.ListFormat('en', { type: 'disjunction' }).format(needed.map((role) => ROLE_LABEL[role].message))} role.`,
    said: needsRole(needed),
  };
}

/** Who may use the team workspace's own pages and endpoints (not operations of the API). */
export const WORKSPACE_ROLES = {
  readAudit: ['admin', 'viewer'],
  administer: ['admin'],
  decideApprovals: ['approver'],
} as const satisfies Record<string, readonly Role[]>;

export function hasRole(roles: readonly Role[], allowed: readonly Role[]): boolean {
  return roles.some((role) => allowed.includes(role));
}
