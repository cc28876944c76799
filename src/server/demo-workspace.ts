// The sandbox demo workspace (docs/decisions/016): on a server with the embedded sandbox and
// DASHBOARD_DEMO on, people covering every role, one-click sign-in for each, and the demo
// partner's sandbox credentials already stored. Never with the live environment configured.
import type { Role } from '#/api/roles';
import type { Credentials } from '#/sandbox/domain/partners';
import type { WorkspaceStore } from './store/workspace';

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
