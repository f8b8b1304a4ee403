import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.js';

const CONTENDER = fileURLToPath(new URL('../../test/lock-contender.ts', import.meta.url));
const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sokoni-lock-'));
  dirs.push(dir);
  return dir;
};
const lockFiles = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('server.lock'));
/** The pid of a process that has exited: what a server killed with -9 leaves in its lock. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid as number;

afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('is taken once: a second taker is refused until the first lets go, and nothing is left behind', () => {
    const dir = newDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(lockFiles(dir)).toEqual([]);
    lockDataDir(dir)();
    expect(lockFiles(dir)).toEqual([]);
  });

  it.each([['server.lock.7'], ['server.lock']])('takes over a lock %s left by a dead process', (name) => {
    const dir = newDir();
    writeFileSync(join(dir, name), String(deadPid()));
    const release = lockDataDir(dir);
    expect(lockFiles(dir)).toHaveLength(1);
    expect(readFileSync(join(dir, lockFiles(dir)[0] as string), 'utf8')).toBe(String(process.pid));
    release();
    expect(lockFiles(dir)).toEqual([]);
  });
});

/** A process that takes and lets go of the lock when told to (test/lock-contender.ts). */
type Contender = {
  pid: number;
  ask(command: string): Promise<string>;
  child: ChildProcessWithoutNullStreams;
};

function startContender(): Promise<Contender> {
  const child = spawn(process.execPath, ['--import', 'tsx', CONTENDER]);
  const answers: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else answers.push(line);
  });
  const nextLine = () =>
    new Promise<string>((resolve) => {
      const ready = answers.shift();
      if (ready !== undefined) resolve(ready);
      else waiting.push(resolve);
    });
  return nextLine().then(() => ({
    pid: child.pid as number,
    child,
    ask(command) {
      child.stdin.write(`${command}\n`);
      return nextLine();
    },
  }));
}

describe('servers starting at the same instant on a stale lock', () => {
  const CONTENDERS = 4;
  let contenders: Contender[] = [];
  beforeAll(async () => {
    contenders = await Promise.all(Array.from({ length: CONTENDERS }, startContender));
  }, 60_000);
  afterAll(() => contenders.forEach((contender) => contender.child.kill()));

  it('let exactly one of them have it, 20 times out of 20, and it stays theirs', async () => {
    for (let trial = 0; trial < 20; trial += 1) {
      const dir = newDir();
      writeFileSync(join(dir, trial % 2 ? 'server.lock.3' : 'server.lock'), String(deadPid()));
      const answers = await Promise.all(contenders.map((contender) => contender.ask(`take ${dir}`)));
      const winners = contenders.filter((_, index) => answers[index] === 'locked');
      expect(winners, `trial ${trial}: ${answers.join(', ')}`).toHaveLength(1);
      // The winner's lock is the only one left, and it names the winner.
      const files = lockFiles(dir);
      expect(files).toHaveLength(1);
      expect(readFileSync(join(dir, files[0] as string), 'utf8')).toBe(String(winners[0]?.pid));
      await Promise.all(contenders.map((contender) => contender.ask('release')));
      expect(lockFiles(dir)).toEqual([]);
    }
  }, 60_000);
});
