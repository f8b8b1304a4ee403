import { Link } from 'react-router';
import { SITE } from '@sokoni/contracts/site';
import { MailIcon, PhoneIcon, PinIcon } from '@/components/icons';
import { DataSaverSwitch } from './data-saver-switch';

const phoneHref = `tel:${SITE.contactPhone.replace(/\s+/g, '')}`;

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2">
        <div>
          <Link to="/" className="text-lg font-bold text-emerald-800">
            {SITE.name}
          </Link>
          <p className="mt-2 max-w-sm text-sm text-slate-600">
            Buy and sell across Kenya, with prices in Kenyan shillings.
          </p>
          <DataSaverSwitch className="mt-4 max-w-sm" />
        </div>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Contact us</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            <li>
              <a
                href={`mailto:${SITE.contactEmail}`}
                className="inline-flex items-center gap-2 hover:text-emerald-800"
              >
                <MailIcon className="text-emerald-700" />
                {SITE.contactEmail}
              </a>
            </li>
            <li>
              <a href={phoneHref} className="inline-flex items-center gap-2 hover:text-emerald-800">
                <PhoneIcon className="text-emerald-700" />
                {SITE.contactPhone}
              </a>
            </li>
            <li className="inline-flex items-center gap-2">
              <PinIcon className="text-emerald-700" />
              {SITE.location}
            </li>
            <li>
              <Link to="/support" className="font-medium text-emerald-800 hover:underline">
                Help &amp; support
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} {SITE.name}
      </p>
    </footer>
  );
}
