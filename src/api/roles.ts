// Who may call what through the dashboard: one table keyed by the contract's operation list
// (docs/decisions/016), in the contract because the server and the SPA both read it. The server decides every proxied call from it; the SPA reads the same
// table to hide or disable what a person's roles cannot do, and to say why.
import { allOperations, type OperationDef } from './operations';

export const ROLES = ['admin', 'onboarding', 'finance', 'approver', 'viewer', 'tester'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABEL: Record<Role, string> = {
  admin: 'Admin',
  onboarding: 'Onboarding',
  finance: 'Finance',
  approver: 'Approver',
  viewer: 'Viewer',
  tester: 'Tester',
};

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

/** The rule for each operation, by what the operation does. */
function permissionOf(op: OperationDef): Permission {
  const id = op.id;
  // The sandbox console: anyone may read it, the sandbox tools' roles may change it.
  if (op.source === 'sandbox')
    return { roles: op.method === 'GET' ? EVERYONE : SANDBOX_TOOLS, sandboxOnly: true };
  if (op.method === 'GET' || id.endsWith('Price')) return { roles: EVERYONE };
  if (
    ['createMerchant', 'acceptAgreements', 'submitOnboarding', 'createPayoutAccount'].includes(id)
  )
    return { roles: ONBOARDING };
  if (id === 'updateMerchant' || id === 'updatePayoutAccount')
    return { roles: ONBOARDING, simulation: true };
  if (/Create$|Cancel$/.test(id)) return { roles: ['finance'] };
  if (/ApproveQuote$|ApproveDeposit$/.test(id)) return { roles: ['approver'] };
  if (id === 'uploadFile') return { roles: ['finance', 'approver'] };
  if (['createWebhook', 'deleteWebhook', 'testWebhook', 'resendEvent'].includes(id))
    return { roles: SANDBOX_TOOLS, sandboxOnly: true };
  throw new Error(`No permission rule for the operation ${id}.`);
}

export const PERMISSIONS: Record<string, Permission> = Object.fromEntries(
  allOperations.map((op) => [op.id, permissionOf(op)]),
);

export type Refusal = { code: 'FORBIDDEN_ROLE' | 'SANDBOX_ONLY'; detail: string };

/** Why `roles` may not call `operationId` in `environment`, or undefined when they may. */
export function refusalFor(
  operationId: string,
  roles: readonly Role[],
  environment: string,
  isSimulation = false,
): Refusal | undefined {
  const permission = PERMISSIONS[operationId];
  if (!permission) return { code: 'FORBIDDEN_ROLE', detail: 'This operation is not offered.' };
  if (permission.sandboxOnly && environment !== 'sandbox')
    return { code: 'SANDBOX_ONLY', detail: 'Sandbox tools exist in the sandbox environment only.' };
  const allowed = new Set<Role>(permission.roles);
  if (permission.simulation && isSimulation && environment === 'sandbox')
    for (const role of SANDBOX_TOOLS) allowed.add(role);
  if (roles.some((role) => allowed.has(role))) return undefined;
  const needed = [...allowed].map((role) => ROLE_LABEL[role]).join(' or ');
  return { code: 'FORBIDDEN_ROLE', detail: `This needs the ${needed} role.` };
}

/** The operation a proxied method and path (below /v1/, query left out) calls, if any. */
export function operationFor(method: string, path: string): OperationDef | undefined {
  const bare = path.replace(/\/+$/, '');
  return PATTERNS.find((p) => p.op.method === method && p.pattern.test(bare))?.op;
}

// Each operation's path as a pattern, made once.
const PATTERNS = allOperations.map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\/+$/, '').replace(/\{\w+\}/g, '[^/]+')}$`),
}));

/** Who may use the team workspace's own pages and endpoints (not operations of the API). */
export const WORKSPACE_ROLES = {
  readAudit: ['admin', 'viewer'],
  administer: ['admin'],
  decideApprovals: ['approver'],
} as const satisfies Record<string, readonly Role[]>;

export function hasRole(roles: readonly Role[], allowed: readonly Role[]): boolean {
  return roles.some((role) => allowed.includes(role));
}
