import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspectVideoContainer, type VideoContainer } from './video-container.js';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/video/', import.meta.url));
const fixture = (name: string) => readFileSync(`${FIXTURES}${name}`);

const plain = fixture('plain.mp4');
const faststart = fixture('faststart.mp4');
const fragmented = fixture('fragmented.mp4');
const audioOnly = fixture('audio-only.mp4');
const knownSizes = fixture('known-sizes.webm');
const unknownSizes = fixture('unknown-sizes.webm');

const FIXTURE_TYPES: [string, Buffer, VideoContainer][] = [
  ['plain.mp4 (moov last)', plain, 'mp4'],
  ['faststart.mp4 (moov first)', faststart, 'mp4'],
  ['fragmented.mp4', fragmented, 'mp4'],
  ['audio-only.mp4', audioOnly, 'mp4'],
  ['known-sizes.webm', knownSizes, 'webm'],
  ['unknown-sizes.webm (as MediaRecorder writes)', unknownSizes, 'webm'],
];

/** Deterministic noise (xorshift32), so a failure replays. */
function noise(length: number, seed = 42): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

/** A fixture's top-level boxes; the fixtures only use 32-bit sizes. */
function topLevelBoxes(mp4: Buffer): { type: string; start: number; size: number }[] {
  const boxes = [];
  for (let at = 0; at < mp4.length; at += mp4.readUInt32BE(at)) {
    boxes.push({ type: mp4.toString('latin1', at + 4, at + 8), start: at, size: mp4.readUInt32BE(at) });
  }
  return boxes;
}

function boxOf(mp4: Buffer, type: string) {
  const box = topLevelBoxes(mp4).find((candidate) => candidate.type === type);
  if (!box) throw new Error(`no ${type} box`);
  return box;
}

function withUInt32(bytes: Buffer, at: number, value: number): Buffer {
  const copy = Buffer.from(bytes);
  copy.writeUInt32BE(value, at);
  return copy;
}

function withText(bytes: Buffer, at: number, text: string): Buffer {
  const copy = Buffer.from(bytes);
  copy.write(text, at, 'latin1');
  return copy;
}

interface FixtureElement {
  id: number;
  start: number;
  sizeAt: number;
  dataStart: number;
  end: number;
}

/** A VINT's length and value (marker dropped), read the plain way. */
function readVint(webm: Buffer, at: number) {
  let length = 1;
  while (!(webm[at]! & (0x100 >> length))) length++;
  let value = webm[at]! & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + webm[at + i]!;
  return { length, value, unknown: value === 2 ** (7 * length) - 1 };
}

/** The elements laid over [start, end), up to the first of unknown size. */
function elementsIn(webm: Buffer, start: number, end: number): FixtureElement[] {
  const elements = [];
  for (let at = start; at < end;) {
    const idLength = readVint(webm, at).length;
    const size = readVint(webm, at + idLength);
    if (size.unknown) break;
    const dataStart = at + idLength + size.length;
    const element = { id: webm.readUIntBE(at, idLength), start: at, sizeAt: at + idLength, dataStart };
    elements.push({ ...element, end: dataStart + size.value });
    at = dataStart + size.value;
  }
  return elements;
}

/** The segment's level-1 elements, up to the first of unknown size. */
function level1Elements(webm: Buffer): FixtureElement[] {
  const headerSize = readVint(webm, 4);
  const segmentAt = 4 + headerSize.length + headerSize.value;
  return elementsIn(webm, segmentAt + 4 + readVint(webm, segmentAt + 4).length, webm.length);
}

function elementOf(webm: Buffer, id: number) {
  const element = level1Elements(webm).find((candidate) => candidate.id === id);
  if (!element) throw new Error(`no element ${id.toString(16)}`);
  return element;
}

/** Where a MediaRecorder-style cluster's Timestamp ends: ID, 8-byte size, E7, a 1-byte size, the value. */
function timestampEnd(webm: Buffer, clusterAt: number): number {
  return clusterAt + 14 + (webm[clusterAt + 13]! & 0x7f);
}

/** The WebM with another DocType; the fixtures write the EBML header's size in one byte. */
function withDocType(webm: Buffer, docType: string): Buffer {
  const header = webm.subarray(5, 5 + (webm[4]! & 0x7f));
  const at = header.indexOf(Buffer.from([0x42, 0x82]));
  const rebuilt = Buffer.concat([
    header.subarray(0, at),
    Buffer.from([0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType, 'latin1'),
    header.subarray(at + 3 + (header[at + 2]! & 0x7f)),
  ]);
  return Buffer.concat([
    webm.subarray(0, 4),
    Buffer.from([0x80 | rebuilt.length]),
    rebuilt,
    webm.subarray(5 + header.length),
  ]);
}

/** The attack seen in production: a right first box, then 24 MB of anything. */
const ATTACK_BYTES = 24 * 1024 * 1024;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const TAGS = 0x1254c367;
const CUES = 0x1c53bb6b;
const TRACK_TYPE = 0x83;
const CLUSTER = Buffer.from('1f43b675', 'hex');
const UNKNOWN_SIZE = Buffer.from('01ffffffffffffff', 'hex');

describe('inspectVideoContainer', () => {
  it.each(FIXTURE_TYPES)('accepts %s', (_name, bytes, type) => {
    expect(inspectVideoContainer(bytes)).toBe(type);
  });

  it('has a MediaRecorder-style fixture: segment and every cluster of unknown size', () => {
    const segmentSizeAt = 5 + (unknownSizes[4]! & 0x7f) + 4;
    expect(unknownSizes.subarray(segmentSizeAt, segmentSizeAt + 8)).toEqual(UNKNOWN_SIZE);
    let clusters = 0;
    for (let at = unknownSizes.indexOf(CLUSTER); at >= 0; at = unknownSizes.indexOf(CLUSTER, at + 1)) {
      expect(unknownSizes.subarray(at + 4, at + 12)).toEqual(UNKNOWN_SIZE);
      clusters++;
    }
    expect(clusters).toBeGreaterThan(1);
  });

  it.each(FIXTURE_TYPES)('refuses %s with bytes appended', (_name, bytes) => {
    for (const tail of [Buffer.from([0]), Buffer.from('not a video, just junk'), noise(4096)]) {
      expect(inspectVideoContainer(Buffer.concat([bytes, tail]))).toBeNull();
    }
    // Two recordings glued together are not one file.
    expect(inspectVideoContainer(Buffer.concat([bytes, bytes]))).toBeNull();
  });

  it.each(FIXTURE_TYPES)('refuses %s cut short', (_name, bytes) => {
    const half = Math.floor(bytes.length / 2);
    for (const length of [1, 4, 8, 12, 20, 40, 100, half, bytes.length - 100, bytes.length - 1]) {
      expect(inspectVideoContainer(bytes.subarray(0, length)), `cut to ${length} bytes`).toBeNull();
    }
  });

  it('accepts a live recording stopped between two elements: nothing in it says more was coming', () => {
    const lastTimestampEnd = timestampEnd(unknownSizes, unknownSizes.lastIndexOf(CLUSTER));
    expect(inspectVideoContainer(unknownSizes.subarray(0, lastTimestampEnd))).toBe('webm');
    expect(inspectVideoContainer(unknownSizes.subarray(0, lastTimestampEnd - 1))).toBeNull();
    // No cluster at all is not a recording.
    expect(inspectVideoContainer(unknownSizes.subarray(0, unknownSizes.indexOf(CLUSTER)))).toBeNull();
  });

  describe('MP4', () => {
    const ftyp = plain.subarray(0, boxOf(plain, 'ftyp').size);

    it('refuses an ftyp followed by 24 MB of junk, however the junk is dressed', () => {
      const junk = Buffer.alloc(ATTACK_BYTES, 'A');
      const noiseTail = noise(ATTACK_BYTES);
      const asMdat = withText(withUInt32(noiseTail, 0, noiseTail.length), 4, 'mdat');
      for (const attempt of [junk, noiseTail, asMdat]) {
        expect(inspectVideoContainer(Buffer.concat([ftyp, attempt]))).toBeNull();
      }
    });

    it('refuses a box whose size runs past the end', () => {
      const moov = boxOf(plain, 'moov');
      expect(inspectVideoContainer(withUInt32(plain, moov.start, moov.size + 1))).toBeNull();
      const mdat = boxOf(plain, 'mdat');
      expect(inspectVideoContainer(withUInt32(plain, mdat.start, 0xfffffff0))).toBeNull();
      const mvhd = faststart.indexOf('mvhd', 'latin1') - 4;
      expect(inspectVideoContainer(withUInt32(faststart, mvhd, faststart.length))).toBeNull();
    });

    it('refuses a size smaller than a box header', () => {
      const free = boxOf(plain, 'free');
      for (const size of [2, 7]) {
        expect(inspectVideoContainer(withUInt32(plain, free.start, size))).toBeNull();
      }
    });

    it('takes size 0 as "to the end of the file": right on the last box, wrong anywhere else', () => {
      expect(inspectVideoContainer(withUInt32(plain, boxOf(plain, 'moov').start, 0))).toBe('mp4');
      expect(inspectVideoContainer(withUInt32(plain, boxOf(plain, 'mdat').start, 0))).toBeNull();
      expect(inspectVideoContainer(withUInt32(faststart, boxOf(faststart, 'moov').start, 0))).toBeNull();
      // Inside a container it is never allowed, not even on the container's last child.
      const mvhd = faststart.indexOf('mvhd', 'latin1') - 4;
      expect(inspectVideoContainer(withUInt32(faststart, mvhd, 0))).toBeNull();
      const udta = faststart.indexOf('udta', 'latin1') - 4;
      expect(udta + faststart.readUInt32BE(udta)).toBe(
        boxOf(faststart, 'moov').start + boxOf(faststart, 'moov').size,
      );
      expect(inspectVideoContainer(withUInt32(faststart, udta, 0))).toBeNull();
    });

    it('reads a 64-bit size (size 1), and refuses one past the end', () => {
      const mdat = boxOf(plain, 'mdat');
      const largeHeader = Buffer.alloc(16);
      largeHeader.writeUInt32BE(1, 0);
      largeHeader.write('mdat', 4, 'latin1');
      largeHeader.writeBigUInt64BE(BigInt(mdat.size + 8), 8);
      const withLargeSize = (header: Buffer) =>
        Buffer.concat([plain.subarray(0, mdat.start), header, plain.subarray(mdat.start + 8)]);
      expect(inspectVideoContainer(withLargeSize(largeHeader))).toBe('mp4');
      const pastTheEnd = Buffer.from(largeHeader);
      pastTheEnd.writeBigUInt64BE(2n ** 60n, 8);
      expect(inspectVideoContainer(withLargeSize(pastTheEnd))).toBeNull();
    });

    it('refuses a file without a moov, or with two', () => {
      expect(inspectVideoContainer(plain.subarray(0, boxOf(plain, 'moov').start))).toBeNull();
      expect(
        inspectVideoContainer(withText(faststart, boxOf(faststart, 'moov').start + 4, 'free')),
      ).toBeNull();
      const moov = boxOf(faststart, 'moov');
      const twice = faststart.subarray(moov.start, moov.start + moov.size);
      expect(inspectVideoContainer(Buffer.concat([faststart, twice]))).toBeNull();
    });

    it('refuses a file without an mdat, or fragments without mvex', () => {
      expect(inspectVideoContainer(withText(plain, boxOf(plain, 'mdat').start + 4, 'free'))).toBeNull();
      const mvex = fragmented.indexOf('mvex', 'latin1');
      expect(inspectVideoContainer(withText(fragmented, mvex, 'free'))).toBeNull();
    });

    it('refuses a fragment without its header, its track fragment or the track fragment header', () => {
      for (const type of ['mfhd', 'traf', 'tfhd']) {
        const at = fragmented.indexOf(type, boxOf(fragmented, 'moof').start, 'latin1');
        expect(inspectVideoContainer(withText(fragmented, at, 'free'))).toBeNull();
      }
    });

    it('refuses a box doubled where one is expected', () => {
      const stts = audioOnly.indexOf('stts', 'latin1');
      expect(inspectVideoContainer(withText(audioOnly, stts, 'stsd'))).toBeNull();
    });

    it('refuses a track that is neither video nor sound, or has no sample description', () => {
      const handler = audioOnly.indexOf('hdlr', 'latin1') + 12;
      expect(audioOnly.toString('latin1', handler, handler + 4)).toBe('soun');
      expect(inspectVideoContainer(withText(audioOnly, handler, 'text'))).toBeNull();
      expect(
        inspectVideoContainer(withText(audioOnly, audioOnly.indexOf('stsd', 'latin1'), 'free')),
      ).toBeNull();
    });

    it('lets unknown top-level boxes be, as long as they are boxes', () => {
      const free = boxOf(plain, 'free');
      expect(inspectVideoContainer(withText(plain, free.start + 4, 'skip'))).toBe('mp4');
      expect(inspectVideoContainer(withText(plain, free.start + 4, '\x00\x01\x02\x03'))).toBeNull();
    });

    it('refuses a first box that is not a sane ftyp', () => {
      expect(inspectVideoContainer(withText(plain, 8, '\x00\x01\x02\x03'))).toBeNull();
      expect(inspectVideoContainer(withUInt32(plain, 0, 12))).toBeNull();
      const brandOnly = Buffer.concat([
        Buffer.from('\x00\x00\x00\x0cftypisom', 'latin1'),
        plain.subarray(32),
      ]);
      expect(inspectVideoContainer(brandOnly)).toBeNull();
      const ftyp = boxOf(plain, 'ftyp');
      const withBrands = (count: number) => {
        const brands = Buffer.from('mp41'.repeat(count), 'latin1');
        const grown = withUInt32(plain.subarray(0, ftyp.size), 0, ftyp.size + brands.length);
        return Buffer.concat([grown, brands, plain.subarray(ftyp.size)]);
      };
      expect(inspectVideoContainer(withBrands(4))).toBe('mp4');
      expect(inspectVideoContainer(withBrands(1000))).toBeNull();
      expect(inspectVideoContainer(Buffer.concat([plain.subarray(0, ftyp.size), plain]))).toBeNull();
    });

    it('refuses a file of hundreds of thousands of tiny boxes', () => {
      const tiny = Buffer.alloc(400_000 * 8);
      for (let at = 0; at < tiny.length; at += 8) {
        tiny.writeUInt32BE(8, at);
        tiny.write('free', at + 4, 'latin1');
      }
      expect(inspectVideoContainer(Buffer.concat([faststart, tiny]))).toBeNull();
    });
  });

  describe('WebM', () => {
    const ebmlHeader = knownSizes.subarray(0, 5 + (knownSizes[4]! & 0x7f));

    it('refuses a DocType other than webm, and reads a zero-padded one', () => {
      expect(withDocType(knownSizes, 'webm')).toEqual(knownSizes);
      expect(inspectVideoContainer(withDocType(knownSizes, 'matroska'))).toBeNull();
      expect(inspectVideoContainer(withDocType(unknownSizes, 'matroska'))).toBeNull();
      expect(inspectVideoContainer(withDocType(unknownSizes, 'webm\0\0'))).toBe('webm');
    });

    it('refuses the EBML magic or a whole EBML header followed by junk', () => {
      const magic = ebmlHeader.subarray(0, 4);
      const unknownSegment = Buffer.concat([Buffer.from('18538067', 'hex'), UNKNOWN_SIZE]);
      const noiseTail = noise(ATTACK_BYTES);
      for (const head of [magic, ebmlHeader, Buffer.concat([ebmlHeader, unknownSegment])]) {
        expect(inspectVideoContainer(Buffer.concat([head, noiseTail]))).toBeNull();
        expect(inspectVideoContainer(Buffer.concat([head, Buffer.alloc(4096, 'A')]))).toBeNull();
      }
    });

    it('reads sizes written in any length: an 8-byte size is the same number', () => {
      const info = elementOf(unknownSizes, INFO);
      const infoSize = unknownSizes[info.sizeAt]! & 0x7f;
      const longSize = Buffer.from([1, 0, 0, 0, 0, 0, 0, infoSize]);
      const rewritten = Buffer.concat([
        unknownSizes.subarray(0, info.sizeAt),
        longSize,
        unknownSizes.subarray(info.sizeAt + 1),
      ]);
      expect(inspectVideoContainer(rewritten)).toBe('webm');
    });

    it('refuses a segment without Info or Tracks', () => {
      for (const id of [INFO, TRACKS]) {
        const element = elementOf(knownSizes, id);
        expect(inspectVideoContainer(withUInt32(knownSizes, element.start, TAGS))).toBeNull();
      }
    });

    it('refuses an element at level 1 that does not belong there', () => {
      const tags = elementOf(knownSizes, TAGS);
      for (const id of [0x1a45dfa3, 0x1a2b3c4d]) {
        expect(inspectVideoContainer(withUInt32(knownSizes, tags.start, id))).toBeNull();
      }
    });

    it('refuses even a well-formed element after a segment of known size', () => {
      const voidElement = Buffer.from([0xec, 0x80]);
      expect(inspectVideoContainer(Buffer.concat([knownSizes, voidElement]))).toBeNull();
      // Without a size, the segment runs on and takes it in.
      expect(inspectVideoContainer(Buffer.concat([unknownSizes, voidElement]))).toBe('webm');
    });

    it('refuses a level-1 element that runs past the end of a segment of known size', () => {
      const last = level1Elements(knownSizes).at(-1)!;
      expect(last.end).toBe(knownSizes.length);
      const copy = Buffer.from(knownSizes);
      copy[last.dataStart - 1]! += 1;
      expect(inspectVideoContainer(copy)).toBeNull();
    });

    it('refuses something that is not a cluster child inside a cluster of unknown size', () => {
      const afterTimestamp = timestampEnd(unknownSizes, unknownSizes.indexOf(CLUSTER));
      const stray = Buffer.concat([ebmlHeader.subarray(0, 4), Buffer.from([0x80])]);
      const withStray = Buffer.concat([
        unknownSizes.subarray(0, afterTimestamp),
        stray,
        unknownSizes.subarray(afterTimestamp),
      ]);
      expect(inspectVideoContainer(withStray)).toBeNull();
    });

    it('refuses a level-1 element inside a cluster of known size', () => {
      const elements = level1Elements(knownSizes);
      const cluster = elements.find((element) => element.id === CLUSTER.readUInt32BE(0))!;
      const cues = elements.find((element) => element.id === CUES)!;
      expect(cues.start).toBe(cluster.end);
      // The cluster grows to take in the Cues that followed it; the file keeps its length.
      expect(cluster.dataStart - cluster.sizeAt).toBe(2);
      const copy = Buffer.from(knownSizes);
      copy.writeUInt16BE(0x4000 | (cues.end - cluster.dataStart), cluster.sizeAt);
      expect(inspectVideoContainer(copy)).toBeNull();
    });

    it('refuses a cluster without its Timestamp', () => {
      const timestampAt = unknownSizes.indexOf(CLUSTER) + 12;
      expect(unknownSizes[timestampAt]).toBe(0xe7);
      const copy = Buffer.from(unknownSizes);
      copy[timestampAt] = 0xec; // a Void of the same size
      expect(inspectVideoContainer(copy)).toBeNull();
    });

    it('needs one track of video or audio', () => {
      const tracks = elementOf(knownSizes, TRACKS);
      const trackTypes = elementsIn(knownSizes, tracks.dataStart, tracks.end).map((entry) =>
        elementsIn(knownSizes, entry.dataStart, entry.end).find(({ id }) => id === TRACK_TYPE)!,
      );
      expect(trackTypes.map(({ dataStart }) => knownSizes[dataStart])).toEqual([1, 2]);
      const asSubtitles = (bytes: Buffer, trackType: FixtureElement) => {
        const copy = Buffer.from(bytes);
        copy[trackType.dataStart] = 0x11;
        return copy;
      };
      const audioOnlyWebm = asSubtitles(knownSizes, trackTypes[0]!);
      expect(inspectVideoContainer(audioOnlyWebm)).toBe('webm');
      expect(inspectVideoContainer(asSubtitles(audioOnlyWebm, trackTypes[1]!))).toBeNull();
    });

    it('refuses a cluster of hundreds of thousands of tiny elements', () => {
      const voids = Buffer.alloc(400_000 * 2);
      for (let at = 0; at < voids.length; at += 2) voids.writeUInt16BE(0xec80, at);
      expect(inspectVideoContainer(Buffer.concat([unknownSizes, voids]))).toBeNull();
    });
  });

  it('refuses an MP4 header on a WebM body, and a WebM header on an MP4 body', () => {
    const ftyp = plain.subarray(0, boxOf(plain, 'ftyp').size);
    const ebmlHeader = knownSizes.subarray(0, 5 + (knownSizes[4]! & 0x7f));
    expect(inspectVideoContainer(Buffer.concat([ftyp, knownSizes]))).toBeNull();
    expect(inspectVideoContainer(Buffer.concat([ftyp, knownSizes.subarray(ebmlHeader.length)]))).toBeNull();
    expect(inspectVideoContainer(Buffer.concat([ebmlHeader, plain]))).toBeNull();
    expect(inspectVideoContainer(Buffer.concat([ebmlHeader, plain.subarray(ftyp.length)]))).toBeNull();
  });

  it('refuses nothing, a few bytes and noise', () => {
    expect(inspectVideoContainer(Buffer.alloc(0))).toBeNull();
    for (let length = 1; length <= 16; length++) {
      expect(inspectVideoContainer(plain.subarray(0, length))).toBeNull();
      expect(inspectVideoContainer(knownSizes.subarray(0, length))).toBeNull();
    }
    for (const seed of [1, 2, 3]) expect(inspectVideoContainer(noise(64 * 1024, seed))).toBeNull();
  });

  it('never throws on a damaged fixture: it answers a type or null', () => {
    const mutation = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
      fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('insert' as const),
        at: fc.nat(),
        bytes: fc.uint8Array({ maxLength: 16 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXTURE_TYPES.map(([, bytes]) => bytes)),
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        (original, mutations) => {
          let bytes = Buffer.from(original);
          for (const change of mutations) {
            const at = change.at % (bytes.length + 1);
            if (change.kind === 'set' && at < bytes.length) bytes[at] = change.byte;
            if (change.kind === 'cut') bytes = bytes.subarray(0, at);
            if (change.kind === 'insert') {
              bytes = Buffer.concat([bytes.subarray(0, at), change.bytes, bytes.subarray(at)]);
            }
          }
          expect([null, 'mp4', 'webm']).toContain(inspectVideoContainer(bytes));
        },
      ),
      { seed: 42, numRuns: 2000 },
    );
  });
});
