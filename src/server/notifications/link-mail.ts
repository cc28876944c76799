// The mails that carry a link to choose a password (docs/decisions/035): an invitation an admin
// sends by adding a person, and a reset the person asks for on the sign-in page. Both use the
// reset token of decision 017 (24 hours, once; a newer link voids the older).
import type { PublicAddress } from '../security';
import type { DashboardDb } from '../store/db';
import { DASHBOARD_LINKS } from '#/api/products';
import type { User, WorkspaceStore } from '../store/workspace';
import { composeMail } from './mail';
import { queueMail } from './store';
import { said, tell } from '#/i18n/words';
import { ROLE_LABEL, type Role } from '#/api/roles';
import { namesIn, sayer } from '../words';
import { recipientLanguage, workspaceLanguage } from '../page-language';
import { type I18n } from '@lingui/core';

type LinkMail =
  | { kind: 'invitation'; by: string; roles: readonly Role[] }
  | { kind: 'password reset'; ip: string };

/** Issues a reset token for `user` and queues the mail that carries its link. */
/** What a password-link mail needs of the server (parts of its context). */
export interface LinkMailDeps {
  workspace: Pick<WorkspaceStore, 'issueReset'>;
  address: Pick<PublicAddress, 'origin'>;
  db: DashboardDb;
  now: () => number;
}

/** The mails' words, in the recipient's language (decision 091). */
const LINK_MAIL = {
  once: /*i18n*/ { id: 'linkMail.once', message: 'the link works once, for 24 hours' },
  invitedSubject: /*i18n*/ {
    id: 'linkMail.invitedSubject',
    message: '{by} invited you to the Partner Payments dashboard',
  },
  invited: /*i18n*/ {
    id: 'linkMail.invited',
    message: '{by} added you to the Partner Payments dashboard as {roles}.',
  },
  choose: /*i18n*/ { id: 'linkMail.choose', message: 'Choose your password' },
  resetSubject: /*i18n*/ {
    id: 'linkMail.resetSubject',
    message: 'Reset your Partner Payments password',
  },
  reset: /*i18n*/ {
    id: 'linkMail.reset',
    message:
      'Someone (from {ip}) asked to reset the password of {email} on the Partner Payments dashboard.',
  },
  chooseNew: /*i18n*/ { id: 'linkMail.chooseNew', message: 'Choose a new password' },
  notYou: /*i18n*/ {
    id: 'linkMail.notYou',
    message: 'If it was not you, ignore this mail: your password stays as it is.',
  },
  lead: /*i18n*/ { id: 'linkMail.lead', message: '{action} here ({once}):' },
  after: /*i18n*/ { id: 'linkMail.after', message: '({once}).' },
};

export async function mailPasswordLink(ctx: LinkMailDeps, user: User, mail: LinkMail) {
  const { token } = await ctx.workspace.issueReset(user.id);
  const link = `${ctx.address.origin()}${DASHBOARD_LINKS.setPassword(token)}`;
  // Theirs if they chose one (a reset), else the workspace's: an invited person never signed in.
  const language = recipientLanguage(user.language, await workspaceLanguage(ctx.db.db));
  const say = sayer(language);
  const once = say(LINK_MAIL.once);
  const [subject, intro, action, after] =
    mail.kind === 'invitation'
      ? [
          say(LINK_MAIL.invitedSubject, { by: mail.by }),
          say(LINK_MAIL.invited, {
            by: mail.by,
            roles: rolesIn(mail.roles),
            count: mail.roles.length,
          }),
          say(LINK_MAIL.choose),
          '',
        ]
      : [
          say(LINK_MAIL.resetSubject),
          say(LINK_MAIL.reset, { ip: mail.ip, email: user.email }),
          say(LINK_MAIL.chooseNew),
          say(LINK_MAIL.notYou),
        ];
  const mailed = composeMail(subject, [
    { kind: 'paragraph', text: intro },
    {
      kind: 'link',
      href: link,
      label: action,
      textLead: say(LINK_MAIL.lead, { action, once }),
      after: say(LINK_MAIL.after, { once }),
    },
    ...(after ? [{ kind: 'paragraph' as const, text: after }] : []),
  ]);
  await queueMail(ctx.db.db, { to: user.email, kind: mail.kind, ...mailed }, ctx.now());
}

/** Roles' names as the language lists them: "Finanzen und Freigebende". */
const rolesIn =
  (roles: readonly Role[]) =>
  (i18n: I18n): string =>
    namesIn(roles.map((role) => tell(i18n, said(ROLE_LABEL[role]))))(i18n);
