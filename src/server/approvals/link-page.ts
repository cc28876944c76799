// The page a mail's approval link opens (docs/decisions/087), drawn by the server: phone first
// (360 px and up), no script, its own style under the page's nonce. It shows what the approval
// screen shows (both amounts, the rate with its pair, the fee as money, the quote's expiry, who
// is paid by name, who asked, the policy and who approved so far), then the two decisions as
// plain forms: the second factor's code where the person has one, a reason to reject.
import { formatAmount, formatDecimal } from '#/api/formats';
import { isoInZone } from '#/api/periods';
import { ACTION_LABEL, policySummary, type TransactionControls } from '#/api/controls';
import type { TransactionApproval } from '#/api/controls';
import { transactionNoun } from '#/api/products';
import type { Product, Transaction } from '#/api/schemas/transaction';
import { escapeHtml as h } from '../notifications/mail';

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

/** A page of its own: title, body, under the nonce its style needs. */
export function linkPage(title: string, body: string, nonce: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${h(title)} · Partner Payments</title><style nonce="${h(nonce)}">${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** A page that only says something: why a link does nothing, or what it did. */
export function messagePage(
  title: string,
  words: string,
  tone: 'bad' | 'good' | 'warn',
  nonce: string,
  dashboardLink?: string,
): string {
  return linkPage(
    title,
    `<h1>${h(title)}</h1><div class="box ${tone}" role="${tone === 'good' ? 'status' : 'alert'}"><p>${h(words)}</p></div>${
      dashboardLink ? `<p><a href="${h(dashboardLink)}">Open it in the dashboard</a></p>` : ''
    }`,
    nonce,
  );
}

/** What the person sees and may do: the approval's facts, and the forms if they may decide. */
export interface LinkView {
  person: { name: string; secondFactor: boolean; timeZone: string | null; locale: string | null };
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
    .map((d) => (d.forUserName ? `${d.userName} on behalf of ${d.forUserName}` : d.userName));
  const noun = transactionNoun(v.product, t.businessRequestId);
  const what = v.action === 'approveQuote' ? 'quote' : 'deposit';
  const rows: [string, string][] = [
    ['Payout', `<span class="big">${h(money(t.toAmount, t.toCurrencySymbol) ?? '')}</span>`],
    [
      'Deposit, fees included',
      quote?.depositAmount
        ? `<span class="big">${h(money(quote.depositAmount, t.fromCurrencySymbol)!)}</span>${quote.source === 'priceNow' ? '<span class="note">Today’s price: the API has not quoted it yet.</span>' : ''}`
        : 'not quoted yet',
    ],
    [
      'Rate',
      quote?.rate
        ? `1 ${h(t.fromCurrencySymbol)} = ${h(formatDecimal(quote.rate, 0, locale))} ${h(t.toCurrencySymbol)}${quote.rateGiven ? '' : '<span class="note">The payout divided by the deposit.</span>'}${quote.markupPercent !== null && quote.referenceRate !== null ? `<span class="note">${h(quote.markupPercent)}% below the reference rate of ${h(formatDecimal(quote.referenceRate, 0, locale))}</span>` : ''}`
        : 'not available',
    ],
  ];
  if (quote?.fee) rows.push(['Fee, in the deposit', h(money(quote.fee, t.fromCurrencySymbol)!)]);
  if (v.action === 'approveQuote' && quote?.expiresAt)
    rows.push([
      'Quote',
      quote.expired || quote.expiresAt <= v.now
        ? `<strong>Expired</strong> (${h(when(quote.expiresAt))})`
        : `May be approved until ${h(when(quote.expiresAt))}`,
    ]);
  if (v.action === 'approveDeposit')
    rows.push([
      'Deposit received',
      t.depositReceivedAmount !== null
        ? `${h(money(t.depositReceivedAmount, t.fromCurrencySymbol)!)}${t.depositReceivedDate ? ` on ${h(when(t.depositReceivedDate))}` : ''}`
        : '<strong>Not reported by the API yet</strong><span class="note">Approve only once you have seen it arrive yourself.</span>',
    ]);
  rows.push([
    'Pays',
    recipient
      ? `<strong>${h(recipient.accountHolderName ?? '')}</strong><span class="note">${h([recipient.bankName, recipient.number, recipient.countryIso].filter(Boolean).join(', '))}</span>${recipient.firstPayment ? '<span class="flag">First payment to this account</span>' : ''}${recipient.changedSince ? '<span class="flag">Its bank details changed since</span>' : ''}`
      : `Payout account #${t.toBusinessExternalAccountId}`,
  ]);
  rows.push([
    'Asked by',
    creator ? h(creator.name) : 'Made outside the dashboard: nobody is recorded',
  ]);
  rows.push([
    'Needs',
    `${state.required === 1 ? '1 approver' : `${state.required} approvers`}${state.policy ? `<span class="note">${h(policySummary(state.policy, v.baseCurrency))}</span>` : '<span class="note">No policy asks more.</span>'}<span class="note">Approved so far: ${h(approvedBy.length > 0 ? approvedBy.join(', ') : 'nobody')}</span>${state.standingInFor ? `<strong class="note">You decide for ${h(state.standingInFor)}, who is away.</strong>` : ''}`,
  ]);
  const facts = `<dl aria-label="What you approve">${rows.map(([k, val]) => `<div><dt>${h(k)}</dt><dd>${val}</dd></div>`).join('')}</dl>`;
  const head = `<h1>${h(ACTION_LABEL[v.action])}: ${h(noun)}</h1><p class="lead">For ${h(v.person.name)}. This link decides this ${what} approval once, until ${h(when(v.expiresAt))}; it does not sign you in to the dashboard.</p>`;
  if (v.closed || !state.canAct)
    return linkPage(
      `${ACTION_LABEL[v.action]}: ${noun}`,
      `${head}<div class="box warn" role="alert"><p>You cannot decide this now: ${h(v.closed ?? state.why ?? 'it is not waiting for you.')}</p></div>${facts}<p><a href="${h(v.dashboardLink)}">Open it in the dashboard</a></p>`,
      nonce,
    );
  const error = (field: 'code' | 'reason') =>
    v.errors?.[field] ? `<p class="error" id="${field}-error">${h(v.errors[field])}</p>` : '';
  const codeField = (form: 'approve' | 'reject') =>
    v.person.secondFactor
      ? `<label for="code-${form}">Code from your authenticator app</label><input id="code-${form}" name="code" inputmode="numeric" autocomplete="one-time-code" required maxlength="20"${v.errors?.code && v.entered?.decision === form ? ' aria-invalid="true" aria-describedby="code-error"' : ''}>${v.entered?.decision === form ? error('code') : ''}`
      : '';
  const formError = v.errors?.form
    ? `<div class="box bad" role="alert"><p>${h(v.errors.form)}</p></div>`
    : '';
  const approveForm = `<form method="post" class="box"><input type="hidden" name="decision" value="approve">${codeField('approve')}<button class="approve" type="submit">Approve ${h(money(t.toAmount, t.toCurrencySymbol) ?? '')}</button></form>`;
  const rejectOpen = v.rejecting || v.entered?.decision === 'reject';
  const rejectForm = `<details${rejectOpen ? ' open' : ''}><summary>Reject…</summary><form method="post" class="box"><input type="hidden" name="decision" value="reject"><label for="reason">Why you reject it (whoever asked reads this)</label><textarea id="reason" name="reason" required maxlength="500"${v.errors?.reason ? ' aria-invalid="true" aria-describedby="reason-error"' : ''}>${h(v.entered?.reason ?? '')}</textarea>${error('reason')}${codeField('reject')}<button class="reject" type="submit">Reject and cancel the transaction</button></form></details>`;
  return linkPage(
    `${ACTION_LABEL[v.action]}: ${noun}`,
    `${head}${formError}${facts}${approveForm}${rejectForm}<p><a href="${h(v.dashboardLink)}">Open it in the dashboard instead</a></p>`,
    nonce,
  );
}
