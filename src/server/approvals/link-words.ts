// The words of the page a mail's approval link opens (decision 091), in the server's catalog:
// written in the language of the person the link was sent to, or, before the link is known, the
// language the browser asks for.
import type { Words } from '#/i18n/words';

export const LINK = {
  openInDashboard: /*i18n*/ { id: 'link.openInDashboard', message: 'Open it in the dashboard' },
  openInstead: /*i18n*/ {
    id: 'link.openInstead',
    message: 'Open it in the dashboard instead',
  },
  whatYouApprove: /*i18n*/ { id: 'link.whatYouApprove', message: 'What you approve' },
  payout: /*i18n*/ { id: 'link.payout', message: 'Payout' },
  deposit: /*i18n*/ { id: 'link.deposit', message: 'Deposit, fees included' },
  todaysPrice: /*i18n*/ {
    id: 'link.todaysPrice',
    message: 'Today’s price: the API has not quoted it yet.',
  },
  notQuoted: /*i18n*/ { id: 'link.notQuoted', message: 'not quoted yet' },
  rate: /*i18n*/ { id: 'link.rate', message: 'Rate' },
  rateDerived: /*i18n*/ {
    id: 'link.rateDerived',
    message: 'The payout divided by the deposit.',
  },
  markup: /*i18n*/ {
    id: 'link.markup',
    message: '{percent}% below the reference rate of {reference}',
  },
  notAvailable: /*i18n*/ { id: 'link.notAvailable', message: 'not available' },
  fee: /*i18n*/ { id: 'link.fee', message: 'Fee, in the deposit' },
  quote: /*i18n*/ { id: 'link.quote', message: 'Quote' },
  expired: /*i18n*/ { id: 'link.expired', message: 'Expired' },
  approvableUntil: /*i18n*/ { id: 'link.approvableUntil', message: 'May be approved until {when}' },
  depositReceived: /*i18n*/ { id: 'link.depositReceived', message: 'Deposit received' },
  receivedOn: /*i18n*/ { id: 'link.receivedOn', message: '{amount} on {when}' },
  notReported: /*i18n*/ {
    id: 'link.notReported',
    message: 'Not reported by the API yet',
  },
  seeItArrive: /*i18n*/ {
    id: 'link.seeItArrive',
    message: 'Approve only once you have seen it arrive yourself.',
  },
  pays: /*i18n*/ { id: 'link.pays', message: 'Pays' },
  firstPayment: /*i18n*/ { id: 'link.firstPayment', message: 'First payment to this account' },
  changedSince: /*i18n*/ { id: 'link.changedSince', message: 'Its bank details changed since' },
  payoutAccount: /*i18n*/ { id: 'link.payoutAccount', message: 'Payout account #{id}' },
  askedBy: /*i18n*/ { id: 'link.askedBy', message: 'Asked by' },
  madeOutside: /*i18n*/ {
    id: 'link.madeOutside',
    message: 'Made outside the dashboard: nobody is recorded',
  },
  needs: /*i18n*/ { id: 'link.needs', message: 'Needs' },
  approvers: /*i18n*/ {
    id: 'link.approvers',
    message: '{count, plural, one {# approver} other {# approvers}}',
  },
  noPolicy: /*i18n*/ { id: 'link.noPolicy', message: 'No policy asks more.' },
  approvedSoFar: /*i18n*/ { id: 'link.approvedSoFar', message: 'Approved so far: {names}' },
  nobody: /*i18n*/ { id: 'link.nobody', message: 'nobody' },
  onBehalfOf: /*i18n*/ { id: 'link.onBehalfOf', message: '{name} on behalf of {for}' },
  standingIn: /*i18n*/ {
    id: 'link.standingIn',
    message: 'You decide for {name}, who is away.',
  },
  lead: /*i18n*/ {
    id: 'link.lead',
    message:
      'For {name}. This link decides this {what, select, quote {quote} other {deposit}} approval once, until {until}; it does not sign you in to the dashboard.',
  },
  cannotDecide: /*i18n*/ { id: 'link.cannotDecide', message: 'You cannot decide this now: {why}' },
  notWaiting: /*i18n*/ { id: 'link.notWaiting', message: 'it is not waiting for you.' },
  code: /*i18n*/ { id: 'link.code', message: 'Code from your authenticator app' },
  approve: /*i18n*/ { id: 'link.approve', message: 'Approve {amount}' },
  reject: /*i18n*/ { id: 'link.reject', message: 'Reject…' },
  why: /*i18n*/ {
    id: 'link.why',
    message: 'Why you reject it (whoever asked reads this)',
  },
  rejectAndCancel: /*i18n*/ {
    id: 'link.rejectAndCancel',
    message: 'Reject and cancel the transaction',
  },
  // Refusals and outcomes.
  notAvailableTitle: /*i18n*/ { id: 'link.unreadable.title', message: 'Not available just now' },
  notAvailableWords: /*i18n*/ {
    id: 'link.unreadable',
    message:
      'The payments API could not be reached to show this approval. Nothing was decided; try the link again shortly.',
  },
  notDecided: /*i18n*/ { id: 'link.notDecided', message: 'Not decided' },
  tooLong: /*i18n*/ {
    id: 'link.tooLong',
    message: 'What was sent is too long: a reason may have at most 500 characters.',
  },
  unreadableForm: /*i18n*/ {
    id: 'link.unreadableForm',
    message:
      'The request could not be read; nothing was decided. Open the link from the mail again.',
  },
  unknownTitle: /*i18n*/ { id: 'link.unknown.title', message: 'This link does not work' },
  unknown: /*i18n*/ {
    id: 'link.unknown',
    message:
      'It is not a link the dashboard sent, or it was copied incompletely. Open the approval in the dashboard instead.',
  },
  othersTitle: /*i18n*/ { id: 'link.others.title', message: 'This link is someone else’s' },
  others: /*i18n*/ {
    id: 'link.others',
    message:
      'This link was sent to another person, and you are signed in as {name}: a link decides only for the person it was sent to. Nothing was decided.',
  },
  inactiveTitle: /*i18n*/ { id: 'link.inactive.title', message: 'This link no longer works' },
  inactive: /*i18n*/ {
    id: 'link.inactive',
    message: 'The person it was sent to is no longer active in the workspace. Nothing was decided.',
  },
  usedTitle: /*i18n*/ { id: 'link.used.title', message: 'This link was already used' },
  used: /*i18n*/ {
    id: 'link.used',
    message:
      'It {outcome, select, reject {rejected} other {approved}} the approval at {when} UTC and decides nothing more. Open the approval in the dashboard to see where it stands.',
  },
  usedMeanwhile: /*i18n*/ {
    id: 'link.usedMeanwhile',
    message: 'It was used a moment ago, perhaps from another tab, and decides nothing more.',
  },
  expiredTitle: /*i18n*/ { id: 'link.expired.title', message: 'This link has expired' },
  expiredWords: /*i18n*/ {
    id: 'link.expiredWords',
    message:
      'It worked until {when} UTC. Nothing was decided; open the approval in the dashboard to decide it there.',
  },
  approvedAlready: /*i18n*/ {
    id: 'link.approvedAlready',
    message: 'it was approved already, by {names}.',
  },
  anotherApprover: /*i18n*/ { id: 'link.anotherApprover', message: 'another approver' },
  movedOn: /*i18n*/ {
    id: 'link.movedOn',
    message: 'it no longer waits for this approval ({status}).',
  },
  ownPage: /*i18n*/ { id: 'link.ownPage', message: 'This form must be sent from its own page.' },
  alreadyDecidedTitle: /*i18n*/ { id: 'link.alreadyDecided.title', message: 'Already decided' },
  alreadyDecided: /*i18n*/ {
    id: 'link.alreadyDecided',
    message: 'Nothing was decided: {why}',
  },
  choose: /*i18n*/ { id: 'link.choose', message: 'Choose Approve or Reject.' },
  reasonRequired: /*i18n*/ {
    id: 'link.reasonRequired',
    message: 'A reason is required to reject: whoever asked reads it.',
  },
  reasonTooLong: /*i18n*/ {
    id: 'link.reasonTooLong',
    message: 'A reason may have at most 500 characters.',
  },
  enterCode: /*i18n*/ {
    id: 'link.enterCode',
    message: 'Enter the code from your authenticator app.',
  },
  tooManyCodes: /*i18n*/ {
    id: 'link.tooManyCodes',
    message: 'Too many wrong codes: try again in {seconds} s.',
  },
  wrongCode: /*i18n*/ { id: 'link.wrongCode', message: 'The code is wrong, or was already used.' },
  notRejected: /*i18n*/ { id: 'link.notRejected', message: 'Not rejected' },
  apiRefusedCancel: /*i18n*/ {
    id: 'link.apiRefusedCancel',
    message: 'The payments API refused to cancel it; nothing was rejected.',
  },
  rejected: /*i18n*/ { id: 'link.rejected', message: 'Rejected' },
  rejectedWords: /*i18n*/ {
    id: 'link.rejectedWords',
    message:
      'You rejected the {what, select, quote {quote} other {deposit}} of {noun}; it is cancelled, and whoever asked is told your reason.',
  },
  notApproved: /*i18n*/ { id: 'link.notApproved', message: 'Not approved' },
  heldTitle: /*i18n*/ {
    id: 'link.held.title',
    message: 'Approved: waiting for another approver',
  },
  held: /*i18n*/ {
    id: 'link.held',
    message:
      'Your approval of {noun} is recorded. The policy asks for more approvers, who are told; the money moves once they approve.',
  },
  approved: /*i18n*/ { id: 'link.approved', message: 'Approved' },
  approvedWords: /*i18n*/ {
    id: 'link.approvedWords',
    message:
      'You approved the {what, select, quote {quote} other {deposit}} of {noun}; it moves on now.',
  },
  apiRefused: /*i18n*/ {
    id: 'link.apiRefused',
    message: 'The payments API refused it (status {status}); nothing was approved.',
  },
} satisfies Record<string, Words>;
