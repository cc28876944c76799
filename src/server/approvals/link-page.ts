// The page a mail's approval link opens (docs/decisions/087), drawn by the server: phone first
// (360 px and up), no script, its own style under the page's nonce. It shows what the approval
// screen shows (both amounts, the rate with its pair, the fee as money, the quote's expiry, who
// is paid by name, who asked, the policy and who approved so far), then the two decisions as
// plain forms: the second factor's code where the person has one, a reason to reject.
import { policySaid } from '#/api/policy-words';
import { formatAmount, formatDecimal } from '#/api/formats';
import { isoInZone } from '#/api/periods';
import { ACTION_WORDS, type TransactionControls } from '#/api/controls';
import type { TransactionApproval } from '#/api/controls';
import { PRODUCT_NAME } from '#/api/products';
import type { Product, Transaction } from '#/api/schemas/transaction';
import { isPageLanguage } from '#/i18n/languages';
import { escapeHtml as h } from '../notifications/mail';
import { namesIn, sayData, sayer } from '../words';
import { LINK } from './link-words';

/** "Payout #60" in `language`. */
export const nounIn = (language: string | null | undefined, product: Product, id: number) =>
  `${sayer(language)(PRODUCT_NAME[product])} #${id}`;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f4f5f7}
main{max-width:560px;margin:0 auto;padding:16px}
h1{font-size:1.3rem;line-height:1.3;margin:8px 0 4px}
.lead{color:#495057;margin:0 0 16px;font-size:.95rem}
dl{background:#fff;border:1px solid #dee2e6;border-radius:8px;margin:0 0 16px;padding:4px 12px}
dl div{display:flex;flex-wrap:wrap;gap:0 12px;padding:8px 0;border-bottom:1px solid #f1f3f5}
dl div:last-child{border-bottom:0}
dt{flex:0 0 8.5rem;color:#495057;font-size:.9rem}
dd{flex:1 1 12rem;margin:0;min-width:0;overflow-wrap:anywhere}
.big{font-weight:700;font-size:1.1rem}
.note{display:block;color:#495057;font-size:.85rem}
.flag{display:inline-block;background:#fff4e6;color:#d9480f;border-radius:4px;padding:0 6px;font-size:.85rem;font-weight:600}
.box{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:12px;margin:0 0 16px}
.warn{background:#fff9db;border-color:#fcc419}
.bad{background:#fff5f5;border-color:#fa5252}
.good{background:#ebfbee;border-color:#40c057}
label{display:block;font-weight:600;margin:0 0 4px}
input,textarea{width:100%;font:inherit;padding:10px;border:1px solid #adb5bd;border-radius:6px}
textarea{min-height:5rem}
.error{color:#c92a2a;font-size:.9rem;margin:4px 0 0}
button{width:100%;min-height:48px;font:inherit;font-weight:700;border:0;border-radius:6px;margin:12px 0 0;cursor:pointer}
.approve{background:#1971c2;color:#fff}
.reject{background:#fff;color:#c92a2a;border:2px solid #c92a2a}
details{margin:0 0 16px}
summary{cursor:pointer;font-weight:600;color:#c92a2a;padding:8px 0;min-height:44px}
a{color:#1864ab}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}dl,.box{background:#25262b;border-color:#373a40}dl div{border-color:#2c2e33}dt,.lead,.note{color:#adb5bd}.warn{background:#3b3000}.bad{background:#3b0d0d}.good{background:#0d3b1a}.reject{background:#25262b}a{color:#74c0fc}input,textarea{background:#1a1b1e;color:#e9ecef}}
`;

/** A page of its own: title, body, under the nonce its style needs, in `language`. */
export function linkPage(
  title: string,
  body: string,
  nonce: string,
  language: string | null | undefined,
): string {
  const lang = isPageLanguage(language) ? language : 'en';
  return `<!doctype html><html lang="${h(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${h(title)} · Partner Payments</title><style nonce="${h(nonce)}">${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** A page that only says something: why a link does nothing, or what it did. */
export function messagePage(
  title: string,
  words: string,
  tone: 'bad' | 'good' | 'warn',
  nonce: string,
  language: string | null | undefined,
  dashboardLink?: string,
): string {
  const say = sayer(language);
  return linkPage(
    title,
    `<h1>${h(title)}</h1><div class="box ${tone}" role="${tone === 'good' ? 'status' : 'alert'}"><p>${h(words)}</p></div>${
      dashboardLink
        ? `<p><a href="${h(dashboardLink)}">${h(say(LINK.openInDashboard))}</a></p>`
        : ''
    }`,
    nonce,
    language,
  );
}

/** What the person sees and may do: the approval's facts, and the forms if they may decide. */
export interface LinkView {
  person: {
    name: string;
    secondFactor: boolean;
    timeZone: string | null;
    locale: string | null;
    /** The language the page is written in: the person's. */
    language: string | null;
  };
  action: TransactionApproval;
  product: Product;
  transaction: Transaction;
  controls: TransactionControls;
  baseCurrency: string;
  /** The link works until then. */
  expiresAt: number;
  now: number;
  /** Opened with `?reject`: the rejection's form is open. */
  rejecting: boolean;
  /** The form's words to keep and its errors by field, after a refused attempt. */
  entered?: { reason?: string; decision?: 'approve' | 'reject' };
  errors?: Partial<Record<'code' | 'reason' | 'form', string>>;
  dashboardLink: string;
  /** Why it no longer waits for this decision (decided, cancelled, moved on); undefined: it waits. */
  closed?: string | undefined;
}

export function approvalLinkPage(v: LinkView, nonce: string): string {
  const t = v.transaction;
  const language = v.person.language;
  const say = sayer(language);
  const locale = v.person.locale ?? 'en-US';
  const zone = v.person.timeZone ?? 'UTC';
  const when = (ms: number) => `${isoInZone(ms, zone).replace('T', ' ').slice(0, 16)} ${zone}`;
  const money = (amount: string | null, currency: string) =>
    amount === null ? null : `${formatAmount(amount, currency, locale)} ${currency}`;
  const { quote, recipient, creator } = v.controls;
  const state = v.controls.actions[v.action];
  const pending = v.controls.approvals.find((a) => a.action === v.action && a.status === 'pending');
  const approvedBy = (pending?.decisions ?? [])
    .filter((d) => d.decision === 'approve')
    .map((d) =>
      d.forUserName ? say(LINK.onBehalfOf, { name: d.userName, for: d.forUserName }) : d.userName,
    );
  const noun = nounIn(language, v.product, t.businessRequestId);
  const what = v.action === 'approveQuote' ? 'quote' : 'deposit';
  const note = (text: string) => `<span class="note">${h(text)}</span>`;
  const flag = (text: string) => `<span class="flag">${h(text)}</span>`;
  const rows: [string, string][] = [
    [
      say(LINK.payout),
      `<span class="big">${h(money(t.toAmount, t.toCurrencySymbol) ?? '')}</span>`,
    ],
    [
      say(LINK.deposit),
      quote?.depositAmount
        ? `<span class="big">${h(money(quote.depositAmount, t.fromCurrencySymbol)!)}</span>${quote.source === 'priceNow' ? note(say(LINK.todaysPrice)) : ''}`
        : h(say(LINK.notQuoted)),
    ],
    [
      say(LINK.rate),
      quote?.rate
        ? `1 ${h(t.fromCurrencySymbol)} = ${h(formatDecimal(quote.rate, 0, locale))} ${h(t.toCurrencySymbol)}${quote.rateGiven ? '' : note(say(LINK.rateDerived))}${quote.markupPercent !== null && quote.referenceRate !== null ? note(say(LINK.markup, { percent: quote.markupPercent, reference: formatDecimal(quote.referenceRate, 0, locale) })) : ''}`
        : h(say(LINK.notAvailable)),
    ],
  ];
  if (quote?.fee) rows.push([say(LINK.fee), h(money(quote.fee, t.fromCurrencySymbol)!)]);
  if (v.action === 'approveQuote' && quote?.expiresAt)
    rows.push([
      say(LINK.quote),
      quote.expired || quote.expiresAt <= v.now
        ? `<strong>${h(say(LINK.expired))}</strong> (${h(when(quote.expiresAt))})`
        : h(say(LINK.approvableUntil, { when: when(quote.expiresAt) })),
    ]);
  if (v.action === 'approveDeposit')
    rows.push([
      say(LINK.depositReceived),
      t.depositReceivedAmount !== null
        ? t.depositReceivedDate
          ? h(
              say(LINK.receivedOn, {
                amount: money(t.depositReceivedAmount, t.fromCurrencySymbol)!,
                when: when(t.depositReceivedDate),
              }),
            )
          : h(money(t.depositReceivedAmount, t.fromCurrencySymbol)!)
        : `<strong>${h(say(LINK.notReported))}</strong>${note(say(LINK.seeItArrive))}`,
    ]);
  rows.push([
    say(LINK.pays),
    recipient
      ? `<strong>${h(recipient.accountHolderName ?? '')}</strong>${note([recipient.bankName, recipient.number, recipient.countryIso].filter(Boolean).join(', '))}${recipient.firstPayment ? flag(say(LINK.firstPayment)) : ''}${recipient.changedSince ? flag(say(LINK.changedSince)) : ''}`
      : h(say(LINK.payoutAccount, { id: t.toBusinessExternalAccountId })),
  ]);
  rows.push([say(LINK.askedBy), creator ? h(creator.name) : h(say(LINK.madeOutside))]);
  rows.push([
    say(LINK.needs),
    `${h(say(LINK.approvers, { count: state.required }))}${state.policy ? note(sayData(language, policySaid(state.policy, v.baseCurrency), locale)) : note(say(LINK.noPolicy))}${note(say(LINK.approvedSoFar, { names: approvedBy.length > 0 ? namesIn(approvedBy) : say(LINK.nobody) }))}${state.standingInFor ? `<strong class="note">${h(say(LINK.standingIn, { name: state.standingInFor }))}</strong>` : ''}`,
  ]);
  const facts = `<dl aria-label="${h(say(LINK.whatYouApprove))}">${rows.map(([k, val]) => `<div><dt>${h(k)}</dt><dd>${val}</dd></div>`).join('')}</dl>`;
  const title = `${say(ACTION_WORDS[v.action])}: ${noun}`;
  const head = `<h1>${h(title)}</h1><p class="lead">${h(say(LINK.lead, { name: v.person.name, what, until: when(v.expiresAt) }))}</p>`;
  if (v.closed || !state.canAct)
    return linkPage(
      title,
      `${head}<div class="box warn" role="alert"><p>${h(say(LINK.cannotDecide, { why: v.closed ?? state.why ?? say(LINK.notWaiting) }))}</p></div>${facts}<p><a href="${h(v.dashboardLink)}">${h(say(LINK.openInDashboard))}</a></p>`,
      nonce,
      language,
    );
  const error = (field: 'code' | 'reason') =>
    v.errors?.[field] ? `<p class="error" id="${field}-error">${h(v.errors[field])}</p>` : '';
  const codeField = (form: 'approve' | 'reject') =>
    v.person.secondFactor
      ? `<label for="code-${form}">${h(say(LINK.code))}</label><input id="code-${form}" name="code" inputmode="numeric" autocomplete="one-time-code" required maxlength="20"${v.errors?.code && v.entered?.decision === form ? ' aria-invalid="true" aria-describedby="code-error"' : ''}>${v.entered?.decision === form ? error('code') : ''}`
      : '';
  const formError = v.errors?.form
    ? `<div class="box bad" role="alert"><p>${h(v.errors.form)}</p></div>`
    : '';
  const approveForm = `<form method="post" class="box"><input type="hidden" name="decision" value="approve">${codeField('approve')}<button class="approve" type="submit">${h(say(LINK.approve, { amount: money(t.toAmount, t.toCurrencySymbol) ?? '' }))}</button></form>`;
  const rejectOpen = v.rejecting || v.entered?.decision === 'reject';
  const rejectForm = `<details${rejectOpen ? ' open' : ''}><summary>${h(say(LINK.reject))}</summary><form method="post" class="box"><input type="hidden" name="decision" value="reject"><label for="reason">${h(say(LINK.why))}</label><textarea id="reason" name="reason" required maxlength="500"${v.errors?.reason ? ' aria-invalid="true" aria-describedby="reason-error"' : ''}>${h(v.entered?.reason ?? '')}</textarea>${error('reason')}${codeField('reject')}<button class="reject" type="submit">${h(say(LINK.rejectAndCancel))}</button></form></details>`;
  return linkPage(
    title,
    `${head}${formError}${facts}${approveForm}${rejectForm}<p><a href="${h(v.dashboardLink)}">${h(say(LINK.openInstead))}</a></p>`,
    nonce,
    language,
  );
}
