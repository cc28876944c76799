// The mails that carry a link to choose a password (docs/decisions/035): an invitation an admin
// sends by adding a person, and a reset the person asks for on the sign-in page. Both use the
// reset token of decision 017 (24 hours, once; a newer link voids the older).
import type { PublicAddress } from '../security';
import type { DashboardDb } from '../store/db';
import { DASHBOARD_LINKS } from '#/api/products';
import type { User, WorkspaceStore } from '../store/workspace';
import { composeMail } from './mail';
import { queueMail } from './store';

type LinkMail =
  { kind: 'invitation'; by: string; roles: string } | { kind: 'password reset'; ip: string };

/** Issues a reset token for `user` and queues the mail that carries its link. */
/** What a password-link mail needs of the server (parts of its context). */
export interface LinkMailDeps {
  workspace: Pick<WorkspaceStore, 'issueReset'>;
  address: Pick<PublicAddress, 'origin'>;
  db: DashboardDb;
  now: () => number;
}

export async function mailPasswordLink(ctx: LinkMailDeps, user: User, mail: LinkMail) {
  const { token } = await ctx.workspace.issueReset(user.id);
  const link = `${ctx.address.origin()}${DASHBOARD_LINKS.setPassword(token)}`;
  const once = 'the link works once, for 24 hours';
  const [subject, intro, action, after] =
    mail.kind === 'invitation'
      ? [
          `${mail.by} invited you to the Partner Payments dashboard`,
          `${mail.by} added you to the Partner Payments dashboard as ${mail.roles}.`,
          'Choose your password',
          '',
        ]
      : [
          'Reset your Partner Payments password',
          `Someone (from ${mail.ip}) asked to reset the password of ${user.email} on the Partner Payments dashboard.`,
          'Choose a new password',
          'If it was not you, ignore this mail: your password stays as it is.',
        ];
  const mailed = composeMail(subject, [
    { kind: 'paragraph', text: intro },
    {
      kind: 'link',
      href: link,
      label: action,
      textLead: `${action} here (${once}):`,
      after: `(${once}).`,
    },
    ...(after ? [{ kind: 'paragraph' as const, text: after }] : []),
  ]);
  await queueMail(ctx.db.db, { to: user.email, kind: mail.kind, ...mailed }, ctx.now());
}
