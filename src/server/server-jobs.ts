// The dashboard server's background jobs, each declared once with what it does, when it runs,
// how its work is held across servers and what a failure does (docs/decisions/075). Built by the
// composition root (./app.ts) from the services they use, no more; started and stopped there in
// one loop; kicked by name (`ctx.jobs.kick('bulk submit')`).
import type { Environment } from '#/api/dashboard';
import { batchQuoter, type QuoterDeps, type QuoterOptions } from './batches/quote';
import type { BatchStore } from './batches/store';
import { batchSubmitter, type SubmitterDeps, type SubmitterOptions } from './batches/submit';
import { backgroundJobs } from './jobs';
import { lazyLoad } from './lazy-packages';
import type { IndexSync } from './local-index/sync';
import type { OutboxWorker } from './notifications/deliver';
import { sendDigests } from './notifications/digest';
import { sendMonthlyStatements } from './statements/monthly';
import { repeatingPass } from './repeating-pass';
import type { Notices } from './notifications/notices';
import { METADATA_REFRESH_MS, refreshSamlMetadata, warnOfExpiry } from './sso/saml-refresh';
import type { SsoStore } from './store/sso';
import { type NudgeDeps, nudgeApprovals } from './approvals/nudges';
import { runSchedules } from './schedules/runner';
import { partnerApi } from './partner-api';

/** What the jobs use (parts of the server's context). */
export interface JobDeps extends SubmitterDeps, QuoterDeps {
  sync: SubmitterDeps['sync'] & IndexSync;
  controls: SubmitterDeps['controls'] & QuoterDeps['controls'];
  workspace: SubmitterDeps['workspace'] & QuoterDeps['workspace'];
  outbox: OutboxWorker;
  batches: BatchStore;
  /** What waits for an approval, and the approval settings (./approvals/nudges.ts). */
  waitingApprovals: Pick<NudgeDeps, 'settings' | 'waitingSince'>;
  /** Single sign-on's provider settings, and the notices that tell admins of them. */
  sso: SsoStore;
  notices: Notices;
  /** Where the dashboard is reached, for links in digests and statements. */
  origin: () => string;
}

export function serverJobs(
  deps: JobDeps,
  options: {
    /** Whether this server keeps the local index fresh (tests leave it off). */
    indexSync: boolean;
    batchSubmitter?: SubmitterOptions | undefined;
    batchQuoter?: QuoterOptions | undefined;
  },
  log: (message: string, error: unknown) => void,
) {
  const { outbox, sync, batches, db, now } = deps;
  return backgroundJobs(
    {
      outbox: {
        does: 'delivers mails and chat messages from the outbox',
        schedule: 'every few seconds, and at once when a notice is written',
        lease: 'each message claimed by one server for a while',
        retries: 'a refused message again after a pause; given up after the last attempt',
        start: outbox.start,
        stop: outbox.stop,
        kick: outbox.kick,
        report: outbox.report,
      },
      'lazy packages': {
        does: 'loads the packages of files and sign-in ahead of their first use',
        schedule: 'once, a second after the server listens',
        lease: '',
        retries: 'none: a package that did not load is loaded when first used',
        ...lazyLoad(),
      },
      digests: {
        does: 'writes the daily digests and the monthly statements that are due',
        schedule: 'every minute',
        lease: 'each digest and statement written once, whichever server finds it first',
        retries: 'the next pass',
        ...repeatingPass(
          async () => {
            const settings = { origin: deps.origin, now };
            const digested = await sendDigests(db, settings);
            const statements = await sendMonthlyStatements(db, settings);
            if (digested + statements > 0) await outbox.kick();
          },
          { intervalMs: 60_000, name: 'digest', log },
        ),
      },
      'approval reminders': {
        does: 'reminds approvers of what waits, tells admins of what nobody decides, and expires (cancelling) what nobody decided in time',
        schedule: 'every minute',
        lease: 'each reminder, escalation and expiry claimed once by a conditional update',
        retries: 'the next pass; an expiry the API could not cancel says why in the audit trail',
        ...repeatingPass(
          async () => {
            const done = await nudgeApprovals(
              {
                db,
                auditSeal: deps.auditSeal,
                notices: deps.notices,
                settings: deps.waitingApprovals.settings,
                waitingSince: deps.waitingApprovals.waitingSince,
                environments: [...deps.upstreams.keys()],
                api: (environment) => partnerApi(deps, environment),
              },
              now(),
            );
            if (done.reminded + done.escalated + done.expired > 0) await outbox.kick();
          },
          { intervalMs: 60_000, name: 'approval reminders', log },
        ),
      },
      'scheduled payouts': {
        does: 'makes the day’s scheduled payouts, follows their approvals and skips a run whose approvals missed its cut-off',
        schedule: 'every minute',
        lease: 'each run claimed once by inserting its row (schedule, day)',
        retries: 'the next pass; a run whose server stopped is taken again after two minutes',
        ...repeatingPass(
          async () => {
            const done = await runSchedules(
              {
                db,
                auditSeal: deps.auditSeal,
                notices: deps.notices,
                controls: deps.controls,
                workspace: deps.workspace,
                api: (environment) => partnerApi(deps, environment),
              },
              now(),
            );
            if (done.created + done.skipped + done.failed > 0) await outbox.kick();
          },
          { intervalMs: 60_000, name: 'scheduled payouts', log },
        ),
      },
      'saml metadata': {
        does: "fetches the SAML provider's metadata from its URL (certificate rotations) and tells admins of a certificate about to expire",
        schedule:
          'every 10 minutes; the metadata every six hours, and at once on a signature failure',
        lease: 'each fetch claimed by a conditional update; each warning sent once',
        retries: 'the next pass; a failed fetch is shown in Settings and told to the admins once',
        ...repeatingPass(
          async () => {
            const sso = { sso: deps.sso, db, notices: deps.notices };
            await refreshSamlMetadata(sso, now() - METADATA_REFRESH_MS);
            if (await warnOfExpiry(sso, now())) await outbox.kick();
          },
          { intervalMs: 10 * 60_000, name: 'saml metadata', log },
        ),
      },
      'index sync': {
        does: "keeps the local index of each environment's records fresh",
        schedule: 'every 10 s per environment, and at once after a change',
        lease: 'one server owns each environment at a time',
        retries: 'the next pass; a paused environment says why on the Data page',
        enabled: options.indexSync,
        start: sync.start,
        stop: sync.stop,
        kick: (environment: Environment) => sync.syncNow(environment),
        report: sync.reports,
      },
      'bulk submit': {
        does: 'submits the rows of approved bulk files to the API',
        schedule: 'every second, and at once after the last approval',
        lease: 'each file claimed by one server, renewed while it works',
        retries: 'a file the API could not answer again after a pause; each row made once',
        ...batchSubmitter(deps, batches, { log, ...options.batchSubmitter }),
      },
      'bulk quote': {
        does: 'prices the rows of bulk files asked to be quoted',
        schedule: 'every second, and at once when a quote is asked for',
        lease: 'each file claimed by one server, renewed while it works',
        retries: 'a file whose pricing failed says why, and is quoted again when asked',
        ...batchQuoter(deps, batches, { log, ...options.batchQuoter }),
      },
    },
    log,
  );
}

export type ServerJobs = ReturnType<typeof serverJobs>;
