// The sections of Settings (docs/decisions/072): each has its own address, so that a link, the
// back button and Go to… lead to the part an admin needs, not to one page of five thousand pixels.
export const SETTINGS_SECTIONS = [
  {
    to: '/settings/people',
    label: 'People',
    description: 'Who works in the workspace, their roles, invitations and reset links.',
  },
  {
    to: '/settings/approvals',
    label: 'Approvals',
    description:
      'Approval policies, how long a quote may be approved, the second factor, the base currency, and reminders of what nobody decides.',
  },
  {
    to: '/settings/sign-in',
    label: 'Sign-in',
    description:
      'The second sign-in step per role, single sign-on through your identity provider, and provisioning from the directory.',
  },
  {
    to: '/settings/credentials',
    label: 'API credentials',
    description: 'The partner’s API key and secret per environment, stored encrypted.',
  },
  {
    to: '/settings/notifications',
    label: 'Team chat and mail',
    description: 'Where notifications are posted in team chats, and the mail the dashboard sent.',
  },
] as const;
