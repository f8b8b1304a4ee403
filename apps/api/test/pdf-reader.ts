import type { PDFRef } from 'pdf-lib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  decodePDFRawStream,
} from 'pdf-lib';

/** One text-showing operator as a reader sees it: what it says, in which font, where, how wide. */
export type PdfTextRun = {
  text: string;
  /** The font's PostScript name, without pdf-lib's '-1234' suffix: 'NotoSerif-Bold'. */
  font: string;
  /** The glyph ids shown (in the embedded font program). */
  glyphIds: number[];
  size: number;
  x: number;
  y: number;
  width: number;
};

export type PdfImage = {
  width: number;
  height: number;
  /** 3 for DeviceRGB, 1 for DeviceGray. */
  channels: 1 | 3;
  pixels: Buffer;
  /** Where the page draws it, in points. */
  placed: { x: number; y: number; width: number; height: number };
};

type Font = { name: string; toUnicode: Map<number, string>; widths: Map<number, number>; program: Buffer };

const decode = (stream: PDFRawStream) => Buffer.from(decodePDFRawStream(stream).decode());
function streamAt(dict: PDFDict, key: string): PDFRawStream {
  const stream = dict.lookup(PDFName.of(key));
  if (!(stream instanceof PDFRawStream)) throw new Error(`no stream at /${key}`);
  return stream;
}
const hexText = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

/** A ToUnicode CMap's single mappings (pdf-lib writes bfchar entries only). */
function readToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, code, unicode] of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]+)>/gi)) {
    map.set(Number.parseInt(code!, 16), hexText(unicode!));
  }
  return map;
}

/** A CIDFont's /W array: `first [w w w]` and `first last w` entries. */
function readWidths(array: PDFArray): Map<number, number> {
  const widths = new Map<number, number>();
  const items = array.asArray();
  for (let i = 0; i < items.length;) {
    const first = (items[i] as PDFNumber).asNumber();
    const next = items[i + 1];
    if (next instanceof PDFArray) {
      next.asArray().forEach((width, offset) => widths.set(first + offset, (width as PDFNumber).asNumber()));
      i += 2;
    } else {
      const last = (next as PDFNumber).asNumber();
      for (let cid = first; cid <= last; cid++) widths.set(cid, (items[i + 2] as PDFNumber).asNumber());
      i += 3;
    }
  }
  return widths;
}

function readFont(doc: PDFDocument, ref: PDFRef): Font {
  const type0 = doc.context.lookup(ref, PDFDict);
  const cidFont = type0.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
  const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict);
  return {
    name: type0.lookup(PDFName.of('BaseFont'), PDFName).decodeText().replace(/-\d+$/, ''),
    toUnicode: readToUnicode(decode(streamAt(type0, 'ToUnicode')).toString('latin1')),
    widths: readWidths(cidFont.lookup(PDFName.of('W'), PDFArray)),
    program: decode(streamAt(descriptor, 'FontFile2')),
  };
}

type Matrix = [number, number, number, number, number, number];
const multiply = ([a, b, c, d, e, f]: Matrix, [A, B, C, D, E, F]: Matrix): Matrix => [
  a * A + b * C,
  a * B + b * D,
  c * A + d * C,
  c * B + d * D,
  e * A + f * C + E,
  e * B + f * D + F,
];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/**
 * The text and images of a one-page PDF made by pdf-lib (its operators one per line, fonts as
 * Identity-H Type0 fonts with a ToUnicode map, images as RGB or grey pixels): enough to check what
 * a certificate says, where, and that its QR code reads, without a renderer.
 */
export async function readPdfPage(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(0);
  const resources = page.node.Resources()!;
  const fontDict = resources.lookup(PDFName.of('Font'), PDFDict);
  const imageDict = resources.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const fontsByRef = new Map<string, Font>();
  const fontOf = (name: string) => {
    const ref = fontDict.get(PDFName.of(name)) as PDFRef;
    const font = fontsByRef.get(ref.toString()) ?? readFont(doc, ref);
    fontsByRef.set(ref.toString(), font);
    return font;
  };

  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const operators = streams
    .map((stream) => decode(stream as PDFRawStream).toString('latin1'))
    .join('\n')
    .split('\n');

  const runs: PdfTextRun[] = [];
  const images: PdfImage[] = [];
  let font: Font | undefined;
  let size = 0;
  let position = { x: 0, y: 0 };
  let matrix = IDENTITY;
  const saved: Matrix[] = [];
  for (const operator of operators) {
    let match: RegExpExecArray | null;
    if (operator === 'q') saved.push(matrix);
    else if (operator === 'Q') matrix = saved.pop() ?? IDENTITY;
    else if ((match = /^(\S+ \S+ \S+ \S+ \S+ \S+) cm$/.exec(operator))) {
      matrix = multiply(match[1]!.split(' ').map(Number) as Matrix, matrix);
    } else if ((match = /^\/(\S+) (\S+) Tf$/.exec(operator))) {
      font = fontOf(match[1]!);
      size = Number(match[2]);
    } else if ((match = /^1 0 0 1 (\S+) (\S+) Tm$/.exec(operator))) {
      position = { x: Number(match[1]), y: Number(match[2]) };
    } else if ((match = /^<([0-9A-Fa-f]*)> Tj$/.exec(operator)) && font) {
      const glyphIds = (match[1]!.match(/.{4}/g) ?? []).map((hex) => Number.parseInt(hex, 16));
      const { toUnicode, widths, name } = font;
      runs.push({
        text: glyphIds.map((id) => toUnicode.get(id) ?? '\uFFFD').join(''),
        font: name,
        glyphIds,
        size,
        ...position,
        width: (glyphIds.reduce((sum, id) => sum + (widths.get(id) ?? 0), 0) * size) / 1000,
      });
    } else if ((match = /^\/(\S+) Do$/.exec(operator)) && imageDict) {
      const image = streamAt(imageDict, match[1]!);
      const number = (key: string) => image.dict.lookup(PDFName.of(key), PDFNumber).asNumber();
      const [a, , , d, e, f] = matrix;
      images.push({
        width: number('Width'),
        height: number('Height'),
        channels: image.dict.lookup(PDFName.of('ColorSpace')) === PDFName.of('DeviceGray') ? 1 : 3,
        pixels: decode(image),
        placed: { x: e, y: f, width: a, height: d },
      });
    }
  }
  return { doc, page, runs, images, fonts: [...fontsByRef.values()] };
}
