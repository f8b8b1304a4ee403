// A server process as far as the data-directory lock is concerned, driven over stdin by lock.test.ts:
// `take <dir>` tries to take the lock at once and answers `locked` or `refused`; `release` lets it go.
import { createInterface } from 'node:readline';
import { lockDataDir } from '../src/db/lock.js';

let release: (() => void) | undefined;
const answer = (text: string) => process.stdout.write(`${text}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, dir] = line.split(' ');
  if (command === 'take' && dir) {
    try {
      release = lockDataDir(dir);
      answer('locked');
    } catch {
      answer('refused');
    }
  } else if (command === 'release') {
    release?.();
    release = undefined;
    answer('released');
  }
});
answer('ready');
