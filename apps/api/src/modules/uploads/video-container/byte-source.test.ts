import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectVideoContainer } from '../video-container.js';
import { withFileBytes } from './byte-source.js';

const dir = mkdtempSync(join(tmpdir(), 'sokoni-bytes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/video/${name}`, import.meta.url));
let files = 0;
const onDisk = (bytes: Buffer) => {
  files += 1;
  const path = join(dir, `${files}.bin`);
  writeFileSync(path, bytes);
  return path;
};

const videos = ['plain.mp4', 'faststart.mp4', 'fragmented.mp4', 'known-sizes.webm', 'unknown-sizes.webm'];

describe('a file read a page at a time', () => {
  // Pages of 7 and 64 bytes put box and element headers across page boundaries all the time.
  it.each([7, 64, 1024 * 1024])(
    'gives the container check the same verdicts as the bytes in memory (%i-byte pages)',
    (pageBytes) => {
      for (const name of videos) {
        const bytes = fixture(name);
        const variants = [
          bytes,
          bytes.subarray(0, bytes.length - 3),
          Buffer.concat([bytes, Buffer.from('tail')]),
        ];
        for (const variant of variants) {
          const inMemory = inspectVideoContainer(variant);
          expect(withFileBytes(onDisk(variant), inspectVideoContainer, pageBytes), name).toBe(inMemory);
        }
        expect(withFileBytes(onDisk(bytes), inspectVideoContainer, pageBytes)).not.toBeNull();
      }
    },
  );

  it('reads numbers and text across pages as a Buffer does, and refuses to read past the end', () => {
    const bytes = Buffer.from(Array.from({ length: 40 }, (_, i) => (i * 37 + 11) % 256));
    withFileBytes(
      onDisk(bytes),
      (file) => {
        expect(file.length).toBe(40);
        for (let at = 0; at <= 32; at++) {
          expect(file.readUInt8(at)).toBe(bytes.readUInt8(at));
          expect(file.readUInt32BE(at)).toBe(bytes.readUInt32BE(at));
          expect(file.readBigUInt64BE(at)).toBe(bytes.readBigUInt64BE(at));
          expect(file.readUIntBE(at, 6)).toBe(bytes.readUIntBE(at, 6));
          expect(file.toString('latin1', at, at + 5)).toBe(bytes.toString('latin1', at, at + 5));
        }
        expect(() => file.readUInt32BE(37)).toThrow(RangeError);
        expect(() => file.readUInt8(40)).toThrow(RangeError);
      },
      6,
    );
  });
});
