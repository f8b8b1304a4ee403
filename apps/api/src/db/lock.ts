import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `Another Sokoni server (pid ${pid}) is using the embedded database in ${dir}. ` +
        'Stop it, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Lock files this process holds. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: nothing stops a second process opening the same files and
 * corrupting them, so the first server takes a lock file and a second one refuses to start.
 * A lock left by a process that has died is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8'));
      // Our own pid on a lock we did not take is a leftover of an earlier process (pid 1 in a container).
      const held = holder === process.pid ? heldHere.has(file) : holder > 0 && isRunning(holder);
      if (held) throw new DataDirLockedError(dir, holder);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${file}`);
}
