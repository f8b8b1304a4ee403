import { expect, test } from '@playwright/test';

/**
 * The server `npm start` runs (the embedded database, the sample data loaded on its first start), as
 * global-setup measured it after the first pages, before any idle time: a regression bound above
 * what it holds then (docs/PERFORMANCE.md, memory).
 */
const RESIDENT_BOUND_MB = 330;

test(`the server holds at most ${RESIDENT_BOUND_MB} MB resident after loading the sample data and serving the first pages`, () => {
  const measured = process.env.E2E_SERVER_RESIDENT_MB;
  test.skip(measured === undefined, 'the resident memory is read from /proc, which only Linux has');
  test.info().annotations.push({ type: 'resident memory', description: `${measured} MB` });
  expect(Number(measured)).toBeLessThanOrEqual(RESIDENT_BOUND_MB);
});

test('the server serving pages has not loaded libvips: the sample is drawn by a process of its own, and photos load it with the first upload', () => {
  const libraries = process.env.E2E_SERVER_LIBRARIES;
  test.skip(libraries === undefined, 'the loaded libraries are read from /proc, which only Linux has');
  const loaded = libraries!.split(' ');
  // The password hasher is loaded at start: it shows the list is read.
  expect(loaded).toContain('argon2.linux-x64-gnu.node');
  expect(loaded.filter((name) => /vips|sharp/.test(name))).toEqual([]);
});
