// Checks that every Proof cell of docs/FEATURES.md and docs/SECURITY.md points at proof: each cited
// file exists and each cited test title is declared in it. `npm run check:features`; part of
// `npm run check`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseProofCell } from './features-proof/proof-cell.js';
import type { ProofCell } from './features-proof/proof-cell.js';
import { collectTestTitles, hasTitle } from './features-proof/test-titles.js';
import type { TestTitle } from './features-proof/test-titles.js';

export type Problem = { line: number; message: string };

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** The cells of a Markdown table row; `\|` stays inside its cell as `|`. */
function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replaceAll('\\|', '|'));
}

/** Every row of a table with a Proof column: its line number, status and Proof cell. */
function proofRows(markdown: string) {
  const rows: { line: number; status: string; proof: string }[] = [];
  let columns: { proof: number; status: number } | null = null;
  const lines = markdown.split('\n');
  lines.forEach((text, index) => {
    if (!text.startsWith('|')) {
      columns = null;
      return;
    }
    const cells = tableCells(text);
    if (/^\|[\s|:-]+\|$/.test(text.trim())) return;
    const proof = cells.findIndex((cell) => cell.startsWith('Proof'));
    if (proof >= 0) {
      columns = { proof, status: cells.indexOf('Status') };
      return;
    }
    if (columns) {
      rows.push({ line: index + 1, status: cells[columns.status] ?? '', proof: cells[columns.proof] ?? '' });
    }
  });
  return rows;
}

/** A row's status as it stands: for "by design → done" that is "done". */
function finalStatus(status: string): string {
  return (status.split('→').at(-1) ?? '').replaceAll('*', '').trim();
}

function checkStatus(cell: ProofCell, status: string, problem: (message: string) => void) {
  const now = finalStatus(status);
  if (cell.empty && !now.startsWith('planned')) {
    problem(`"—" cites nothing, which only a planned row may do (status: ${status})`);
  }
  if (now === 'done' && cell.citations.length === 0) problem('a done row cites no proof');
  if (now === 'done' && cell.gap !== null)
    problem('a done row names a gap (⚠): prove it or mark the row partial');
}

export function checkFeaturesProof(markdown: string, repoRoot: string): Problem[] {
  const problems: Problem[] = [];
  const titlesByPath = new Map<string, TestTitle[]>();
  const titlesOf = (path: string, file: string) => {
    let titles = titlesByPath.get(path);
    if (!titles) {
      titles = collectTestTitles(path, readFileSync(file, 'utf8'));
      titlesByPath.set(path, titles);
    }
    return titles;
  };

  for (const row of proofRows(markdown)) {
    const problem = (message: string) => problems.push({ line: row.line, message });
    const parsed = parseProofCell(row.proof);
    if (!parsed.ok) {
      problem(`the Proof cell does not follow the citation grammar: ${parsed.error}`);
      continue;
    }
    checkStatus(parsed.cell, row.status, problem);
    for (const { path, titles } of parsed.cell.citations) {
      const file = resolve(repoRoot, path);
      if (normalize(path) !== path || !file.startsWith(join(resolve(repoRoot), '/'))) {
        problem(`\`${path}\` is not a path from the repository root`);
        continue;
      }
      if (!existsSync(file) || !statSync(file).isFile()) {
        problem(`\`${path}\` does not exist`);
        continue;
      }
      if (!TEST_FILE.test(path)) {
        if (titles.length > 0) problem(`\`${path}\` is not a test file, so it is cited without a title`);
        continue;
      }
      if (titles.length === 0)
        problem(`\`${path}\` is cited without the title of the test that proves the row`);
      for (const title of titles) {
        if (!hasTitle(titlesOf(path, file), title)) problem(`\`${path}\` has no test titled "${title}"`);
      }
    }
  }
  return problems;
}

const DOCUMENTS = ['docs/FEATURES.md', 'docs/SECURITY.md'];

function main() {
  const repoRoot = fileURLToPath(new URL('..', import.meta.url));
  for (const document of DOCUMENTS) {
    const problems = checkFeaturesProof(readFileSync(join(repoRoot, document), 'utf8'), repoRoot);
    for (const { line, message } of problems) console.error(`${document}:${line}: ${message}`);
    if (problems.length > 0) {
      console.error(`\n${problems.length} Proof citation(s) in ${document} point at no proof.`);
      process.exitCode = 1;
    } else {
      console.log(`${document}: every Proof citation names a file and test that exist.`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
