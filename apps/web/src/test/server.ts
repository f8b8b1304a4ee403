import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/**
 * The API as every component test sees it: MSW answers the app's requests (fetch and the uploads'
 * XMLHttpRequest) with the shared handlers, and each test adds its own with server.use, undone
 * after it. A request no handler answers fails the test (setup.ts): a test says what the page asks.
 */
export const server = setupServer(...handlers);

export type SentRequest = { method: string; path: string; url: URL; body: unknown };

/**
 * Every request the app sends from now until the test ends, in order, with its JSON body (read as
 * the request goes out: look at it once the page has shown the answer).
 */
export function recordRequests(): SentRequest[] {
  const requests: SentRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const sent: SentRequest = { method: request.method, path: url.pathname, url, body: undefined };
    requests.push(sent);
    void request
      .clone()
      .text()
      .then((text) => {
        sent.body = text ? (JSON.parse(text) as unknown) : undefined;
      })
      .catch(() => {}); // a multipart body (an upload) is not JSON
  });
  return requests;
}
