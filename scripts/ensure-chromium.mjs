// e2e runs in Debian's Chromium, never a downloaded browser. Install it when we can, else stop loudly.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(
      `e2e needs Chromium at ${CHROMIUM}. Install Debian's package: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.warn(`Chromium is missing at ${CHROMIUM}; installing Debian's 'chromium' package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM)) {
    console.error(
      `apt-get finished but ${CHROMIUM} is still missing; install the 'chromium' package by hand.`,
    );
    process.exit(1);
  }
}
