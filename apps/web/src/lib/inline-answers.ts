import { PAGE_ANSWERS_ID, type PageAnswer } from '@sokoni/contracts/site';

/**
 * Answers the server put into the page it served (the API's `PagePreload`): the page's first
 * requests, answered before its scripts asked. Each is used once, by the first request for exactly
 * its URL, so anything asked later, or again, goes to the network as usual.
 */

let answers: Map<string, PageAnswer> | null = null;

function readAnswers(): Map<string, PageAnswer> {
  const text = document.getElementById(PAGE_ANSWERS_ID)?.textContent;
  const found = new Map<string, PageAnswer>();
  if (!text) return found;
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) {
      for (const answer of parsed as PageAnswer[]) {
        if (typeof answer?.url === 'string') found.set(answer.url, answer);
      }
    }
  } catch {
    // A page without usable answers asks the network, as any page does.
  }
  return found;
}

/** Whether the page holds the server's answer to `GET url`, not yet used. */
export function hasInlineAnswer(url: string): boolean {
  answers ??= readAnswers();
  return answers.has(url);
}

/** The server's answer to `GET url` as a Response, once; undefined when the page holds none. */
export function takeInlineAnswer(url: string): Response | undefined {
  answers ??= readAnswers();
  const answer = answers.get(url);
  if (!answer) return undefined;
  answers.delete(url);
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (answer.total !== undefined) headers.set('X-Total-Count', String(answer.total));
  return new Response(JSON.stringify(answer.body), { status: 200, headers });
}

/** For tests: forget what was read, so the next page's element is read afresh. */
export function resetInlineAnswers(): void {
  answers = null;
}
