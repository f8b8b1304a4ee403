import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { CreateReplyInput, CreateThreadInput } from '@sokoni/contracts/community';
import { bearer, DESKTOP, PASSWORD, registerUser, signUp, unique, uniqueEmail } from './support';
import type { Account } from './support';

/** Starts a thread through the API as `author`; answers its id. */
export async function createThread(
  request: APIRequestContext,
  author: Account,
  thread: CreateThreadInput,
): Promise<string> {
  const response = await request.post('/api/community/threads', { headers: bearer(author), data: thread });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Posts a reply through the API as `author`; answers its id. */
export async function postReply(
  request: APIRequestContext,
  author: Account,
  reply: CreateReplyInput,
): Promise<string> {
  const response = await request.post('/api/community/replies', { headers: bearer(author), data: reply });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * An agriculture thread of the test's own, by two new members, with four replies: one answered
 * two levels deep ("Yes, until 1 pm." answers Amina, who answered Kevin) and one on its own.
 */
export async function createThreadWithReplyTree(request: APIRequestContext) {
  const amina = await registerUser(request, 'Amina Wanjiru');
  const kevin = await registerUser(request, 'Kevin Kiprono');
  const title = unique('Best maize seed for Nakuru this season?');
  const threadId = await createThread(request, amina, {
    title,
    content: 'Planting in March on two acres near Njoro. Which certified maize seed has done well for you?',
    category: 'agriculture',
    tags: ['maize', 'seeds'],
  });
  const first = await postReply(request, kevin, {
    threadId,
    content: 'H6213 did well for me in Molo. Buy from the Kenya Seed depot, not roadside.',
  });
  const answer = await postReply(request, amina, {
    threadId,
    parentReplyId: first,
    content: 'Asante! Is the depot on Kenyatta Avenue still open on Saturdays?',
  });
  await postReply(request, kevin, { threadId, parentReplyId: answer, content: 'Yes, until 1 pm.' });
  await postReply(request, kevin, {
    threadId,
    content: 'Try DK8031 if your rains are unreliable; it matures faster.',
  });
  return { threadId, title };
}

/** Registers a new member through the sign-up form; answers once home shows them signed in. */
export async function signUpMember(page: Page, name: string) {
  const user = { name, email: uniqueEmail(name.split(' ')[0]!.toLowerCase()), password: PASSWORD };
  await signUp(page, user);
  await expect(page).toHaveURL('/');
  return user;
}

export async function newMemberPage(browser: Browser, name: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signUpMember(page, name);
  return { context, page };
}

/** The WebP the server ships for the phones category: a real image the upload accepts. */
export async function phonesImage(page: Page) {
  const response = await page.request.get('/images/categories/phones.webp');
  expect(response.ok()).toBe(true);
  return { name: 'phones.webp', mimeType: 'image/webp', buffer: await response.body() };
}
