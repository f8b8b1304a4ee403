// Runs the API tests (which also boot the real server, in server.test.ts) on every Node release
// line package.json's engines promise: 20, 22 and 24. Each Node comes from the npm registry
// (`npx -p node@<line>`), so nothing else need be installed. With TEST_DATABASE_URL set the tests
// run on PostgreSQL too, as in `npm test`.
// The fuzz test runs 5 s per database here (FUZZ_TIME_LIMIT): these runs are about the runtime.
//   npm run test:node-versions                   every supported line
//   npm run test:node-versions -- 24 26          only these lines
//   npm run test:node-versions -- --skip-current not the line running this script (CI: npm test ran it)
//   npm run test:node-versions -- --project api:postgres   only this project (CI, with the line 24: its time limit)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const promised = [...engines.node.matchAll(/(?:\^|>=)(\d+)\./g)].map(([, major]) => major);
const args = process.argv.slice(2);
const skipCurrent = args.includes('--skip-current');
const projectAt = args.indexOf('--project');
const onlyProject = projectAt >= 0 ? args[projectAt + 1] : undefined;
const named = args.filter(
  (arg, index) => arg !== '--skip-current' && index !== projectAt && index !== projectAt + 1,
);
const current = process.versions.node.split('.')[0];
const lines = (named.length > 0 ? named : promised).filter((line) => !(skipCurrent && line === current));
const projects = onlyProject
  ? [onlyProject]
  : ['api:pglite', ...(process.env.TEST_DATABASE_URL ? ['api:postgres'] : [])];
const vitest = new URL('../node_modules/vitest/vitest.mjs', import.meta.url).pathname;

const results = lines.map((line) => {
  const started = Date.now();
  const run = spawnSync(
    'npx',
    [
      '--yes',
      '--package',
      `node@${line}`,
      '--',
      'node',
      vitest,
      'run',
      ...projects.flatMap((p) => ['--project', p]),
    ],
    {
      stdio: 'inherit',
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, FUZZ_TIME_LIMIT: process.env.FUZZ_TIME_LIMIT ?? '5' },
    },
  );
  const version = spawnSync('npx', ['--yes', '--package', `node@${line}`, '--', 'node', '--version'], {
    encoding: 'utf8',
  }).stdout.trim();
  return { line, version, passed: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) };
});

for (const { line, version, passed, seconds } of results) {
  console.log(
    `Node ${line} (${version || 'not installed'}): ${passed ? 'passed' : 'FAILED'} in ${seconds} s`,
  );
}
process.exit(results.every((result) => result.passed) ? 0 : 1);
