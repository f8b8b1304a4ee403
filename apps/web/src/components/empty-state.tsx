import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from './button';

type EmptyStateProps = {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** What is empty: 'Your cart is empty.' */
  message: string;
  /** A line more, under the message. */
  detail?: string;
  /** Where to go from here: the page that fills it. */
  action: { to: string; label: string };
};

/** A list with nothing in it yet: an icon, what is empty, and the way to fill it. */
export function EmptyState({ icon: Icon, message, detail, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-4 py-16 text-center">
      <Icon className="text-5xl text-slate-400" />
      <p className="mt-4 text-lg font-semibold text-slate-900">{message}</p>
      {detail ? <p className="mt-1 text-slate-600">{detail}</p> : null}
      <Link to={action.to} className={buttonClasses('primary', 'mt-6')}>
        {action.label}
      </Link>
    </div>
  );
}
