// A scheduled payout's runs in words (decisions 091 and 092): why a run was skipped or not made
// is stored as the code of its words and told in the reader's language on the schedules page and
// in the notice; the audit trail reads English.
import { codedWords } from '#/i18n/words';

export const RUN = codedWords({
  dayMissed: /*i18n*/ {
    id: 'scheduleRun.dayMissed',
    message:
      'The dashboard did not run on {date} before the cut-off of {cutoff} UTC; no payout was made.',
  },
  noCredentials: /*i18n*/ {
    id: 'scheduleRun.noCredentials',
    message: 'The {environment} environment has no API credentials.',
  },
  creatorGone: /*i18n*/ {
    id: 'scheduleRun.creatorGone',
    message: 'Whoever scheduled it is no longer active in the workspace.',
  },
  accountGone: /*i18n*/ {
    id: 'scheduleRun.accountGone',
    message: 'Payout account #{id} is no longer given by the API.',
  },
  apiAnswered: /*i18n*/ { id: 'scheduleRun.apiAnswered', message: 'The API answered {status}.' },
  cancelledFirst: /*i18n*/ {
    id: 'scheduleRun.cancelledFirst',
    message:
      '{product, select, sendc2f {Payout} sendf2f {End to end transfer} other {Collection}} #{id} was cancelled before it was approved: this run is skipped.',
  },
  cutoffMissed: /*i18n*/ {
    id: 'scheduleRun.cutoffMissed',
    message:
      '{product, select, sendc2f {Payout} sendf2f {End to end transfer} other {Collection}} #{id} was not approved by the cut-off of {cutoff} UTC on {date}: it is cancelled and this run skipped.',
  },
  noticeTitle: /*i18n*/ {
    id: 'scheduleRun.noticeTitle',
    message:
      'The scheduled payout of {amount} {currency} to payout account #{account} on {date} {status, select, skipped {was skipped} other {was not made}}',
  },
});
