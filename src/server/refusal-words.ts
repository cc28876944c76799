// The dashboard server's refusals in words (decision 091): a refusal's `detail` is told in the
// reader's language by the one problem reply; its `code` stays as it is. English is the source.
import { codedWords, type Words } from '#/i18n/words';

export const REFUSED = codedWords({
  noApproval: /*i18n*/ { id: 'refused.noApproval', message: 'No such approval.' },
  noChange: /*i18n*/ { id: 'refused.noChange', message: 'No such change.' },
  noLimit: /*i18n*/ { id: 'refused.noLimit', message: 'No such limit.' },
  noPolicy: /*i18n*/ { id: 'refused.noPolicy', message: 'No such policy.' },
  noBatch: /*i18n*/ { id: 'refused.noBatch', message: 'No such batch.' },
  noRow: /*i18n*/ { id: 'refused.noRow', message: 'The batch has no row {row}.' },
  noCredentials: /*i18n*/ {
    id: 'refused.noCredentials',
    message: 'An admin has not set the {environment} environment’s API credentials yet.',
  },
  currenciesUnread: /*i18n*/ {
    id: 'refused.currenciesUnread',
    message:
      'The currency list could not be read from the API, so the rows were not checked. Try again shortly.',
  },
  accountUnread: /*i18n*/ {
    id: 'refused.accountUnread',
    message: 'The account could not be read from the API. Try again shortly.',
  },
  approvalUnused: /*i18n*/ {
    id: 'refused.approvalUnused',
    message: 'The API could not be reached; your approval was not used. Try again shortly.',
  },
  notRejected: /*i18n*/ {
    id: 'refused.notRejected',
    message:
      'The API could not be reached to cancel the transaction; nothing was rejected. Try again shortly.',
  },
  policyCurrency: /*i18n*/ {
    id: 'refused.policyCurrency',
    message: 'The policy’s currency {problem}.',
  },
  policyAmount: /*i18n*/ { id: 'refused.policyAmount', message: 'The policy’s amount {problem}.' },
  duplicatePolicy: /*i18n*/ {
    id: 'refused.duplicatePolicy',
    message:
      'A policy for the same action, product, currency and amount exists already (it asks {approvers, plural, one {# approver} other {# approvers}}): remove it first to change it.',
  },
  batchFixed: /*i18n*/ {
    id: 'refused.batchFixed',
    message:
      'The batch is quoted or past: its rows can no longer change (cancel it and upload the file again).',
  },
  batchNothingReady: /*i18n*/ {
    id: 'refused.batchNothingReady',
    message:
      'No row is ready: without the invalid rows nothing would be left to pay. Fix a row, or cancel the batch.',
  },
  batchHasProblems: /*i18n*/ {
    id: 'refused.batchHasProblems',
    message: 'Some rows have problems: fix them or go on without them before the batch is quoted.',
  },
  batchPastQuote: /*i18n*/ {
    id: 'refused.batchPastQuote',
    message: 'The batch is past its quote.',
  },
  batchHasApprovals: /*i18n*/ {
    id: 'refused.batchHasApprovals',
    message: 'The batch has approvals already: it can no longer be quoted again.',
  },
  batchPastCancel: /*i18n*/ {
    id: 'refused.batchPastCancel',
    message: 'The batch is being submitted or is done: cancel its transactions one by one instead.',
  },
  scheduleFromToday: /*i18n*/ {
    id: 'refused.scheduleFromToday',
    message: 'A schedule starts today or later.',
  },
  cutoffPassed: /*i18n*/ {
    id: 'refused.cutoffPassed',
    message: 'That run’s cut-off has passed already.',
  },
  activeAccount: /*i18n*/ {
    id: 'refused.activeAccount',
    message: 'Choose an active payout account.',
  },
  noSchedule: /*i18n*/ { id: 'refused.noSchedule', message: 'No such schedule.' },
  scheduleCancelled: /*i18n*/ {
    id: 'refused.scheduleCancelled',
    message: 'This schedule has been cancelled already.',
  },
  scheduleEnded: /*i18n*/ {
    id: 'refused.scheduleEnded',
    message: 'This schedule has ended already.',
  },
  choosePerson: /*i18n*/ {
    id: 'refused.choosePerson',
    message: 'Choose a person of the workspace.',
  },
  noSecondFactor: /*i18n*/ {
    id: 'refused.noSecondFactor',
    message:
      'You have no authenticator app enrolled, so nothing is asked: enrol one under Your account.',
  },
  wrongCode: /*i18n*/ {
    id: 'refused.wrongCode',
    message: 'The code is wrong, or was already used.',
  },
  demoOnly: /*i18n*/ {
    id: 'refused.demoOnly',
    message: 'One-click sign-in exists only for the sandbox demo workspace.',
  },
  ssoRequired: /*i18n*/ {
    id: 'refused.ssoRequired',
    message: 'Addresses at {domain} sign in through single sign-on.',
  },
  passwordMismatch: /*i18n*/ {
    id: 'refused.passwordMismatch',
    message: 'The email address and password do not match an account.',
  },
  enterCode: /*i18n*/ {
    id: 'refused.enterCode',
    message: 'Enter the code from your authenticator app, or a recovery code.',
  },
  noAccount: /*i18n*/ { id: 'refused.noAccount', message: 'No such account.' },
  chooseEnvironment: /*i18n*/ {
    id: 'refused.chooseEnvironment',
    message: 'Choose an environment that an admin has set up.',
  },
  enrolFirst: /*i18n*/ {
    id: 'refused.enrolFirst',
    message:
      'Your role needs an authenticator app: set it up on your account page before anything else.',
  },
  sessionEnded: /*i18n*/ {
    id: 'refused.sessionEnded',
    message: 'Sign in again: the session has ended.',
  },
  emailTaken: /*i18n*/ {
    id: 'refused.emailTaken',
    message: 'Someone already has this email address.',
  },
  notYourself: /*i18n*/ {
    id: 'refused.notYourself',
    message: 'You cannot deactivate yourself: another admin can.',
  },
  noPerson: /*i18n*/ { id: 'refused.noPerson', message: 'No such person.' },
  noView: /*i18n*/ {
    id: 'refused.noView',
    message: 'No such view of yours: only whoever saved a view can delete it.',
  },
  noNotification: /*i18n*/ {
    id: 'refused.noNotification',
    message: 'No such notification of yours.',
  },
  noChatHook: /*i18n*/ {
    id: 'refused.noChatHook',
    message: 'No such chat hook: it may have been removed already.',
  },
  apiUnreachable: /*i18n*/ {
    id: 'refused.apiUnreachable',
    message: 'The API could not be reached. Try again shortly.',
  },
  currencyUnchecked: /*i18n*/ {
    id: 'refused.currencyUnchecked',
    message:
      'The currency list could not be read from the API, so {what, select, baseCurrency {the base currency} other {the currency}} was not checked.',
  },
  ssoInvalid: /*i18n*/ {
    id: 'refused.ssoInvalid',
    message: 'The single sign-on settings are not valid.',
  },
  noOpenIdProvider: /*i18n*/ {
    id: 'refused.noOpenIdProvider',
    message:
      'No OpenID provider answered at {issuer}: check the issuer URL (its /.well-known/openid-configuration must name it as the issuer).',
  },
  domainTaken: /*i18n*/ {
    id: 'refused.domainTaken',
    message:
      'The {provider, select, saml {SAML provider} other {OpenID provider}} covers {domain} already: an address signs in through one provider.',
  },
  bankCountries: /*i18n*/ {
    id: 'refused.bankCountries',
    message: 'The IBAN, the BIC and the bank country must agree.',
  },
  decidedAlready: /*i18n*/ {
    id: 'refused.decidedAlready',
    message:
      'This {what, select, approval {approval} change {change} other {bulk file}} was already decided by {name} at {at} UTC; your decision was not recorded.',
  },
  credentialsRefused: /*i18n*/ {
    id: 'refused.credentialsRefused',
    message:
      'The API no longer accepts this environment’s stored credentials; an admin must set them again.',
  },
  noEnvironment: /*i18n*/ {
    id: 'refused.noEnvironment',
    message: 'There is no {environment} environment on this server.',
  },
  statementTooLong: /*i18n*/ {
    id: 'refused.statementTooLong',
    message: 'This statement is too long for a PDF.',
  },
  fileEmpty: /*i18n*/ { id: 'refused.fileEmpty', message: 'The file is empty.' },
  sendFile: /*i18n*/ {
    id: 'refused.sendFile',
    message: 'Send the file itself as the body, as one of: {types}.',
  },
  nothingHere: /*i18n*/ {
    id: 'refused.nothingHere',
    message: 'There is nothing at {method} {path}.',
  },
  tooManySignIns: /*i18n*/ {
    id: 'refused.tooManySignIns',
    message: 'Too many failed sign-ins; try again in {wait} s.',
  },
  tooManyStepUps: /*i18n*/ {
    id: 'refused.tooManyStepUps',
    message: 'Too many wrong codes before releasing money; try again in {wait} s.',
  },
  tooManyResets: /*i18n*/ {
    id: 'refused.tooManyResets',
    message: 'Too many reset requests; try again in {wait} s.',
  },
  tooManyTries: /*i18n*/ {
    id: 'refused.tooManyTries',
    message: 'Too many wrong tries; try again in {wait} s.',
  },
  tooManyCodes: /*i18n*/ {
    id: 'refused.tooManyCodes',
    message: 'Too many wrong codes; try again in {wait} s.',
  },
  alreadyDecidedChange: /*i18n*/ {
    id: 'refused.alreadyDecidedChange',
    message: 'You have already given your decision on this change.',
  },
  changeClosed: /*i18n*/ { id: 'refused.changeClosed', message: 'This change is already closed.' },
  changeExpired: /*i18n*/ {
    id: 'refused.changeExpired',
    message: 'This change waited too long and has expired; propose it again.',
  },
  batchNotWaiting: /*i18n*/ {
    id: 'refused.batchNotWaiting',
    message: 'This bulk file is not waiting for approval.',
  },
  stepUp: /*i18n*/ {
    id: 'refused.stepUp',
    message:
      'Releasing money asks for the code of your authenticator app again: enter it to go on.',
  },
  lastAdmin: /*i18n*/ {
    id: 'refused.lastAdmin',
    message: 'The workspace would have no active admin left: make another person an admin first.',
  },
  withdrawOwn: /*i18n*/ {
    id: 'refused.withdrawOwn',
    message:
      'Only whoever proposed a change can withdraw it; {decider, select, admin {another admin} other {an approver}} can reject it.',
  },
  nothingToReject: /*i18n*/ { id: 'refused.nothingToReject', message: 'Nothing to reject: {why}' },
  payeeStale: /*i18n*/ {
    id: 'refused.payeeStale',
    message:
      'The account’s bank details changed after this change was proposed; propose it again from the account as it is now.',
  },
  payeeGone: /*i18n*/ { id: 'refused.payeeGone', message: 'The account no longer exists.' },
  payeeUnreadable: /*i18n*/ {
    id: 'refused.payeeUnreadable',
    message: 'The proposed bank details can no longer be read.',
  },
  apiRefusedIt: /*i18n*/ { id: 'refused.apiRefusedIt', message: 'The API refused it: {why}' },
  apiRefusedChange: /*i18n*/ {
    id: 'refused.apiRefusedChange',
    message: 'The API refused the change.',
  },
  apiStatus: /*i18n*/ { id: 'refused.apiStatus', message: 'status {status}' },
  samePolicy: /*i18n*/ {
    id: 'refused.samePolicy',
    message: 'A policy that says the same exists already.',
  },
  policyGone: /*i18n*/ {
    id: 'refused.policyGone',
    message: 'The policy had been removed already.',
  },
  limitGone: /*i18n*/ { id: 'refused.limitGone', message: 'The limit had been removed already.' },
  personGone: /*i18n*/ { id: 'refused.personGone', message: 'The person no longer exists.' },
  notApplied: /*i18n*/ { id: 'refused.notApplied', message: 'It could not be applied.' },
  approvalNotUsed: /*i18n*/ {
    id: 'refused.approvalNotUsed',
    message: 'The API could not be reached; no approval was used.',
  },
  nobodyDecided: /*i18n*/ {
    id: 'refused.nobodyDecided',
    message: 'Nobody decided within {waited}.',
  },
  resetLinkDead: /*i18n*/ {
    id: 'refused.resetLinkDead',
    message: 'This reset link is not valid any more: ask for a new one on the sign-in page.',
  },
  awayRefused: /*i18n*/ {
    id: 'refused.awayRefused',
    message: 'The delegate or the dates cannot be taken: {problem}.',
  },
  codeWrong: /*i18n*/ {
    id: 'refused.codeWrong',
    message: 'The code is wrong, or was already used.',
  },
  passwordWrong: /*i18n*/ {
    id: 'refused.passwordWrong',
    message: 'The current password is not right.',
  },
  codeMismatch: /*i18n*/ {
    id: 'refused.codeMismatch',
    message: 'That code does not match; check the time on your phone and try the next one.',
  },
  metadataRequired: /*i18n*/ {
    id: 'refused.metadataRequired',
    message: 'The provider’s metadata is required: paste it, upload it, or give its URL.',
  },
  notBreakGlass: /*i18n*/ {
    id: 'refused.notBreakGlass',
    message: '{email} is not an active admin here: only admins can break glass.',
  },
  providerFirst: /*i18n*/ {
    id: 'refused.providerFirst',
    message: 'Set up the identity provider before requiring single sign-on.',
  },
  breakGlassNeeded: /*i18n*/ {
    id: 'refused.breakGlassNeeded',
    message:
      'Name at least one break-glass admin, who keeps a password for when the provider is down.',
  },
  credentialsNotAccepted: /*i18n*/ {
    id: 'refused.credentialsNotAccepted',
    message: 'The {environment} API did not accept this API key and secret.',
  },
  environmentUnreachable: /*i18n*/ {
    id: 'refused.environmentUnreachable',
    message: 'The {environment} API could not be reached.',
  },
  simulationOnly: /*i18n*/ {
    id: 'refused.simulationOnly',
    message: 'A status simulation sets the status only: save other changes with Edit.',
  },
  baseCurrency: /*i18n*/ { id: 'refused.baseCurrency', message: 'The base currency {problem}.' },
  payeePending: /*i18n*/ {
    id: 'refused.payeePending',
    message:
      'A change of this account’s bank details by {name} waits for approval; it must be decided or withdrawn first.',
  },
  noProviderToTest: /*i18n*/ {
    id: 'refused.noProviderToTest',
    message: 'No {protocol, select, saml {SAML} other {OpenID}} provider is set up to test.',
  },
  providerUnasked: /*i18n*/ {
    id: 'refused.providerUnasked',
    message: 'The provider {provider} could not be asked: {why}',
  },
  apiTimeout: /*i18n*/ {
    id: 'refused.apiTimeout',
    message: 'The API gave no answer within {seconds} s.',
  },
  databaseDown: /*i18n*/ {
    id: 'refused.databaseDown',
    message: 'The dashboard’s database cannot be reached just now. Try again in a few seconds.',
  },
  notApiPath: /*i18n*/ { id: 'refused.notApiPath', message: 'That path is not an API path.' },
  methodNotAllowed: /*i18n*/ {
    id: 'refused.methodNotAllowed',
    message: '{path} takes {allowed}, not {method}.',
  },
  noOperation: /*i18n*/ {
    id: 'refused.noOperation',
    message: 'There is no operation at {method} {path}.',
  },
  formerMember: /*i18n*/ { id: 'refused.formerMember', message: 'A former team member' },
  samlTooLarge: /*i18n*/ { id: 'refused.samlTooLarge', message: 'The SAML response is too large.' },
  samlUnread: /*i18n*/ {
    id: 'refused.samlUnread',
    message: 'The SAML request could not be read.',
  },
  logoutUnverified: /*i18n*/ {
    id: 'refused.logoutUnverified',
    message: 'The logout request could not be verified.',
  },
  chatUrl: /*i18n*/ { id: 'refused.chatUrl', message: 'The URL {problem}.' },
  eventStream: /*i18n*/ {
    id: 'refused.eventStream',
    message: 'The event stream is served by the sandbox itself: connect to its base_url.',
  },
} satisfies Record<string, Words>);

/** Field messages of refusals, as codes of words (read after the field's name). */
export const FIELD = codedWords({
  fromToday: /*i18n*/ { id: 'field.fromToday', message: 'must be today ({today}, UTC) or later' },
  cutoffPassed: /*i18n*/ {
    id: 'field.cutoffPassed',
    message: 'has passed for {date}: choose a later time or day',
  },
  activeAccount: /*i18n*/ {
    id: 'field.activeAccount',
    message: 'must be an active payout account',
  },
  activePerson: /*i18n*/ {
    id: 'field.activePerson',
    message: 'must be an active person of the workspace, or * for each',
  },
  wrongCode: /*i18n*/ { id: 'field.wrongCode', message: 'is wrong or already used' },
  notDemoPerson: /*i18n*/ {
    id: 'field.notDemoPerson',
    message: 'is not a person of the demo workspace',
  },
  ssoRequired: /*i18n*/ { id: 'field.ssoRequired', message: 'signs in through single sign-on' },
  passwordMismatch: /*i18n*/ {
    id: 'field.passwordMismatch',
    message: 'does not match the email address',
  },
  notAccount: /*i18n*/ { id: 'field.notAccount', message: 'is not an account' },
  environmentNotSet: /*i18n*/ {
    id: 'field.environmentNotSet',
    message: 'is not set up on this server',
  },
  emailTaken: /*i18n*/ { id: 'field.emailTaken', message: 'is already taken' },
  isEmpty: /*i18n*/ { id: 'field.isEmpty', message: 'is empty' },
  domainTaken: /*i18n*/ {
    id: 'field.domainTaken',
    message:
      'includes {domain}, which the {provider, select, saml {SAML provider} other {OpenID provider}} covers',
  },
  firstTime: /*i18n*/ { id: 'field.firstTime', message: 'is required the first time' },
  entraTenant: /*i18n*/ {
    id: 'field.entraTenant',
    message: 'must be the directory (tenant) ID, a GUID, from Entra ID’s overview',
  },
  entraIssuer: /*i18n*/ {
    id: 'field.entraIssuer',
    message: 'must be the tenant’s own issuer, {issuer}',
  },
  googleDomain: /*i18n*/ {
    id: 'field.googleDomain',
    message: 'must be the Workspace domain, one of the domains covered',
  },
  notOpenIdProvider: /*i18n*/ {
    id: 'field.notOpenIdProvider',
    message: 'did not answer as an OpenID provider',
  },
  pdfTooLong: /*i18n*/ {
    id: 'field.pdfTooLong',
    message:
      'pdf holds at most {max, number} lines and this statement has {lines, number}: choose csv or xlsx, or a shorter period',
  },
  notYourself: /*i18n*/ { id: 'field.notYourself', message: 'cannot be false for yourself' },
  linkExpired: /*i18n*/ { id: 'field.linkExpired', message: 'is not valid or has expired' },
  notRight: /*i18n*/ { id: 'field.notRight', message: 'is not right' },
  codeUsed: /*i18n*/ { id: 'field.codeUsed', message: 'is wrong or already used' },
  noMatch: /*i18n*/ { id: 'field.noMatch', message: 'does not match' },
  notTheKeysSecret: /*i18n*/ {
    id: 'field.notTheKeysSecret',
    message: 'does not match the API key',
  },
  afterStart: /*i18n*/ { id: 'field.afterStart', message: 'must be after the start' },
  inFuture: /*i18n*/ { id: 'field.inFuture', message: 'must be in the future' },
  withinDays: /*i18n*/ {
    id: 'field.withinDays',
    message: 'must be within {days} days of the start',
  },
  someoneElse: /*i18n*/ {
    id: 'field.someoneElse',
    message: 'must be someone else: nobody delegates to themselves',
  },
  activeDelegate: /*i18n*/ {
    id: 'field.activeDelegate',
    message: 'must be an active person of the workspace',
  },
  delegateLoop: /*i18n*/ {
    id: 'field.delegateLoop',
    message: 'would make a loop: they are away then and their delegate leads back to you',
  },
  policyThreshold: /*i18n*/ {
    id: 'field.policyThreshold',
    message:
      'is the threshold of a policy that exists already (it asks {approvers, plural, one {# approver} other {# approvers}}): remove that one first to change it',
  },
  onOtherAccount: /*i18n*/ {
    id: 'field.onOtherAccount',
    message: 'is also on payout account #{accountId} of {owner} (merchant #{businessId})',
  },
  onOtherAccountUnnamed: /*i18n*/ {
    id: 'field.onOtherAccountUnnamed',
    message: 'is also on payout account #{accountId} of merchant #{businessId}',
  },
  policyCurrencyOf: /*i18n*/ {
    id: 'field.policyCurrencyOf',
    message:
      'must be a {side, select, deposit {deposit} other {payout}} currency of the currency list ({symbols}), or * for any',
  },
  fiatPayoutCurrency: /*i18n*/ {
    id: 'field.fiatPayoutCurrency',
    message: 'must be a fiat payout currency of the currency list ({symbols})',
  },
  simulationField: /*i18n*/ {
    id: 'field.simulationField',
    message: 'cannot change in a status simulation, which sets the status only',
  },
});
