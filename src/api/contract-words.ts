// The contract's own field messages beyond the common ones (./validation-words.ts), as codes of
// words (decision 091): whoever shows one tells it in the reader's language; the sandbox and the
// command line write them in English. Plain `{name}` placeholders only (no plurals), so that
// English can be written without a catalog. Not read by the signed-out pages: their catalog
// stays without these.
import { codedWords } from '#/i18n/words';

export const CW = codedWords({
  dashboardPath: /*i18n*/ {
    id: 'contract.dashboardPath',
    message: 'must be a path of this dashboard',
  },
  batchId: /*i18n*/ { id: 'contract.batchId', message: 'must be a batch id' },
  rejectBatch: /*i18n*/ {
    id: 'contract.rejectBatch',
    message: 'is required to reject: say why, for the person who uploaded it',
  },
  statusClass: /*i18n*/ {
    id: 'contract.statusClass',
    message: 'must be a status such as 404, or its class such as 4',
  },
  operationName: /*i18n*/ {
    id: 'contract.operationName',
    message: 'must name an operation, such as getMerchant',
  },
  failureKind: /*i18n*/ {
    id: 'contract.failureKind',
    message: 'must be error (500), unavailable (503 with Retry-After) or timeout (no answer)',
  },
  scenarioRef: /*i18n*/ {
    id: 'contract.scenarioRef',
    message: 'must be a reference: text such as "lumen"',
  },
  scenarioRefChars: /*i18n*/ {
    id: 'contract.scenarioRefChars',
    message: 'must be 1 to 64 letters, digits or _ . : - (starting with a letter or digit)',
  },
  withoutIban: /*i18n*/ {
    id: 'contract.withoutIban',
    message: 'is required when there is no IBAN',
  },
  scenarioFormat: /*i18n*/ {
    id: 'contract.scenarioFormat',
    message: 'must be {format}: the version of the scenario format',
  },
  domain: /*i18n*/ { id: 'contract.domain', message: 'must be a domain such as partner.example' },
  providerHttps: /*i18n*/ {
    id: 'contract.providerHttps',
    message: 'must be the https URL of the provider',
  },
  metadataHttps: /*i18n*/ {
    id: 'contract.metadataHttps',
    message: 'must be the https URL of the metadata',
  },
  httpsOnly: /*i18n*/ {
    id: 'contract.httpsOnly',
    message: 'must use https (http only for a provider on this machine)',
  },
  noUserinfo: /*i18n*/ {
    id: 'contract.noUserinfo',
    message: 'must not carry a user, password or fragment',
  },
  domains: /*i18n*/ { id: 'contract.domains', message: 'must be a list of domains' },
  oneDomain: /*i18n*/ { id: 'contract.oneDomain', message: 'must name at least one domain' },
  maxDomains: /*i18n*/ { id: 'contract.maxDomains', message: 'must be at most {max} domains' },
  groups: /*i18n*/ { id: 'contract.groups', message: 'must be a list of groups and their roles' },
  oneGroup: /*i18n*/ { id: 'contract.oneGroup', message: 'must map at least one group to roles' },
  maxGroups: /*i18n*/ { id: 'contract.maxGroups', message: 'must be at most {max} groups' },
  emails: /*i18n*/ { id: 'contract.emails', message: 'must be a list of email addresses' },
  maxPeople: /*i18n*/ { id: 'contract.maxPeople', message: 'must be at most {max} people' },
  metadataXml: /*i18n*/ {
    id: 'contract.metadataXml',
    message: 'must be the XML text of the metadata',
  },
  metadataOneWay: /*i18n*/ {
    id: 'contract.metadataOneWay',
    message: 'give the metadata’s URL or its XML, not both',
  },
  dayRequired: /*i18n*/ {
    id: 'contract.dayRequired',
    message: 'is required: a day such as 2027-01-31',
  },
  day: /*i18n*/ { id: 'contract.day', message: 'must be a day such as 2027-01-31' },
  dayOfMonth: /*i18n*/ {
    id: 'contract.dayOfMonth',
    message: 'must be a day of the month, 1 to 31',
  },
  timeUtc: /*i18n*/ { id: 'contract.timeUtc', message: 'must be a time such as 16:00 (UTC)' },
  monthlyDay: /*i18n*/ {
    id: 'contract.monthlyDay',
    message: 'is required for a monthly schedule: 1 to 31',
  },
  sixDigits: /*i18n*/ { id: 'contract.sixDigits', message: 'must be the 6 digits your app shows' },
  beforeTo: /*i18n*/ { id: 'contract.beforeTo', message: 'must be before to' },
  threeYears: /*i18n*/ {
    id: 'contract.threeYears',
    message: 'must be at most three years before to',
  },
  typedAmount: /*i18n*/ {
    id: 'contract.typedAmount',
    message: 'must be an amount such as 5000 or 12,500.50',
  },
  payeeNoAmount: /*i18n*/ {
    id: 'contract.payeeNoAmount',
    message: 'does not apply to a bank-detail change, which has no amount',
  },
  notForPayee: /*i18n*/ {
    id: 'contract.notForPayee',
    message: 'does not apply to a bank-detail change',
  },
  afterReminder: /*i18n*/ {
    id: 'contract.afterReminder',
    message: 'must be more than the reminder’s {hours} hours',
  },
  afterEscalation: /*i18n*/ {
    id: 'contract.afterEscalation',
    message: 'must be later than the escalation’s {hours} hours',
  },
  moreThanZero: /*i18n*/ { id: 'contract.moreThanZero', message: 'must be more than 0' },
  merchantOrEach: /*i18n*/ {
    id: 'contract.merchantOrEach',
    message: 'must be a merchant id, or * for each merchant',
  },
  delegate: /*i18n*/ {
    id: 'contract.delegate',
    message: 'is required: choose who stands in for you',
  },
  notACode: /*i18n*/ { id: 'contract.notACode', message: 'is not a code' },
  hostName: /*i18n*/ { id: 'contract.hostName', message: 'must be a host name' },
  hosts: /*i18n*/ { id: 'contract.hosts', message: 'must be a list of host names' },
  maxHosts: /*i18n*/ { id: 'contract.maxHosts', message: 'must name at most {max} hosts' },
  tooManyPoints: /*i18n*/ {
    id: 'contract.tooManyPoints',
    message: 'makes more than {max} points: choose weeks or months',
  },
});
