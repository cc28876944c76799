// What the dashboard server's plugins share, decorated on the app as `dashboard`: where it is
// reached, its session cookie, the environments and how to call each, and the team workspace
// (users, sessions, credentials, the money controls, the audit trail) in the dashboard's own
// database. Only the composition root (./app.ts) and the route plugins read it whole; a service
// declares the little it needs as its own type, so that nothing imports back into this file.
// What a request handler needs (problems, the audit, sign-in) is ./request.ts.
import type { AbsenceStore } from './approvals/absences';
import type { DashboardMetrics } from './metrics';
import type { ApiPacer } from './pacer';
import type { SsoStore } from './store/sso';
import type { ScimStore } from './scim/store';
import type { Environment, EnvironmentInfo } from '#/api/dashboard';
import type { AuditSeal } from './store/audit';
import type { MoneyControls } from './controls/controls';
import type { TransactionNotes } from './store/transaction-notes';
import type { SandboxNotes } from './store/sandbox-notes';
import type { MerchantNotes } from './store/merchant-notes';
import type { SavedViews } from './store/saved-views';
import type { DashboardDb } from './store/db';
import type { secondFactorStore } from './store/second-factor';
import type { WorkspaceStore } from './store/workspace';
import type { SignedIn } from './request';
import type { AuthCache } from './auth-cache';
import type { LocalIndex } from './local-index/store';
import type { ControlChanges } from './controls/changes';
import type { Approvals } from './approvals/approvals';
import type { IndexSync } from './local-index/sync';
import type { PublicAddress } from './security';
import type { Upstream } from './upstream';
import type { BatchStore } from './batches/store';
import type { ServerJobs } from './server-jobs';
import type { OutboxWorker } from './notifications/deliver';
import type { NotificationStore } from './notifications/store';
import type { LiveHub } from './notifications/live';
import type { Notices } from './notifications/notices';

/** Where the embedded sandbox is mounted: its base_url is PUBLIC_URL plus this. */
export const SANDBOX_PREFIX = '/sandbox';

export interface DashboardContext {
  address: PublicAddress;
  /** What the server tells a Prometheus scraper (../metrics.ts). */
  metrics: Pick<DashboardMetrics, 'delivery'>;
  cookie: {
    name: string;
    options: { httpOnly: true; sameSite: 'strict'; path: '/'; secure: boolean };
  };
  upstreams: Map<Environment, Upstream>;
  /** The one pace of the server's own calls of each environment (./pacer.ts). */
  pacer: ApiPacer;
  /** The environments this server can reach, in the order offered. */
  environments: Pick<EnvironmentInfo, 'id' | 'label'>[];
  db: DashboardDb;
  workspace: WorkspaceStore;
  /** Who may move money: policies, approvals, payee changes (docs/decisions/025). */
  controls: MoneyControls;
  /** Where every approval is decided, whatever it approves (docs/decisions/074). */
  approvals: Approvals;
  /** Changes of the controls waiting for a second admin (docs/decisions/042). */
  controlChanges: ControlChanges;
  /** The audit chain's key and this server's anchor (docs/decisions/026). */
  auditSeal: AuditSeal;
  /** Files and reasons the dashboard sent about transactions (docs/decisions/019). */
  notes: TransactionNotes;
  sandboxNotes: SandboxNotes;
  merchantNotes: MerchantNotes;
  secondFactor: ReturnType<typeof secondFactorStore>;
  /** Who is away and who stands in for them (docs/decisions/088). */
  absences: AbsenceStore;
  /** Single sign-on: the identity provider, the sign-in policy, sign-ins under way (051). */
  sso: SsoStore;
  /** Provisioning from the directory: its token, groups and marks on people (052). */
  scim: ScimStore;
  /** The local index of the partner's records, and what keeps it fresh (docs/decisions/018). */
  index: LocalIndex;
  sync: IndexSync;
  /** Bulk payout files (quoted and submitted by background jobs). */
  batches: { store: BatchStore };
  /** The server's background work, by name (./jobs.ts, docs/decisions/075). */
  jobs: ServerJobs;
  /** People's notifications and the outbox that mails and chats them (docs/decisions/035). */
  notifications: { store: NotificationStore; outbox: OutboxWorker; notices: Notices };
  /** The live event streams of open pages. */
  live: LiveHub;
  views: SavedViews;
  /** Who recent session cookies belong to (./auth-cache.ts). */
  authCache: AuthCache;
  /** Emails of the sandbox demo workspace's people (one-click sign-in), when it is on. */
  demoUsers: string[];
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    dashboard: DashboardContext;
  }
  interface FastifyContextConfig {
    /** The route is open to a session that must enrol its second step first. */
    beforeEnrolment?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in person of an /api call that needs one (set before its body is read). */
    signedIn: SignedIn | null;
  }
}
