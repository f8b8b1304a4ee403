import { randomBytes } from 'node:crypto';
import { linkSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const LOCK = /^server\.lock(?:\.(\d+))?$/;
const ATTEMPTS = 20;

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

/** Every lock generation in the folder, highest first (the pre-generation `server.lock` is 0). */
function generations(dir: string): Array<{ generation: number; file: string }> {
  return readdirSync(dir)
    .flatMap((name) => {
      const match = LOCK.exec(name);
      return match ? [{ generation: Number(match[1] ?? 0), file: join(dir, name) }] : [];
    })
    .sort((a, b) => b.generation - a.generation);
}

/** The pid in a lock file; undefined when the file went away meanwhile. */
function holderOf(file: string): number | undefined {
  try {
    return Number(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const removeQuietly = (file: string) => rmSync(file, { force: true });

/**
 * PGlite is one process's database: nothing stops a second process opening the same files and
 * corrupting them, so the first server takes a lock and a second one refuses to start.
 *
 * The lock is the highest-numbered `server.lock.<n>` file, holding its holder's pid. A server takes
 * generation n + 1 by creating it exclusively (a hard link of a complete file, so nobody ever reads a
 * half-written one): of any number of processes starting at once, exactly one creates a given
 * number. A live holder is never displaced. A dead holder's lock is never deleted to take it over —
 * deleting is what let several processes "take" the same stale lock — it is outnumbered, and the
 * winner then clears the generations below its own. A process that finds a higher generation than
 * the one it just created lost a race and steps back.
 */
export function lockDataDir(dir: string): () => void {
  const draft = join(dir, `server.lock-draft.${process.pid}.${randomBytes(6).toString('hex')}`);
  writeFileSync(draft, String(process.pid), { mode: 0o644 });
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const [current] = generations(dir);
      if (current) {
        const holder = holderOf(current.file);
        if (holder === undefined) continue;
        // Our own pid on a lock we did not take is a leftover of an earlier process (pid 1 in a container).
        const alive = holder === process.pid ? heldHere.has(current.file) : holder > 0 && isRunning(holder);
        if (alive) throw new DataDirLockedError(dir, holder);
      }
      const file = join(dir, `server.lock.${(current?.generation ?? 0) + 1}`);
      try {
        linkSync(draft, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      const [highest] = generations(dir);
      if (highest && highest.file !== file) {
        removeQuietly(file);
        continue;
      }
      generations(dir)
        .filter((lock) => lock.file !== file)
        .forEach((lock) => removeQuietly(lock.file));
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        removeQuietly(file);
      };
    }
    throw new Error(`Could not take the lock in ${dir}: too many servers starting at once`);
  } finally {
    removeQuietly(draft);
  }
}
