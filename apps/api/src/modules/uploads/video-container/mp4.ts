import type { ByteSource } from './byte-source.js';

/**
 * An ISO-BMFF (MP4) file checked by its box headers alone: the boxes must tile the file and the
 * few that make it playable must be there. Media payloads are never read, so 25 MB takes a few
 * milliseconds; what a payload holds is the decoder's business, not this check's.
 */

/** Far more boxes than a real 25 MB upload has; few enough that a file of 8-byte boxes stays fast. */
const MAX_BOXES = 300_000;
/** ftyp is a brand, a version and a short list of compatible brands; anything longer is not one. */
const MAX_FTYP_SIZE = 1024;

/** Box types compared as numbers: a string per box costs more than the rest of the walk. */
const fourCC = (code: string) => Buffer.from(code, 'latin1').readUInt32BE(0);
const FTYP = fourCC('ftyp');
const MOOV = fourCC('moov');
const MVHD = fourCC('mvhd');
const MVEX = fourCC('mvex');
const TRAK = fourCC('trak');
const MDIA = fourCC('mdia');
const HDLR = fourCC('hdlr');
const MINF = fourCC('minf');
const STBL = fourCC('stbl');
const STSD = fourCC('stsd');
const MDAT = fourCC('mdat');
const MOOF = fourCC('moof');
const MFHD = fourCC('mfhd');
const TRAF = fourCC('traf');
const TFHD = fourCC('tfhd');
const VIDE = fourCC('vide');
const SOUN = fourCC('soun');

interface Box {
  type: number;
  start: number;
  /** After the 32-bit size and type, and the 64-bit size when there is one. */
  payloadStart: number;
  end: number;
}

/** Shared by every walk over one file, so a crafted file can't multiply the work by nesting. */
interface Budget {
  boxesLeft: number;
}

/** A box type is a four-character code; junk rarely spells one, and never box after box. */
function isFourCharCode(bytes: ByteSource, at: number): boolean {
  for (let i = at; i < at + 4; i++) {
    const byte = bytes.readUInt8(i);
    if (byte < 0x20 || byte > 0x7e) return false;
  }
  return true;
}

/**
 * Hands `visit` each box laid end to end over [start, end). False as soon as one runs past the
 * end, bytes are left over, or `visit` refuses a box.
 */
function walkBoxes(
  bytes: ByteSource,
  [start, end]: [number, number],
  budget: Budget,
  visit: (box: Box) => boolean,
  topLevel = false,
): boolean {
  for (let at = start; at < end;) {
    if (--budget.boxesLeft < 0 || end - at < 8 || !isFourCharCode(bytes, at + 4)) return false;
    let size = bytes.readUInt32BE(at);
    let headerLength = 8;
    if (size === 1) {
      if (end - at < 16) return false;
      // Past 2^53 the number is inexact, but then it is past the end of any buffer too.
      size = Number(bytes.readBigUInt64BE(at + 8));
      headerLength = 16;
    } else if (size === 0 && topLevel) {
      // "Runs to the end of the file": the spec allows it on the last top-level box only.
      size = end - at;
    }
    if (size < headerLength || size > end - at) return false;
    const box = {
      type: bytes.readUInt32BE(at + 4),
      start: at,
      payloadStart: at + headerLength,
      end: at + size,
    };
    if (!visit(box)) return false;
    at = box.end;
  }
  return true;
}

const payloadOf = (box: Box): [number, number] => [box.payloadStart, box.end];

/**
 * The one child of each type asked for, in that order; null when one is missing or doubled, or the
 * children don't tile their parent.
 */
function onlyChildren(bytes: ByteSource, parent: Box, types: number[], budget: Budget): Box[] | null {
  const found: Box[] = [];
  const tiles = walkBoxes(bytes, payloadOf(parent), budget, (box) => {
    const index = types.indexOf(box.type);
    if (index < 0) return true;
    if (found[index]) return false;
    found[index] = box;
    return true;
  });
  return tiles && types.every((_, index) => found[index]) ? found : null;
}

function isSaneFtyp(bytes: ByteSource, ftyp: Box): boolean {
  const payloadLength = ftyp.end - ftyp.payloadStart;
  // Major brand and minor version, then whole four-byte compatible brands.
  if (ftyp.type !== FTYP || payloadLength < 8 || payloadLength % 4 !== 0) return false;
  return ftyp.end <= MAX_FTYP_SIZE && isFourCharCode(bytes, ftyp.payloadStart);
}

/** The handler type in a trak's mdia/hdlr (vide, soun, …); null when the track can't describe its samples. */
function trackHandler(bytes: ByteSource, trak: Box, budget: Budget): number | null {
  const [mdia] = onlyChildren(bytes, trak, [MDIA], budget) ?? [];
  const [hdlr, minf] = (mdia && onlyChildren(bytes, mdia, [HDLR, MINF], budget)) ?? [];
  // Version and flags, pre_defined, the handler type, then three reserved words.
  if (!hdlr || !minf || hdlr.end - hdlr.payloadStart < 24) return null;
  const [stbl] = onlyChildren(bytes, minf, [STBL], budget) ?? [];
  // Even a fragmented file's tracks describe their codec in stsd; without it nothing can be decoded.
  if (!stbl || !onlyChildren(bytes, stbl, [STSD], budget)) return null;
  return bytes.readUInt32BE(hdlr.payloadStart + 8);
}

/**
 * Whether moov declares fragments (mvex); null unless it has its header and only readable tracks,
 * one of them video or sound.
 */
function readMovie(bytes: ByteSource, moov: Box, budget: Budget): { declaresFragments: boolean } | null {
  const count = { headers: 0, extends: 0, mediaTracks: 0 };
  const tiles = walkBoxes(bytes, payloadOf(moov), budget, (box) => {
    if (box.type === MVHD) count.headers++;
    if (box.type === MVEX) count.extends++;
    if (box.type !== TRAK) return true;
    const handler = trackHandler(bytes, box, budget);
    if (handler === VIDE || handler === SOUN) count.mediaTracks++;
    return handler !== null;
  });
  if (!tiles || count.headers !== 1 || count.extends > 1 || count.mediaTracks === 0) return null;
  return { declaresFragments: count.extends === 1 };
}

/** A moof carries its sequence number (mfhd) and at least one track fragment, each with its header. */
function isWellFormedFragment(bytes: ByteSource, moof: Box, budget: Budget): boolean {
  const count = { headers: 0, trackFragments: 0 };
  const tiles = walkBoxes(bytes, payloadOf(moof), budget, (box) => {
    if (box.type === MFHD) count.headers++;
    if (box.type !== TRAF) return true;
    count.trackFragments++;
    return onlyChildren(bytes, box, [TFHD], budget) !== null;
  });
  return tiles && count.headers === 1 && count.trackFragments > 0;
}

export function isWellFormedMp4(bytes: ByteSource): boolean {
  // Not worth a walk: every MP4 opens with its ftyp box.
  if (bytes.length < 8 || bytes.readUInt32BE(4) !== FTYP) return false;
  const budget: Budget = { boxesLeft: MAX_BOXES };
  const seen = { movies: 0, declaresFragments: false, mediaData: 0, fragments: 0 };
  // The top level is walked box by box, never kept: a fragmented file can have thousands of boxes.
  const tiles = walkBoxes(
    bytes,
    [0, bytes.length],
    budget,
    (box) => {
      // ftyp comes first and once: a second one is another file glued on.
      if (box.start === 0 || box.type === FTYP) return box.start === 0 && isSaneFtyp(bytes, box);
      if (box.type === MDAT) seen.mediaData++;
      if (box.type === MOOF) {
        seen.fragments++;
        return isWellFormedFragment(bytes, box, budget);
      }
      if (box.type !== MOOV) return true;
      if (++seen.movies > 1) return false;
      const movie = readMovie(bytes, box, budget);
      seen.declaresFragments = movie?.declaresFragments ?? false;
      return movie !== null;
    },
    true,
  );
  // Fragmented or not, samples live in an mdat; a file without one has nothing to play.
  if (!tiles || seen.movies !== 1 || seen.mediaData === 0) return false;
  return seen.fragments === 0 || seen.declaresFragments;
}
