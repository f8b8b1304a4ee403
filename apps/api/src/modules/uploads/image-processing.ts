import { IMAGE_MAX_SIDE, THUMBNAIL_MAX_SIDE } from '@sokoni/contracts/uploads';

export type SniffedImage = 'jpeg' | 'png' | 'webp';

/** The file's type from its first bytes; the name and the declared content type are not trusted. */
export function sniffImageType(bytes: Buffer): SniffedImage | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export type SniffedVideo = 'mp4' | 'webm';

/** MP4 (an ISO-BMFF 'ftyp' box first) or WebM (an EBML header), from the bytes. */
export function sniffVideoType(bytes: Buffer): SniffedVideo | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return 'mp4';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  return null;
}

/** A decompression bomb (a tiny file that decodes to gigapixels) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Re-encodes to WebP: turned upright by its EXIF orientation, then every piece of metadata (EXIF,
 * GPS, XMP, ICC) dropped, the longest side at most 1600 px; plus a thumbnail of at most 400 px.
 */
export async function toWebp(bytes: Buffer): Promise<{ image: Buffer; thumbnail: Buffer }> {
  // libvips is loaded with the first photo: a server that only answers pages never holds it.
  const { default: sharp } = await import('sharp');
  const source = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  const [image, thumbnail] = await Promise.all([
    source()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
    source()
      .resize({
        width: THUMBNAIL_MAX_SIDE,
        height: THUMBNAIL_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 72 })
      .toBuffer(),
  ]);
  return { image, thumbnail };
}
