// The team workspace's records: named users with roles (passwords hashed with argon2id),
// sessions stored by the hash of their cookie with idle and absolute expiry, and the partner's
// API credentials per environment, the secret sealed by the vault.
import type { DashboardDb } from './db';
import type { Vault } from './vault';
import { credentialStore } from './credential-store';
import { peopleStore } from './people-store';
import { sessionStore } from './session-store';

export * from './workspace-basics';

/** The workspace's people, sessions and credentials, each from the store of its own. */
export function workspaceStore(store: DashboardDb, vault: Vault, now: () => number = Date.now) {
  return {
    ...peopleStore(store, now),
    ...sessionStore(store, now),
    ...credentialStore(store, vault, now),
  };
}

export type WorkspaceStore = ReturnType<typeof workspaceStore>;
