import { useId, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { inputClasses } from '@/components/text-field';

const COPY_STATUS = {
  copied: 'Link copied.',
  selected: 'The link is selected: copy it with Ctrl+C (⌘C on a Mac), or long-press it on a phone.',
} as const;

/**
 * The listing's calendar feed address, for the host's other calendars: shown to its host only, with
 * a button that copies it (or, where the browser will not, selects it for the host to copy).
 */
export function CalendarSync({ calendarUrl }: { calendarUrl: string }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<keyof typeof COPY_STATUS | null>(null);
  // Another calendar fetches the feed from outside: it needs the whole address.
  const address = new URL(calendarUrl, window.location.origin).href;

  const selectLink = () => {
    inputRef.current?.focus();
    inputRef.current?.select();
    setStatus('selected');
  };
  const copy = async () => {
    if (!navigator.clipboard) return selectLink();
    try {
      await navigator.clipboard.writeText(address);
      setStatus('copied');
    } catch {
      selectLink();
    }
  };

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Calendar link
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Paste this link into Google Calendar, Airbnb or Booking.com to keep your calendars in step.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={id}
          readOnly
          value={address}
          aria-describedby={`${id}-hint`}
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClasses} min-w-0 font-mono`}
        />
        <Button variant="secondary" className="shrink-0" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-emerald-800">
        {status ? COPY_STATUS[status] : ''}
      </p>
    </div>
  );
}
