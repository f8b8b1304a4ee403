import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PERFORMANCE_MD = fileURLToPath(new URL('../docs/PERFORMANCE.md', import.meta.url));

/**
 * Writes `markdown` into docs/PERFORMANCE.md between its `<!-- name:begin -->` and
 * `<!-- name:end -->` markers, in place of what stood there.
 */
export function writePerformanceSection(name: string, markdown: string): void {
  const [begin, end] = [`<!-- ${name}:begin -->`, `<!-- ${name}:end -->`];
  const doc = readFileSync(PERFORMANCE_MD, 'utf8');
  const start = doc.indexOf(begin);
  const stop = doc.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`docs/PERFORMANCE.md has no ${begin} … ${end} section`);
  writeFileSync(PERFORMANCE_MD, `${doc.slice(0, start + begin.length)}\n${markdown}\n${doc.slice(stop)}`);
  console.log('written into docs/PERFORMANCE.md');
}
