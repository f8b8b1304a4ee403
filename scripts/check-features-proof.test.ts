import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkFeaturesProof } from './check-features-proof.js';

const header = ['| Spec point | Issue | Status | Proof (test) |', '|---|---|---|---|'];

/** A FEATURES table with one row per Proof cell; the first row is on line 3. */
const featuresWith = (...rows: [status: string, proof: string][]) =>
  [...header, ...rows.map(([status, proof]) => `| A point | #2 | ${status} | ${proof} |`)].join('\n');

let repo: string;

function write(path: string, text: string) {
  mkdirSync(dirname(join(repo, path)), { recursive: true });
  writeFileSync(join(repo, path), text);
}

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'features-proof-'));
  write(
    'web/cart.test.ts',
    [
      "describe('cart store', () => {",
      "  it('adds a new product with quantity 1', () => {});",
      "  it.each([0, 6])('refuses the rating %j with 400', () => {});",
      "  describe.each(['a'])('nested', () => { test.skipIf(true)('runs only (here)', () => {}); });",
      "  it.step('a step is not a test', () => {});",
      '});',
      "for (const name of ['home']) test(`the ${name} page passes axe`, () => {});",
    ].join('\n'),
  );
  write('docs/NOTES.md', '# Notes\n');
});

afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('checkFeaturesProof', () => {
  it('passes a cell whose every citation names a file and a test title that exist', () => {
    const markdown = featuresWith(
      ['done', '`web/cart.test.ts` (adds a new product with quantity 1) (cart store) — the store alone'],
      ['done', '`web/cart.test.ts` (refuses the rating 6 with 400); `web/cart.test.ts` (runs only (here))'],
      ['done', '`web/cart.test.ts` (the home page passes axe); `docs/NOTES.md` — the figures'],
      ['partial', '`web/cart.test.ts` (refuses the rating %j with 400); ⚠ the rest; is not tested'],
      ['partial', '⚠ no dedicated test yet — built in `cart.ts`'],
      ['planned (#5)', '—'],
    );
    expect(checkFeaturesProof(markdown, repo)).toEqual([]);
  });

  it('flags a cited file that does not exist, with its line', () => {
    const markdown = featuresWith(
      ['done', '`web/cart.test.ts` (adds a new product with quantity 1)'],
      ['done', '`web/checkout.test.ts` (adds a new product with quantity 1)'],
    );
    expect(checkFeaturesProof(markdown, repo)).toEqual([
      { line: 4, message: '`web/checkout.test.ts` does not exist' },
    ]);
  });

  it('flags a cited title the file does not declare', () => {
    const markdown = featuresWith([
      'done',
      '`web/cart.test.ts` (adds a new product with quantity 1) (adds a product) (a step is not a test)',
    ]);
    expect(checkFeaturesProof(markdown, repo)).toEqual([
      { line: 3, message: '`web/cart.test.ts` has no test titled "adds a product"' },
      { line: 3, message: '`web/cart.test.ts` has no test titled "a step is not a test"' },
    ]);
  });

  it('flags a loose description, a test file without a title and a title on a file that is not a test', () => {
    const markdown = featuresWith(
      ['done', '`web/cart.test.ts` (adds a new product with quantity 1) (quantity 1 asserted)'],
      ['done', '`web/cart.test.ts`'],
      ['done', '`docs/NOTES.md` (Notes)'],
    );
    expect(checkFeaturesProof(markdown, repo)).toEqual([
      { line: 3, message: '`web/cart.test.ts` has no test titled "quantity 1 asserted"' },
      { line: 4, message: '`web/cart.test.ts` is cited without the title of the test that proves the row' },
      { line: 5, message: '`docs/NOTES.md` is not a test file, so it is cited without a title' },
    ]);
  });

  it('flags a cell that breaks the grammar, and a row that claims more than it cites', () => {
    const markdown = featuresWith(
      ['done', 'the store test (`web/cart.test.ts`)'],
      ['done', '`web/cart.test.ts` (adds a new product with quantity 1), and more'],
      ['done', '—'],
      ['done', '`web/cart.test.ts` (adds a new product with quantity 1); ⚠ the badge is not tested'],
      ['done', '`../outside.test.ts` (adds a new product with quantity 1)'],
    );
    expect(checkFeaturesProof(markdown, repo).map(({ line, message }) => `${line}: ${message}`)).toEqual([
      '3: the Proof cell does not follow the citation grammar: expected a `path` or "⚠ " at "the store test (`web/cart.test.ts`)" (a note follows a citation after " — ")',
      '4: the Proof cell does not follow the citation grammar: expected " (title)", " — note" or "; " after a citation at ", and more"',
      '5: "—" cites nothing, which only a planned row may do (status: done)',
      '5: a done row cites no proof',
      '6: a done row names a gap (⚠): prove it or mark the row partial',
      '7: `../outside.test.ts` is not a path from the repository root',
    ]);
  });

  it('reads only tables with a Proof column, and keeps an escaped pipe inside its cell', () => {
    const markdown = [
      '| Status | Meaning |',
      '|---|---|',
      '| **done** | `missing.test.ts` (anything) |',
      '',
      ...header,
      '| `sort=a\\|b` | #3 | done | `web/cart.test.ts` (no such test) |',
    ].join('\n');
    expect(checkFeaturesProof(markdown, repo)).toEqual([
      { line: 7, message: '`web/cart.test.ts` has no test titled "no such test"' },
    ]);
  });
});
