import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * The bytes a container check reads: a Buffer, or a file read a page at a time so that a 200 MB
 * lesson video is checked without being held in memory. Reads past the end throw, as a Buffer's do.
 */
export interface ByteSource {
  readonly length: number;
  readUInt8(offset: number): number;
  readUInt32BE(offset: number): number;
  readBigUInt64BE(offset: number): bigint;
  readUIntBE(offset: number, byteLength: number): number;
  toString(encoding: 'latin1', start: number, end: number): string;
}

/** 1 MB pages, the last few kept: a walk moves forward through the file, with short detours into a box. */
const PAGE_BYTES = 1024 * 1024;
const PAGES_KEPT = 4;

/**
 * Runs `check` over the file's bytes, read with synchronous reads (the checks are synchronous):
 * at most PAGES_KEPT pages in memory, and the file closed afterwards.
 */
export function withFileBytes<T>(path: string, check: (bytes: ByteSource) => T, pageBytes = PAGE_BYTES): T {
  const fd = openSync(path, 'r');
  try {
    return check(new FileBytes(fd, fstatSync(fd).size, pageBytes));
  } finally {
    closeSync(fd);
  }
}

class FileBytes implements ByteSource {
  /** In the order they were last used, oldest first. */
  private readonly pages = new Map<number, Buffer>();

  constructor(
    private readonly fd: number,
    readonly length: number,
    private readonly pageBytes: number,
  ) {}

  private page(index: number): Buffer {
    const kept = this.pages.get(index);
    if (kept) {
      this.pages.delete(index);
      this.pages.set(index, kept);
      return kept;
    }
    const start = index * this.pageBytes;
    const page = Buffer.allocUnsafe(Math.min(this.pageBytes, this.length - start));
    for (let read = 0; read < page.length;) {
      const count = readSync(this.fd, page, read, page.length - read, start + read);
      if (count === 0) throw new Error('the file was cut short while it was being checked');
      read += count;
    }
    this.pages.set(index, page);
    if (this.pages.size > PAGES_KEPT) this.pages.delete(this.pages.keys().next().value!);
    return page;
  }

  /** The `size` bytes at `offset` as a buffer and where they start in it: the page, or a copy across two. */
  private view(offset: number, size: number): [Buffer, number] {
    if (!Number.isInteger(offset) || offset < 0 || size < 0 || offset + size > this.length) {
      throw new RangeError(`bytes ${offset}..${offset + size} are outside the file (${this.length} bytes)`);
    }
    const index = Math.floor(offset / this.pageBytes);
    const at = offset - index * this.pageBytes;
    const page = this.page(index);
    if (at + size <= page.length) return [page, at];
    // Only a few bytes ever straddle two pages: a header, a four-character code.
    const joined = Buffer.allocUnsafe(size);
    for (let i = 0; i < size; i++) joined[i] = this.readUInt8(offset + i);
    return [joined, 0];
  }

  readUInt8(offset: number): number {
    const [buffer, at] = this.view(offset, 1);
    return buffer.readUInt8(at);
  }

  readUInt32BE(offset: number): number {
    const [buffer, at] = this.view(offset, 4);
    return buffer.readUInt32BE(at);
  }

  readBigUInt64BE(offset: number): bigint {
    const [buffer, at] = this.view(offset, 8);
    return buffer.readBigUInt64BE(at);
  }

  readUIntBE(offset: number, byteLength: number): number {
    const [buffer, at] = this.view(offset, byteLength);
    return buffer.readUIntBE(at, byteLength);
  }

  toString(encoding: 'latin1', start: number, end: number): string {
    const [buffer, at] = this.view(start, end - start);
    return buffer.toString(encoding, at, at + end - start);
  }
}
