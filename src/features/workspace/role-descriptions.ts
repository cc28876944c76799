// What each role lets a person do, in a sentence for the settings pages (decision 091: words of
// the settings only, kept out of the sign-in page's first load).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Role } from '#/api/roles';

export const ROLE_DESCRIPTION: Record<Role, MessageDescriptor> = {
  admin: msg`Sets the API credentials, people and roles, approval policies, the second step and team chat; reads the audit trail.`,
  onboarding: msg`Adds and edits merchants and their payout accounts; sends KYC documents.`,
  finance: msg`Prices and creates transactions, uploads bulk payout files, cancels what is not processed yet.`,
  approver: msg`Approves or rejects, with a reason, quotes, deposits, bank-detail changes and bulk payout files (a rejection cancels the transaction, without the Finance role); never approves what they created themselves.`,
  viewer: msg`Sees everything, changes nothing; reads the audit trail.`,
  tester: msg`Uses the sandbox tools: status simulations, scenarios, faults and webhooks.`,
};
