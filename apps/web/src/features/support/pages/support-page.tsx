import { SITE } from '@sokoni/contracts/site';
import { MailIcon, PhoneIcon, PinIcon } from '@/components/icons';

const phoneHref = `tel:${SITE.contactPhone.replace(/\s+/g, '')}`;
const linkClasses =
  'inline-flex min-h-11 items-center gap-3 font-medium text-emerald-800 underline-offset-2 hover:underline';

export function SupportPage() {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <title>Support — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Support</h1>
      <p className="mt-2 text-slate-700">
        We are here to help with orders, payments and your account. Reach us any way you like.
      </p>
      <ul className="mt-6 space-y-2 rounded-2xl border border-slate-200 bg-white p-5">
        <li>
          <a href={`mailto:${SITE.contactEmail}`} className={linkClasses}>
            <MailIcon className="text-xl text-emerald-700" />
            {SITE.contactEmail}
          </a>
        </li>
        <li>
          <a href={phoneHref} className={linkClasses}>
            <PhoneIcon className="text-xl text-emerald-700" />
            {SITE.contactPhone}
          </a>
        </li>
        <li className="inline-flex min-h-11 items-center gap-3 text-slate-800">
          <PinIcon className="text-xl text-emerald-700" />
          {SITE.location}
        </li>
      </ul>
      <section aria-labelledby="payment-help-heading" className="mt-6 rounded-2xl bg-emerald-50 p-5">
        <h2 id="payment-help-heading" className="font-semibold text-emerald-900">
          A question about a payment?
        </h2>
        <p className="mt-1 text-slate-700">
          Quote your payment reference (it is in the address of the payment page, after
          &ldquo;reference=&rdquo;) and your order number from My Orders, so we can find it quickly.
        </p>
      </section>
    </section>
  );
}
