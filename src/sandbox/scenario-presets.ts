// The sandbox's named scenarios (docs/decisions/024): situations a tester asks for again and
// again, written as scenario files and loaded through the same code as any other file.
import { Scenario, type ScenarioInput, type ScenarioPreset } from '#/api/schemas/scenario';
import { demoScenario } from './seed';
import { EXAMPLE_ACCOUNT, EXAMPLE_MERCHANT } from '#/api/examples';
import { PRESET_WORDS, type PresetName } from '#/api/scenario-words';
import { english } from '#/i18n/words';

const EVERY_AGREEMENT = [1, 2, 3];

// The demo's first merchant and its EUR account, as the API reference's examples give them.
const lumen = {
  ref: 'lumen',
  kycStatus: 'VALID',
  agreementsAccepted: EVERY_AGREEMENT,
  ...EXAMPLE_MERCHANT,
} as const satisfies NonNullable<ScenarioInput['merchants']>[number];

const lumenEur = {
  ref: 'lumen-eur',
  merchant: 'lumen',
  accountStatus: 'ACTIVE',
  currencySymbol: 'EUR',
  ...EXAMPLE_ACCOUNT,
} as const satisfies NonNullable<ScenarioInput['payoutAccounts']>[number];

/** Lumen's payout into its EUR account, taken through `steps`. */
const lumenPayout = (
  toAmount: string,
  steps: NonNullable<ScenarioInput['transactions']>[number]['steps'],
) =>
  ({
    ref: 'payout',
    product: 'sendc2f',
    from: 'lumen',
    to: 'lumen-eur',
    fromCurrencySymbol: 'USDT(TRC20)',
    toAmount,
    purpose: 'SUPPLIER_PAYMENT',
    steps,
  }) as const;

const PRESETS: Array<{ name: PresetName; scenario: ScenarioInput }> = [
  {
    name: 'payout-awaiting-deposit',
    scenario: {
      scenario: 1,
      merchants: [lumen],
      payoutAccounts: [lumenEur],
      transactions: [lumenPayout('2500.00', ['quote', 'approveQuote'])],
    },
  },
  {
    name: 'payout-settling',
    scenario: {
      scenario: 1,
      merchants: [lumen],
      payoutAccounts: [lumenEur],
      transactions: [lumenPayout('8200.00', ['quote', 'approveQuote', 'approveDeposit'])],
    },
  },
  {
    name: 'kyc-set-back',
    scenario: {
      scenario: 1,
      merchants: [
        {
          ...lumen,
          ref: 'set-back',
          kycStatus: 'ACTION_NEEDED',
          name: 'Nordlicht Software AG',
          localRegNumber: 'CHE-112.947.305',
          countryIso: 'CH',
          city: 'Zürich',
          address: 'Hardturmstrasse',
          streetNumber: '161',
          zipcode: '8005',
          contactName: 'Lea Baumann',
          contactEmail: 'lea@nordlicht.example',
          contactPhonePrefix: '41',
          contactPhone: '441234567',
          industry: 'TECHNOLOGY',
        },
      ],
    },
  },
  {
    name: 'merchant-under-review',
    scenario: {
      scenario: 1,
      merchants: [
        {
          ...lumen,
          ref: 'reviewed',
          kycStatus: 'UNDER_REVIEW',
          name: 'Harbor & Pine Trading Ltd',
          localRegNumber: '09876543',
          countryIso: 'GB',
          city: 'London',
          address: 'Wapping High Street',
          streetNumber: '57',
          zipcode: 'E1W 2YS',
          contactName: 'Oliver Hart',
          contactEmail: 'oliver@harborpine.example',
          contactPhonePrefix: '44',
          contactPhone: '2071234567',
          industry: 'FOOD_HOSPITALITY',
        },
      ],
    },
  },
  {
    name: 'collection-awaiting-confirmation',
    scenario: {
      scenario: 1,
      merchants: [lumen],
      payoutAccounts: [lumenEur],
      transactions: [
        {
          ref: 'collection',
          product: 'receive',
          from: 'lumen',
          to: 'lumen-eur',
          fromCurrencySymbol: 'USD',
          toAmount: '12000.00',
          purpose: 'SERVICES_PURCHASE',
          steps: ['approveQuote'],
        },
      ],
    },
  },
  {
    name: 'demo',
    scenario: demoScenario(),
  },
];

/** The presets as listed to partners, in English (their words: src/api/scenario-words.ts). */
export const scenarioPresets: ScenarioPreset[] = PRESETS.map(({ name }) => ({
  name,
  title: english(PRESET_WORDS[name].title),
  description: english(PRESET_WORDS[name].description),
}));

/** A preset's scenario, parsed like a file; undefined for a name that is not a preset. */
export function presetScenario(name: string): Scenario | undefined {
  const preset = PRESETS.find((p) => p.name === name);
  return preset && Scenario.parse({ ...preset.scenario, name: preset.name });
}
