import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  engines?: { node?: string };
  os?: string[];
  cpu?: string[];
}

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};

/** The oldest release of each Node line Sokoni supports: 20.19.0, 22.13.0, 24.0.0. */
const oldestSupported = pkg.engines.node.split('||').map((range) => semver.minVersion(range.trim())!.version);

/** A native build for another platform is never installed here, so its engines do not matter. */
const forAnotherPlatform = (entry: LockEntry) =>
  (entry.os !== undefined && !entry.os.includes(process.platform)) ||
  (entry.cpu !== undefined && !entry.cpu.includes(process.arch));

describe('the Node versions Sokoni supports', () => {
  it('are one release line each, and the lock records the same range', () => {
    expect(oldestSupported).toEqual(['20.19.0', '22.13.0', '24.0.0']);
    expect(lock.packages['']?.engines?.node).toBe(pkg.engines.node);
  });

  it('are accepted by every package npm installs, so `npm ci` warns EBADENGINE on none of them', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.engines?.node && !forAnotherPlatform(entry))
      .flatMap(([path, entry]) =>
        oldestSupported
          .filter((version) => !semver.satisfies(version, entry.engines!.node!))
          .map((version) => `${path} wants node ${entry.engines!.node}, not ${version}`),
      );
    expect(refusing).toEqual([]);
  });
});
