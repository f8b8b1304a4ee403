import { escapeHtml } from '../../lib/html.js';

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:16px;padding:28px;box-shadow:0 4px 24px #0001}
h1{font-size:20px;margin:0 0 4px}.muted{color:#475569;font-size:14px}.amount{font-size:32px;font-weight:700;margin:20px 0 4px}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600}
form{display:inline}button{font:inherit;font-weight:600;border-radius:10px;padding:12px 20px;border:0;cursor:pointer;min-height:44px}
.pay{background:#047857;color:#fff}.decline{background:#fff;color:#b91c1c;border:1px solid #fca5a5}
.actions{display:flex;gap:12px;margin-top:24px}button:focus-visible{outline:3px solid #0ea5e9;outline-offset:2px}`;

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

/** Where the provider sends the browser back: callback_url?reference=…&trxref=…, exactly as Paystack does. */
export function callbackRedirect(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('reference', reference);
  url.searchParams.set('trxref', reference);
  return url.toString();
}

export const SANDBOX_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
