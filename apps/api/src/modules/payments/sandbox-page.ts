import { formatKenyanPhone } from '@sokoni/contracts/delivery-rules';
import { SANDBOX_PHONE_TEXTS } from '@sokoni/contracts/mpesa';
import { escapeHtml } from '../../lib/html.js';

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:16px;padding:28px;box-shadow:0 4px 24px #0001}
@media (max-width:460px){main{margin:16px 12px;padding:20px}}
h1{font-size:20px;margin:0 0 4px}.muted{color:#475569;font-size:14px}.amount{font-size:32px;font-weight:700;margin:20px 0 4px}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:12px;padding:4px 10px;font-size:12px;font-weight:600;margin-bottom:12px}
form{display:inline}button{font:inherit;font-weight:600;border-radius:10px;padding:12px 20px;border:0;cursor:pointer;min-height:44px}
.pay{background:#047857;color:#fff}.decline{background:#fff;color:#b91c1c;border:1px solid #fca5a5}
.actions{display:flex;gap:12px;margin-top:24px}button:focus-visible{outline:3px solid #0ea5e9;outline-offset:2px}
.prompt{border:1px solid #e2e8f0;border-radius:12px;padding:16px;margin-top:16px}.prompt h2{font-size:18px;margin:0 0 4px}
label{display:block;font-weight:600;margin-top:12px}input{font:inherit;font-size:20px;letter-spacing:.3em;width:8ch;padding:8px;border:1px solid #94a3b8;border-radius:8px;margin-top:4px}`;

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>${head}<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The payer's e-mail as the checkout shows it, 'am***@sokoni.co.ke': enough for the payer to know
 * the payment is theirs, too little for whoever else holds the reference to learn it. At most two
 * characters of the local part, and never all of it (a one-character local part shows none).
 */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = [...email.slice(0, Math.max(at, 0))];
  const shown = local.slice(0, Math.min(2, local.length - 1)).join('');
  return `${shown}***${at < 0 ? '' : email.slice(at)}`;
}

/**
 * The sandbox's checkout: who is paid, how much, for what, and Pay / Decline. Like Paystack's hosted
 * page it is open to whoever holds the reference, so it shows the payer's e-mail masked.
 */
export function sandboxCheckoutPage(view: {
  reference: string;
  amount: string;
  description: string;
  email: string;
}): string {
  const action = `/api/payments/sandbox/${encodeURIComponent(view.reference)}`;
  return page(
    'Sandbox checkout — Sokoni',
    `<span class="badge">Sandbox: no real money moves</span>
<h1>Pay Sokoni</h1><p class="muted">${escapeHtml(maskEmail(view.email))}</p>
<p class="amount">${escapeHtml(view.amount)}</p><p class="muted">${escapeHtml(view.description)}</p>
<div class="actions"><form method="post" action="${action}/pay"><button class="pay" type="submit">Pay ${escapeHtml(view.amount)}</button></form>
<form method="post" action="${action}/decline"><button class="decline" type="submit">Decline</button></form></div>`,
  );
}

/** After Pay: the M-Pesa-like wait for approval on the phone, then back to the shop as Paystack does. */
export function sandboxApprovalPage(view: { amount: string; redirectTo: string }): string {
  return page(
    'Approve on your phone — Sokoni',
    `<span class="badge">Sandbox</span><h1>Approve the payment on your phone</h1>
<p class="muted">We sent a prompt for ${escapeHtml(view.amount)}. Enter your PIN to approve it.</p>
<p class="muted" role="status">Waiting for approval… you will be taken back to Sokoni.</p>
<p><a href="${escapeHtml(view.redirectTo)}">Continue</a></p>`,
    `<meta http-equiv="refresh" content="2;url=${escapeHtml(view.redirectTo)}">`,
  );
}

/**
 * The sandbox phone: the M-Pesa prompts waiting on one number, each as the phone shows it ('Pay
 * KES 3,600 to Sokoni?'), with a PIN field, Approve and Cancel. It stands in for the payer's phone
 * and moves no money. `notice` is what the last answer did.
 */
export function sandboxPhonePage(view: {
  phone: string;
  prompts: { reference: string; amount: string; description: string }[];
  notice?: string;
}): string {
  const base = `/api/payments/sandbox/phone/${encodeURIComponent(view.phone)}`;
  const prompts = view.prompts
    .map(
      (prompt, index) => `<section class="prompt" aria-labelledby="prompt-${index}">
<h2 id="prompt-${index}">${escapeHtml(SANDBOX_PHONE_TEXTS.prompt(prompt.amount))}</h2><p class="muted">${escapeHtml(prompt.description)}</p>
<form method="post" action="${base}/${encodeURIComponent(prompt.reference)}">
<label for="pin-${index}">${escapeHtml(SANDBOX_PHONE_TEXTS.pinLabel)}</label>
<input id="pin-${index}" name="pin" type="password" inputmode="numeric" pattern="[0-9]{4}" maxlength="4" required autocomplete="off" aria-describedby="pin-hint">
<div class="actions"><button class="pay" type="submit" name="answer" value="approve">${escapeHtml(SANDBOX_PHONE_TEXTS.approve)}</button>
<button class="decline" type="submit" name="answer" value="cancel" formnovalidate>${escapeHtml(SANDBOX_PHONE_TEXTS.cancel)}</button></div></form></section>`,
    )
    .join('\n');
  return page(
    `${SANDBOX_PHONE_TEXTS.title} — Sokoni`,
    `<span class="badge">${escapeHtml(SANDBOX_PHONE_TEXTS.noMoney)}</span>
<h1>${escapeHtml(SANDBOX_PHONE_TEXTS.title)}</h1><p class="muted">${escapeHtml(formatKenyanPhone(view.phone))}</p>
${view.notice ? `<p role="status"><strong>${escapeHtml(view.notice)}</strong></p>` : ''}
${prompts || `<p class="muted">${escapeHtml(SANDBOX_PHONE_TEXTS.none)}</p>`}
${prompts ? `<p class="muted" id="pin-hint">${escapeHtml(SANDBOX_PHONE_TEXTS.pinHint)}</p>` : ''}`,
  );
}

/** Where the provider sends the browser back: callback_url?reference=…&trxref=…, exactly as Paystack does. */
export function callbackRedirect(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('reference', reference);
  url.searchParams.set('trxref', reference);
  return url.toString();
}

export const SANDBOX_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
