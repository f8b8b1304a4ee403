import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stay } from '@sokoni/contracts/stays';
import { STAY_PAGE_SIZE, stayListQuery } from '@sokoni/contracts/stays-rules';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { registerUser } from '../../../test/factories.js';
import { createStay, insertStayBooking } from '../../../test/stay-factories.js';

const webDist = mkdtempSync(join(tmpdir(), 'sokoni-web-'));
const PHOTO = '/api/uploads/sample/fedcba9876543210fedcba9876543210.webp';
// 09:00 in Nairobi on 20 November 2026.
let clock = Date.parse('2026-11-20T06:00:00Z');
let t: TestApp;
let stay: Stay;

beforeAll(async () => {
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Sokoni</title></head><body></body></html>',
  );
  t = await createTestApp({ webDist }, { now: () => clock });
  const host = await registerUser(t.app, { name: 'Njeri Mwangi' });
  const guest = await registerUser(t.app, { name: 'Amina Hassan' });
  stay = await createStay(t.app, host, {
    title: 'Lamu <Rooftop> House',
    location: 'Shela, Lamu',
    pricePerNight: 12_500,
    images: [PHOTO, '/api/uploads/sample/0123456789abcdef0123456789abcdef.webp'],
  });
  await insertStayBooking(t.database.db, {
    stayId: stay.id,
    guestId: guest.id,
    status: 'confirmed',
    startDate: '2026-12-01',
    endDate: '2026-12-04',
  });
  // A row written by SQL is announced by no write: the clock moves past the page's cache.
  clock += 5_001;
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const answersIn = (html: string) => {
  const script = /<script type="application\/json" id="sokoni-answers">([^<]*)<\/script>/.exec(html);
  return JSON.parse(script?.[1] ?? 'null') as Array<{ url: string; body: unknown; total?: number }> | null;
};

describe("a shared stay link and the stays page's first answers", () => {
  it('gives a stay its title, price per night and place, and its first photo', async () => {
    const page = await t.app.inject(`/stays/${stay.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Lamu &#60;Rooftop&#62; House</title>');
    expect(page.body).toContain(
      '<meta property="og:description" content="KES 12,500 per night · Shela, Lamu" />',
    );
    expect(page.body).toContain(`<meta property="og:image" content="http://127.0.0.1:3000${PHOTO}" />`);
    expect(page.body).toContain(`<link rel="preload" as="image" href="${PHOTO}" fetchpriority="high" />`);
  });

  it('puts the stay into its page exactly as the API answers it', async () => {
    const page = await t.app.inject(`/stays/${stay.id}`);
    const answer = await t.app.inject(`/api/stays/${stay.id}`);
    expect(answersIn(page.body)).toEqual([{ url: `/api/stays/${stay.id}`, body: answer.json() }]);
    expect(answer.json<Stay>().bookings).toEqual([{ startDate: '2026-12-01', endDate: '2026-12-04' }]);
  });

  it('puts the first page of /stays into it under the address the web app asks for', async () => {
    const url = `/api/stays?${new URLSearchParams(stayListQuery({}, { limit: STAY_PAGE_SIZE, offset: 0 }))}`;
    expect(url).toBe('/api/stays?limit=24&offset=0');
    const page = await t.app.inject('/stays');
    const answer = await t.app.inject(url);
    expect(answersIn(page.body)).toEqual([
      { url, body: answer.json(), total: Number(answer.headers['x-total-count']) },
    ]);
    expect(answer.json()).toHaveLength(1);
    expect(page.body).toContain(`<link rel="preload" as="image" href="${PHOTO}" fetchpriority="high" />`);
  });

  it('leaves other paths under /stays, and unknown stays, the plain page', async () => {
    for (const path of [
      '/stays/00000000-0000-4000-8000-000000000000',
      '/stays/new',
      `/stays/${stay.id}/edit`,
    ]) {
      const response = await t.app.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toContain('<title>Sokoni</title>');
      expect(response.body, path).not.toContain('sokoni-answers');
    }
  });
});
