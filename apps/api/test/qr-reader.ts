import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// Left alone, zxing-wasm fetches its wasm from a CDN; tests read the installed copy.
prepareZXingModule({
  overrides: {
    wasmBinary: new Uint8Array(
      readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')),
    ).buffer,
  },
});

/** The texts of the QR codes in an image, as the organizer's scanner (zxing) reads them. */
export async function readQrCodes(image: Buffer): Promise<string[]> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const results = await readBarcodes(
    { data: pixels, width: info.width, height: info.height },
    { formats: ['QRCode'] },
  );
  return results.map((result) => result.text);
}
