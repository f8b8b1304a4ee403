// Runs npm scripts side by side and fails if any fails: `node scripts/run-together.mjs typecheck lint`.
// TypeScript and ESLint each use one core, so `npm run check` runs them together on a machine of two.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const codes = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
        child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
        child.on('error', () => resolve(1));
      }),
  ),
);
const failed = scripts.filter((_, index) => codes[index] !== 0);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
