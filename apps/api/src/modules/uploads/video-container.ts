import type { ByteSource } from './video-container/byte-source.js';
import { isWellFormedMp4 } from './video-container/mp4.js';
import { isWellFormedWebm } from './video-container/webm.js';

export type VideoContainer = 'mp4' | 'webm';

/**
 * MP4 or WebM when the whole file is a well-formed container of that kind, otherwise null. Right
 * first bytes are not enough (sniffVideoType's test): every box or element header is read, from the
 * first to the last byte, but no frame is decoded, so a 25 MB upload is checked in milliseconds.
 * The bytes are a Buffer, or a large file read from the disk a page at a time (withFileBytes).
 */
export function inspectVideoContainer(bytes: ByteSource): VideoContainer | null {
  if (isWellFormedMp4(bytes)) return 'mp4';
  if (isWellFormedWebm(bytes)) return 'webm';
  return null;
}
