// The sections of Settings (docs/decisions/072): each has its own address, so that a link, the
// back button and Go to… lead to the part an admin needs, not to one page of five thousand pixels.
import { msg } from '@lingui/core/macro';

export const SETTINGS_SECTIONS = [
  {
    to: '/settings/people',
    label: msg`People`,
    description: msg`Who works in the workspace, their roles, invitations and reset links.`,
  },
  {
    to: '/settings/approvals',
    label: msg`Approvals`,
    description: msg`Approval policies, how long a quote may be approved, the second factor, the base currency, and reminders of what nobody decides.`,
  },
  {
    to: '/settings/sign-in',
    label: msg`Sign-in`,
    description: msg`The second sign-in step per role, single sign-on through your identity provider, and provisioning from the directory.`,
  },
  {
    to: '/settings/credentials',
    label: msg`API credentials`,
    description: msg`The partner’s API key and secret per environment, stored encrypted.`,
  },
  {
    to: '/settings/notifications',
    label: msg`Team chat and mail`,
    description: msg`Where notifications are posted in team chats, and the mail the dashboard sent.`,
  },
] as const;
