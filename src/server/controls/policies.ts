// The approval policies and settings of the workspace (docs/decisions/025, 042): checked against
// the environment's currency list before they are kept, and what a transaction would need.
import type { ApprovalSettings, Policy, PolicyCreate } from '#/api/controls';
import { ANY, TRANSACTION_ACTIONS } from '#/api/controls';
import { decimalsCode } from '#/api/amount-words';
import type { Environment } from '#/api/dashboard';
import { type FieldProblem } from '#/api/payee';
import { type Product } from '#/api/schemas/transaction';
import { type PartnerApi } from '../partner-api';
import type { User } from '../store/workspace';
import { type PolicyRule, needsConversion, samePolicy } from './rules';
import { type ControlsCore, transactionSubject } from './shared';
import { wordsCode } from '#/i18n/words';
import { FIELD } from '../refusal-words';

export function policyControls(core: ControlsCore) {
  const { store, requirement, currencies, baseRates, priceNow, inBase } = core;
  const members = {
    /**
     * The base currency and each of `symbols`' rate into it, when a base-currency policy exists
     * (else undefined): afresh for a decision, at most a minute old for what a page shows.
     */
    async baseRatesFor(
      environment: string,
      api: PartnerApi | undefined,
      symbols: readonly string[],
      fresh: boolean,
    ) {
      if (!api || !needsConversion(await store.policies())) return undefined;
      const { baseCurrency } = await store.settings();
      return {
        baseCurrency,
        rates: await baseRates(environment, api, symbols, baseCurrency, fresh),
      };
    },
    policies: () => store.policies(),

    /**
     * Adds a policy with its currency as the environment's currency list spells it; a policy
     * that says what another says is refused.
     */
    async addPolicy(
      input: ReturnType<typeof PolicyCreate.parse>,
      by: User,
      environment: Environment,
      api: PartnerApi,
    ) {
      const checked = await members.checkPolicy(input, environment, api);
      if (!('policy' in checked)) return checked;
      return store.addPolicy(checked.policy, by.email);
    },

    /** Adds a policy checked by `checkPolicy` (a change a second admin approved). */
    addCheckedPolicy: (policy: Omit<PolicyRule, 'id'>, by: string | null) =>
      store.addPolicy(policy, by),

    /**
     * A policy as it would be kept: its currency as the currency list spells it, its amount
     * checked against the currency's decimals (the base currency's for a base-currency policy);
     * or the field it cannot take, or that the list could not be read.
     */
    async checkPolicy(
      input: ReturnType<typeof PolicyCreate.parse>,
      environment: Environment,
      api: PartnerApi,
    ): Promise<
      | { policy: Omit<PolicyRule, 'id'> & { inBase: boolean } }
      | { problem: FieldProblem }
      | { unavailable: true }
      | { duplicate: Policy }
    > {
      let currency = ANY;
      if (input.currency !== ANY) {
        const list = await currencies(environment, api);
        if (!list) return { unavailable: true as const };
        const typed = input.currency.replace(/\s+/g, '').toUpperCase();
        const found = list.find((c) => c.symbol.replace(/\s+/g, '').toUpperCase() === typed);
        const side =
          input.action === 'changeBankDetails' || input.amountSide === 'payout'
            ? list.filter((c) => c.sendTo)
            : list.filter((c) => c.sendFrom);
        if (!found || !side.includes(found)) {
          const depositSide =
            input.action !== 'changeBankDetails' && input.amountSide === 'deposit';
          return {
            problem: {
              field: 'currency',
              message: wordsCode(FIELD.policyCurrencyOf, {
                side: depositSide ? 'deposit' : 'payout',
                symbols: side.map((c) => c.symbol).join(', '),
              }),
            },
          };
        }
        currency = found.symbol;
        const decimals = decimalsCode(input.minAmount, currency);
        if (decimals) return { problem: { field: 'minAmount', message: decimals } };
      }
      if (input.inBase) {
        const { baseCurrency } = await store.settings();
        const decimals = decimalsCode(input.minAmount, baseCurrency);
        if (decimals) return { problem: { field: 'minAmount', message: decimals } };
      }
      const policy = { ...input, currency };
      const duplicate = (await store.policies()).find((p) => samePolicy(p, policy));
      return duplicate ? { duplicate } : { policy };
    },

    removePolicy: (id: string) => store.removePolicy(id),

    settings: () => store.settings(),

    /** Saves approval settings; the base currency must be a payout currency of the list. */
    /**
     * Approval settings as they would be kept: the base currency as the currency list spells
     * it, which must be a fiat payout currency; or the field it cannot take.
     */
    async checkSettings(
      input: ApprovalSettings,
      environment: Environment,
      api: PartnerApi,
    ): Promise<{ settings: ApprovalSettings } | { problem: FieldProblem } | { unavailable: true }> {
      const list = await currencies(environment, api);
      if (!list) return { unavailable: true };
      const typed = input.baseCurrency.replace(/\s+/g, '').toUpperCase();
      const payable = list.filter((c) => c.sendTo && c.currencyType === 'FIAT');
      const found = payable.find((c) => c.symbol.toUpperCase() === typed);
      if (!found)
        return {
          problem: {
            field: 'baseCurrency',
            message: wordsCode(FIELD.fiatPayoutCurrency, {
              symbols: payable.map((c) => c.symbol).join(', '),
            }),
          },
        };
      return { settings: { ...input, baseCurrency: found.symbol } };
    },

    /** Saves approval settings checked by `checkSettings`. */
    saveCheckedSettings: (settings: ApprovalSettings, by: string | null) =>
      store.saveSettings(settings, by),

    /**
     * What approving a transaction of this product, currency and amount would need, judged as a
     * decision judges it (docs/decisions/064): the deposit as the API prices it now when only its
     * currency is given, and both sides in the base currency at the API's rate when a policy is
     * in the base currency. A side still unknown reaches every threshold, as it would then.
     */
    async requirement(
      q: {
        product: Product;
        payoutCurrency: string;
        payoutAmount: string;
        depositCurrency?: string | undefined;
        depositAmount?: string | undefined;
      },
      environment: Environment,
      api: PartnerApi | undefined,
    ) {
      const [policies, settings] = await Promise.all([store.policies(), store.settings()]);
      const priced =
        q.depositCurrency && q.depositAmount === undefined && api
          ? await priceNow(api, environment, q.product, {
              fromCurrencySymbol: q.depositCurrency,
              toCurrencySymbol: q.payoutCurrency,
              toAmount: q.payoutAmount,
            })
          : null;
      const depositAmount = q.depositAmount ?? priced?.amount ?? null;
      const t = {
        toCurrencySymbol: q.payoutCurrency,
        toAmount: q.payoutAmount,
        fromCurrencySymbol: q.depositCurrency ?? ANY,
        fromAmount: depositAmount,
      };
      // Both actions judge the same two sides: converted into the base currency once.
      const { base } = api
        ? (
            await inBase(
              environment,
              api,
              policies,
              transactionSubject('approveQuote', q.product, t),
              false,
              settings.baseCurrency,
            )
          ).subject
        : { base: undefined };
      const source: 'given' | 'priceNow' | 'unknown' =
        q.depositAmount !== undefined ? 'given' : priced ? 'priceNow' : 'unknown';
      return {
        results: TRANSACTION_ACTIONS.map((action) => ({
          action,
          ...requirement(policies, { ...transactionSubject(action, q.product, t), base }),
        })),
        deposit: q.depositCurrency
          ? { currency: q.depositCurrency, amount: depositAmount, source }
          : null,
        base: base
          ? { currency: settings.baseCurrency, payout: base.payout, deposit: base.deposit }
          : null,
      };
    },
  };
  return members;
}
