// The package registry these machines reach has no builds of unrs-resolver's native bindings for
// other platforms, so `npm install` leaves them out of package-lock.json and `npm ci` then refuses
// the lock as out of sync. This adds the missing optional entries with their os/cpu/libc, which npm
// skips on this platform without fetching. Run after `npm install` changes the lock:
//   node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;
let added = 0;

for (const [path, meta] of Object.entries(packages)) {
  if (!path.endsWith('node_modules/unrs-resolver')) continue;
  for (const dependency of Object.keys(meta.optionalDependencies ?? {})) {
    const key = `${path.slice(0, -'unrs-resolver'.length)}${dependency}`;
    if (packages[key]) continue;
    const [os, cpu] = dependency.split('resolver-binding-')[1].split('-');
    const libc = os === 'linux' ? (dependency.includes('musl') ? 'musl' : 'glibc') : undefined;
    packages[key] = {
      version: meta.version,
      cpu: [cpu],
      dev: true,
      license: 'MIT',
      optional: true,
      os: [os],
      ...(libc ? { libc: [libc] } : {}),
    };
    added += 1;
  }
}

const { '': root, ...rest } = packages;
lock.packages = {
  '': root,
  ...Object.fromEntries(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1))),
};
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} missing platform entries to package-lock.json`);
