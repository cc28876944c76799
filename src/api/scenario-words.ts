// The sandbox's preset scenarios in words (decision 091): the sandbox lists them in English to
// whoever asks its API, the dashboard shows them in its reader's language, both from here.
import type { Words } from '#/i18n/words';

export const PRESET_WORDS = {
  'payout-awaiting-deposit': {
    title: /*i18n*/ { id: 'preset.awaitingDeposit', message: 'A payout awaiting its deposit' },
    description: /*i18n*/ {
      id: 'preset.awaitingDeposit.about',
      message:
        'A VALID customer with an ACTIVE EUR payout account, and a payout (crypto to fiat) of 2,500.00 EUR whose quote is approved: it waits for the deposit to be approved.',
    },
  },
  'payout-settling': {
    title: /*i18n*/ { id: 'preset.settling', message: 'A payout on its way' },
    description: /*i18n*/ {
      id: 'preset.settling.about',
      message:
        'A VALID customer, an ACTIVE EUR account and a payout whose deposit is approved: IN_PROGRESS until its settlement, which "Do it now" brings at once.',
    },
  },
  'kyc-set-back': {
    title: /*i18n*/ { id: 'preset.kycSetBack', message: 'A merchant whose KYC was set back' },
    description: /*i18n*/ {
      id: 'preset.kycSetBack.about',
      message:
        'A customer that accepted every agreement and whose review asked for more: ACTION_NEEDED, ready for its onboarding to be submitted again.',
    },
  },
  'merchant-under-review': {
    title: /*i18n*/ { id: 'preset.underReview', message: 'A merchant under KYC review' },
    description: /*i18n*/ {
      id: 'preset.underReview.about',
      message:
        'A customer whose onboarding was just submitted: UNDER_REVIEW until the review, which "Do it now" brings at once.',
    },
  },
  'collection-awaiting-confirmation': {
    title: /*i18n*/ {
      id: 'preset.awaitingConfirmation',
      message: 'A collection waiting for its confirmation',
    },
    description: /*i18n*/ {
      id: 'preset.awaitingConfirmation.about',
      message:
        "A VALID customer, an ACTIVE EUR account and a collection of 12,000.00 EUR whose quote is approved: it waits for the client's deposit to be confirmed.",
    },
  },
  demo: {
    title: /*i18n*/ { id: 'preset.demo', message: 'The demo data' },
    description: /*i18n*/ {
      id: 'preset.demo.about',
      message:
        'What a new sandbox starts with: customers and contacts in every KYC status, payout accounts in every status, and transactions of each product in every state (made now, not spread over the last 30 days).',
    },
  },
} satisfies Record<string, { title: Words; description: Words }>;

export type PresetName = keyof typeof PRESET_WORDS;

/** The words of the preset of this name, if it is one. */
export const presetWords = (name: string) =>
  Object.hasOwn(PRESET_WORDS, name) ? PRESET_WORDS[name as PresetName] : undefined;
