import { linkify } from '../lib/linkify';

/** User-written text: escaped by React, line breaks kept, web links clickable. */
export function LinkifiedText({ text, className = '' }: { text: string; className?: string }) {
  return <p className={`whitespace-pre-wrap break-words ${className}`}>{linkify(text)}</p>;
}
