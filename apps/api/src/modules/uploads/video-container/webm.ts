import type { ByteSource } from './byte-source.js';

/**
 * A WebM file checked by its EBML element headers: the header must name WebM, one segment must
 * fill the rest of the file, and its level-1 elements must follow one another to its end. Frames
 * are skipped by their sizes, never read. The walk is never deeper than Segment › Tracks ›
 * TrackEntry › field, whatever the file says, so nesting can't make it slow.
 */

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMESTAMP = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
/** Void and CRC-32 may stand anywhere, at level 1 or inside a cluster. */
const VOID = 0xec;
const CRC_32 = 0xbf;

/** The level-1 elements that end a cluster of unknown size when one of them comes next. */
const LEVEL_1 = new Set([
  0x114d9b74, // SeekHead
  INFO,
  TRACKS,
  CLUSTER,
  0x1c53bb6b, // Cues
  0x1254c367, // Tags
  0x1043a770, // Chapters
  0x1941a469, // Attachments
]);
const CLUSTER_CHILDREN = new Set([
  CLUSTER_TIMESTAMP,
  SIMPLE_BLOCK,
  BLOCK_GROUP,
  0xa7, // Position
  0xab, // PrevSize
  0x5854, // SilentTracks
  0xaf, // EncryptedBlock
  VOID,
  CRC_32,
]);

const MAX_DOC_TYPE_LENGTH = 64;
/** Matroska's EBMLMaxIDLength; WebM never raises it. */
const MAX_ID_LENGTH = 4;
/**
 * Far more elements than a real 25 MB upload has; few enough that a file of 2-byte elements stays
 * fast. A longer file (a 200 MB lecture) may hold more: one element per 128 bytes is still more than
 * hours of low-rate audio blocks, and the walk stays linear in the file's size.
 */
const MIN_ELEMENTS = 300_000;
const BYTES_PER_ELEMENT = 128;

interface Element {
  id: number;
  dataStart: number;
  /** Null when the size is "unknown" (all ones): the element runs on until something else begins. */
  end: number | null;
}

/** Shared by every read of one file, so the element count is capped for the file as a whole. */
interface Budget {
  elementsLeft: number;
}

/** A VINT's length is one more than the leading zeros of its first byte; 9 means the byte was 0. */
const vintLength = (firstByte: number) => Math.clz32(firstByte) - 23;

/** The element header at `at`, or null when it is malformed or its data runs past `limit`. */
function readElementHeader(bytes: ByteSource, at: number, limit: number, budget: Budget): Element | null {
  if (--budget.elementsLeft < 0 || at >= limit) return null;
  const idLength = vintLength(bytes.readUInt8(at));
  const sizeAt = at + idLength;
  if (idLength > MAX_ID_LENGTH || sizeAt >= limit) return null;
  // IDs keep their length marker (0x1A45DFA3 is written as is); sizes drop it.
  const id = bytes.readUIntBE(at, idLength);
  const sizeLength = vintLength(bytes.readUInt8(sizeAt));
  const dataStart = sizeAt + sizeLength;
  if (sizeLength > 8 || dataStart > limit) return null;
  const valueMask = 0xff >> sizeLength;
  let size = bytes.readUInt8(sizeAt) & valueMask;
  let allOnes = size === valueMask;
  for (let i = sizeAt + 1; i < dataStart; i++) {
    // Past 2^53 the number is inexact, but then it is past the end of any buffer too.
    size = size * 256 + bytes.readUInt8(i);
    allOnes &&= bytes.readUInt8(i) === 0xff;
  }
  if (allOnes) return { id, dataStart, end: null };
  return size <= limit - dataStart ? { id, dataStart, end: dataStart + size } : null;
}

/** Children of known size laid end to end over [start, end), or null when they don't fill it exactly. */
function readChildren(bytes: ByteSource, start: number, end: number, budget: Budget): Element[] | null {
  const children: Element[] = [];
  for (let at = start; at < end;) {
    const child = readElementHeader(bytes, at, end, budget);
    if (!child || child.end === null) return null;
    children.push(child);
    at = child.end;
  }
  return children;
}

function isWebmHeader(bytes: ByteSource, header: Element, budget: Budget): boolean {
  if (header.id !== EBML_HEADER || header.end === null) return false;
  const docTypes = readChildren(bytes, header.dataStart, header.end, budget)?.filter(
    (child) => child.id === DOC_TYPE,
  );
  if (docTypes?.length !== 1) return false;
  const docType = docTypes[0]!;
  // 'webm' padded to a fixed width, never a long string: a huge one would only cost time to read.
  if (docType.end! - docType.dataStart > MAX_DOC_TYPE_LENGTH) return false;
  // EBML strings may be padded with zeros to a fixed width.
  return bytes.toString('latin1', docType.dataStart, docType.end!).replace(/\0+$/, '') === 'webm';
}

/** An unsigned integer's value; 0 when empty or longer than any track type needs. */
function readUnsigned(bytes: ByteSource, element: Element): number {
  const length = element.end! - element.dataStart;
  return length >= 1 && length <= 6 ? bytes.readUIntBE(element.dataStart, length) : 0;
}

/** Tracks holds TrackEntry elements only, each with readable fields; one must be video (1) or audio (2). */
function hasMediaTrack(bytes: ByteSource, tracks: Element, budget: Budget): boolean {
  const entries = readChildren(bytes, tracks.dataStart, tracks.end!, budget);
  if (!entries?.every((entry) => entry.id === TRACK_ENTRY || entry.id === VOID || entry.id === CRC_32)) {
    return false;
  }
  let mediaTracks = 0;
  for (const entry of entries.filter((child) => child.id === TRACK_ENTRY)) {
    const fields = readChildren(bytes, entry.dataStart, entry.end!, budget);
    if (!fields) return false;
    const trackType = fields.find((field) => field.id === TRACK_TYPE);
    if (trackType && [1, 2].includes(readUnsigned(bytes, trackType))) mediaTracks++;
  }
  return mediaTracks > 0;
}

/**
 * Walks a cluster's children: to its end when its size is known, otherwise (MediaRecorder writes
 * clusters as it records) up to the next level-1 element or the end of the file. Returns where the
 * cluster ends and how many blocks it holds, or null when it holds anything a cluster can't.
 */
function readCluster(
  bytes: ByteSource,
  cluster: Element,
  segmentEnd: number,
  budget: Budget,
): { end: number; blocks: number } | null {
  const end = cluster.end ?? segmentEnd;
  let at = cluster.dataStart;
  let timestamps = 0;
  let blocks = 0;
  while (at < end) {
    const child = readElementHeader(bytes, at, end, budget);
    if (!child) return null;
    if (cluster.end === null && LEVEL_1.has(child.id)) break;
    if (child.end === null || !CLUSTER_CHILDREN.has(child.id)) return null;
    if (child.id === CLUSTER_TIMESTAMP) timestamps++;
    if (child.id === SIMPLE_BLOCK || child.id === BLOCK_GROUP) blocks++;
    at = child.end;
  }
  return timestamps === 1 ? { end: at, blocks } : null;
}

export function isWellFormedWebm(bytes: ByteSource): boolean {
  const budget: Budget = {
    elementsLeft: Math.max(MIN_ELEMENTS, Math.ceil(bytes.length / BYTES_PER_ELEMENT)),
  };
  const header = readElementHeader(bytes, 0, bytes.length, budget);
  if (!header || !isWebmHeader(bytes, header, budget)) return false;
  const segment = readElementHeader(bytes, header.end!, bytes.length, budget);
  if (segment?.id !== SEGMENT) return false;
  // Whether its size is known or not, the one segment takes the rest of the file: nothing may follow it.
  const segmentEnd = segment.end ?? bytes.length;
  if (segmentEnd !== bytes.length) return false;

  let infos = 0;
  let tracks = 0;
  let clusters = 0;
  let blocks = 0;
  for (let at = segment.dataStart; at < segmentEnd;) {
    const element = readElementHeader(bytes, at, segmentEnd, budget);
    if (!element) return false;
    if (element.id === CLUSTER) {
      const cluster = readCluster(bytes, element, segmentEnd, budget);
      if (!cluster) return false;
      clusters++;
      blocks += cluster.blocks;
      at = cluster.end;
      continue;
    }
    const isLevel1 = LEVEL_1.has(element.id) || element.id === VOID || element.id === CRC_32;
    if (!isLevel1 || element.end === null) return false;
    if (element.id === INFO && !readChildren(bytes, element.dataStart, element.end, budget)) return false;
    if (element.id === TRACKS && !hasMediaTrack(bytes, element, budget)) return false;
    if (element.id === INFO) infos++;
    if (element.id === TRACKS) tracks++;
    at = element.end;
  }
  return infos === 1 && tracks === 1 && clusters > 0 && blocks > 0;
}
