import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES as M } from '@sokoni/contracts/community-rules';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { bearer, registerUser, uploadImage, type RegisteredUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';

let t: TestApp;
let amina: RegisteredUser;
let brian: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  amina = await registerUser(t.app, { name: 'Amina Wanjiru' });
  brian = await registerUser(t.app, { name: 'Brian Otieno' });
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, token: string | null = amina.token) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const newThread = async (overrides: object = {}, token = amina.token) => {
  const response = await post(
    '/api/community/threads',
    { content: 'Where can I buy certified seeds in Nakuru?', category: 'agriculture', ...overrides },
    token,
  );
  expect(response.statusCode).toBe(201);
  return response.json();
};
const newReply = async (threadId: string, overrides: object = {}, token = brian.token) => {
  const response = await post(
    '/api/community/replies',
    { threadId, content: 'Try the KALRO shop.', ...overrides },
    token,
  );
  expect(response.statusCode).toBe(201);
  return response.json();
};

describe('groups', () => {
  it.each([
    [{}, M.groupNameRequired],
    [{ name: '   ' }, M.groupNameRequired],
    [{ name: ' ab ' }, M.groupNameTooShort],
  ])('refuses %j with the spec message', async (payload, message) => {
    const response = await post('/api/community/groups', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('creates a group, and refuses the same name in another case with 409', async () => {
    const created = await post('/api/community/groups', {
      name: '  Mama Mboga Traders ',
      description: 'Vegetable sellers',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      name: 'Mama Mboga Traders',
      description: 'Vegetable sellers',
    });
    const again = await post('/api/community/groups', { name: 'mama mboga traders' }, brian.token);
    expect(again.statusCode).toBe(409);
    const groups = (await t.app.inject('/api/community/groups')).json();
    expect(
      groups.filter((group: { name: string }) => group.name.toLowerCase() === 'mama mboga traders'),
    ).toHaveLength(1);
  });

  it('refuses a visitor with 401', async () => {
    expect((await post('/api/community/groups', { name: 'Visitors' }, null)).statusCode).toBe(401);
  });
});

describe('threads', () => {
  it('creates a thread by the caller, with tags trimmed, blanks dropped and duplicates removed', async () => {
    const thread = await newThread({
      title: 'Seeds',
      tags: [' maize ', '', 'Maize', 'seeds', '  '],
      authorId: brian.id,
    });
    expect(thread).toMatchObject({
      title: 'Seeds',
      category: 'agriculture',
      author: { id: amina.id, name: 'Amina Wanjiru' },
      tags: ['maize', 'seeds'],
      replyCount: 0,
      group: null,
    });
  });

  it('keeps markup as text: a script tag is stored and answered exactly as typed', async () => {
    const content = '<script>alert("hi")</script> <img src=x onerror=alert(1)>';
    const thread = await newThread({ content });
    expect((await t.app.inject(`/api/community/threads/${thread.id}`)).json().content).toBe(content);
  });

  it.each([
    [{ content: '   ' }, M.contentRequired],
    [{ content: 'x'.repeat(10_001) }, M.contentTooLong],
    [{ category: 'politics' }, M.categoryRequired],
    [{ image: 'https://evil.example/a.png' }, M.foreignAttachment],
  ])('refuses %# with its message', async (overrides, message) => {
    const response = await post('/api/community/threads', {
      content: 'Hello',
      category: 'deals',
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("carries its author's own uploads only, in a thread and in a reply", async () => {
    const [mine, theirs] = [
      await uploadImage(t.app, amina.token, 'community-image'),
      await uploadImage(t.app, brian.token, 'community-image'),
    ];
    const thread = await newThread({ image: mine });
    expect(thread.image).toBe(mine);
    const refused = await post('/api/community/threads', { content: 'Hi', category: 'deals', image: theirs });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.foreignAttachment);
    const reply = await post(
      '/api/community/replies',
      { threadId: thread.id, content: 'Nice', image: mine },
      brian.token,
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(M.foreignAttachment);
    expect((await t.app.inject(`/api/community/threads/${thread.id}`)).json().replies).toEqual([]);
  });

  it('answers 404 for an unknown group and 401 for a visitor', async () => {
    const unknownGroup = await post('/api/community/threads', {
      content: 'Hi',
      category: 'deals',
      groupId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownGroup.statusCode).toBe(404);
    expect(
      (await post('/api/community/threads', { content: 'Hi', category: 'deals' }, null)).statusCode,
    ).toBe(401);
  });

  it('lists newest first, filtered by group and category, paged with X-Total-Count', async () => {
    const group = (await post('/api/community/groups', { name: 'Fashion Nairobi' })).json();
    const older = await newThread({ category: 'fashion', groupId: group.id, content: 'Kitenge tailors?' });
    const newer = await newThread({ category: 'fashion', groupId: group.id, content: 'Mitumba in Gikomba' });
    const inGroup = await t.app.inject(`/api/community/threads?groupId=${group.id}`);
    expect(inGroup.json().map((thread: { id: string }) => thread.id)).toEqual([newer.id, older.id]);
    expect(inGroup.json()[0].group).toEqual({ id: group.id, name: 'Fashion Nairobi' });
    expect(inGroup.headers['x-total-count']).toBe('2');
    const paged = await t.app.inject(`/api/community/threads?groupId=${group.id}&limit=1&offset=1`);
    expect(paged.json().map((thread: { id: string }) => thread.id)).toEqual([older.id]);
    const tech = (await t.app.inject('/api/community/threads?category=technology')).json();
    expect(tech.every((thread: { category: string }) => thread.category === 'technology')).toBe(true);
    expect((await t.app.inject('/api/community/threads?category=politics')).statusCode).toBe(400);
  });

  it('lets a visitor read a thread, and answers 404 for an unknown one', async () => {
    const thread = await newThread();
    const read = await t.app.inject(`/api/community/threads/${thread.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: thread.id, replies: [], votedReplyIds: [] });
    expect(
      (await t.app.inject('/api/community/threads/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });
});

describe('replies', () => {
  it('answers a flat list with parentReplyId, and counts replies on the thread', async () => {
    const thread = await newThread();
    const top = await newReply(thread.id);
    const nested = await newReply(thread.id, { parentReplyId: top.id, content: 'Thanks!' }, amina.token);
    const detail = (await t.app.inject(`/api/community/threads/${thread.id}`)).json();
    expect(detail.replyCount).toBe(2);
    expect(
      detail.replies.map((reply: { id: string; parentReplyId: string | null }) => [
        reply.id,
        reply.parentReplyId,
      ]),
    ).toEqual([
      [top.id, null],
      [nested.id, top.id],
    ]);
    expect(detail.replies[0]).toMatchObject({
      authorId: brian.id,
      author: { name: 'Brian Otieno' },
      upvotes: 0,
    });
  });

  it('refuses a parent reply from another thread', async () => {
    const first = await newThread();
    const second = await newThread();
    const elsewhere = await newReply(first.id);
    const response = await post('/api/community/replies', {
      threadId: second.id,
      content: 'Hi',
      parentReplyId: elsewhere.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.parentNotInThread);
    expect((await t.app.inject(`/api/community/threads/${second.id}`)).json().replyCount).toBe(0);
  });

  it('refuses a blank reply, an unknown thread and a visitor', async () => {
    const thread = await newThread();
    const blank = await post('/api/community/replies', { threadId: thread.id, content: '  ' });
    expect(blank.json().message).toBe(M.replyRequired);
    const unknown = await post('/api/community/replies', {
      threadId: '00000000-0000-4000-8000-000000000000',
      content: 'Hi',
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await post('/api/community/replies', { threadId: thread.id, content: 'Hi' }, null)).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/community/replies/{id}/upvote', () => {
  const upvote = (id: string, token: string | null) => post(`/api/community/replies/${id}/upvote`, {}, token);

  it("counts one upvote per user; the second answers 400 'Already voted'", async () => {
    const reply = await newReply((await newThread()).id);
    const first = await upvote(reply.id, amina.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ replyId: reply.id, upvotes: 1 });
    const second = await upvote(reply.id, amina.token);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('Already voted');
    const third = await registerUser(t.app);
    expect((await upvote(reply.id, third.token)).json().upvotes).toBe(2);
  });

  it("refuses an upvote of the voter's own reply with 403 and counts nothing", async () => {
    const thread = await newThread();
    const reply = await newReply(thread.id, {}, brian.token);
    const own = await upvote(reply.id, brian.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'OWN_REPLY', message: M.ownReply });
    const detail = (
      await t.app.inject({ url: `/api/community/threads/${thread.id}`, headers: bearer(brian.token) })
    ).json();
    expect(detail.replies[0].upvotes).toBe(0);
    expect(detail.votedReplyIds).toEqual([]);
  });

  it('counts exactly one of 20 concurrent upvotes by the same user', async () => {
    const voter = await registerUser(t.app);
    const thread = await newThread();
    const reply = await newReply(thread.id);
    const responses = await Promise.all(Array.from({ length: 20 }, () => upvote(reply.id, voter.token)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 400)).toHaveLength(19);
    const detail = (
      await t.app.inject({ url: `/api/community/threads/${thread.id}`, headers: bearer(voter.token) })
    ).json();
    expect(detail.replies[0].upvotes).toBe(1);
    expect(detail.votedReplyIds).toEqual([reply.id]);
  });

  it('refuses a visitor (401) and an unknown reply (404)', async () => {
    const reply = await newReply((await newThread()).id);
    expect((await upvote(reply.id, null)).statusCode).toBe(401);
    expect((await upvote('00000000-0000-4000-8000-000000000000', amina.token)).statusCode).toBe(404);
  });
});

describe('POST /api/uploads/community-video', () => {
  const upload = (filename: string, data: Buffer) => {
    const { payload, headers } = multipartBody({}, { filename, contentType: 'video/mp4', data });
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads/community-video',
      payload,
      headers: { ...headers, ...bearer(amina.token) },
    });
  };
  const mp4 = readFileSync(new URL('../../../test/fixtures/video/plain.mp4', import.meta.url));

  it('accepts an MP4 by its bytes and serves it as video', async () => {
    const response = await upload('clip.bin', mp4);
    expect(response.statusCode).toBe(201);
    const { publicUrl } = response.json();
    expect(publicUrl).toMatch(/^\/api\/uploads\/community\/[a-f0-9]{32}\.mp4$/);
    expect((await t.app.inject(publicUrl)).headers['content-type']).toBe('video/mp4');
  });

  it('refuses a text file named .mp4 (415) and a video over 25 MB (413)', async () => {
    expect((await upload('notes.mp4', Buffer.from('just text'))).statusCode).toBe(415);
    const big = await upload('long.mp4', Buffer.concat([mp4, Buffer.alloc(25 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('File too large: long.mp4');
  });
});
