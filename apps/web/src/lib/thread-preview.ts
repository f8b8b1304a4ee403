import { THREAD_PREVIEW_LENGTH } from '@sokoni/contracts/community-rules';

const HEADLINE_LENGTH = 90;

/** Spec §9: a thread's content cut at 280 characters, with an ellipsis when it was cut. */
export function threadPreview(content: string, length: number = THREAD_PREVIEW_LENGTH): string {
  const text = content.trim();
  if (text.length <= length) return text;
  return `${text.slice(0, length).trimEnd()}…`;
}

/** The title, or, for an untitled thread, the start of its first line. */
export function threadHeadline(thread: { title: string; content: string }): string {
  const title = thread.title.trim();
  if (title) return title;
  const firstLine = thread.content.trim().split('\n', 1)[0] ?? '';
  return threadPreview(firstLine, HEADLINE_LENGTH);
}
