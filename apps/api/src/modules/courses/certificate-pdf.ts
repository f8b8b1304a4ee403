import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from 'fontkit';
import { PDFDocument, PageSizes, rgb, type Color, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { CERTIFICATE_TEXT as TEXT, type CertificateFacts } from '@sokoni/contracts/courses-rules';
import { SITE } from '@sokoni/contracts/site';
import { nairobiDate } from '../../lib/clock.js';

export type CertificatePdfInput = CertificateFacts & {
  /** ISO date-time; printed as the day in Nairobi. */
  issuedDate: string;
  verificationCode: string;
  verifyUrl: string;
};

/**
 * Noto Serif (SIL Open Font License 1.1, shipped in @expo-google-fonts/noto-serif): learners'
 * names are written in Kikuyu, Luo, Swahili and more, and PDF's standard fonts stop at Latin-1
 * ('Wanjirũ' would not print). Noto covers Latin, Greek and Cyrillic with their extensions; only
 * the glyphs used are embedded (subset), so a certificate stays small.
 */
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
  bold: '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
  italic: '@expo-google-fonts/noto-serif/400Regular_Italic/NotoSerif_400Regular_Italic.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

const require = createRequire(import.meta.url);
let fontFiles: Promise<Buffer[]> | undefined;
/** Read on the first certificate, then kept: 1.5 MB the server needs only when one is asked for. */
async function loadFonts(): Promise<Record<FontName, Buffer>> {
  const names = Object.keys(FONT_FILES) as FontName[];
  fontFiles ??= Promise.all(names.map((name) => readFile(require.resolve(FONT_FILES[name]))));
  const files = await fontFiles;
  return Object.fromEntries(names.map((name, index) => [name, files[index]])) as Record<FontName, Buffer>;
}

const INK = rgb(0.06, 0.09, 0.16); // slate-900, the web app's text
const MUTED = rgb(0.28, 0.33, 0.41); // slate-600
const BRAND = rgb(0.02, 0.59, 0.41); // emerald-600, the web app's accent

const [PAGE_WIDTH, PAGE_HEIGHT] = [PageSizes.A4[1], PageSizes.A4[0]];
const TEXT_WIDTH = PAGE_WIDTH - 2 * 110;
const QR_SIZE = 96;
const FOOTER_WIDTH = TEXT_WIDTH - QR_SIZE - 24;
const LEADING = 1.25;

/** A text broken into lines, at one size. */
type SetText = { lines: string[]; size: number };
const single = (line: string, size: number): SetText => ({ lines: [line], size });

/** One way to set a text: at most `lines` lines, at the largest size from `max` down to `min` that fits. */
type Fit = { lines: number; max: number; min: number };

/** The text broken into lines no wider than `width` at `size`: at spaces, or inside a word too long for a line. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = current ? `${current} ${word}` : word;
    if (fits(joined)) {
      current = joined;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    for (const char of word) {
      if (current && !fits(current + char)) {
        lines.push(current);
        current = '';
      }
      current += char;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * Sets the text by the first way that fits, so a long name or title shrinks, then wraps, and never
 * runs off the page. When none does (far beyond the contracts' lengths) the last way's lines are
 * cut and end in '…'.
 */
function fitText(text: string, font: PDFFont, width: number, ways: Fit[]): SetText {
  for (const way of ways) {
    for (let size = way.max; size >= way.min; size--) {
      const lines = wrap(text, font, size, width);
      if (lines.length <= way.lines) return { lines, size };
    }
  }
  const last = ways.at(-1)!;
  const lines = wrap(text, font, last.min, width - font.widthOfTextAtSize('…', last.min));
  return { lines: [...lines.slice(0, last.lines - 1), `${lines[last.lines - 1]}…`], size: last.min };
}

/**
 * Draws lines from `top` (the top of the first line, accents included) down, centred on the page
 * unless `x` is given; answers the y under the last line's descenders.
 */
function drawLines(
  page: PDFPage,
  { lines, size }: SetText,
  font: PDFFont,
  { top, color = INK, x }: { top: number; color?: Color; x?: number },
): number {
  // Noto's accented capitals ('Ĩ') reach about one em above the baseline, its descenders a quarter below.
  let baseline = top - size;
  for (const line of lines) {
    const left = x ?? (PAGE_WIDTH - font.widthOfTextAtSize(line, size)) / 2;
    page.drawText(line, { x: left, y: baseline, size, font, color });
    baseline -= size * LEADING;
  }
  return baseline + size * LEADING - size * 0.25;
}

/** A quiet zone of four modules and error correction M, as the tickets' codes: a phone reads it off a print. */
const qrPng = (url: string) =>
  QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });

/**
 * A certificate of completion, one A4 landscape page: Sokoni's name, the learner, the course on
 * Sokoni with its lessons and length, the instructor's Sokoni account and since when, what the
 * certificate is not, the day it was issued (Nairobi), and the code and link that verify it, also as
 * a QR code. Names are set in Unicode NFC, so a name typed with combining accents prints as written.
 */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const learnerName = input.learnerName.normalize('NFC');
  const courseTitle = input.courseTitle.normalize('NFC');
  const instructorName = input.instructorName.normalize('NFC');
  const issuedAt = new Date(input.issuedDate);

  // Without updateMetadata pdf-lib stamps the machine's time; the certificate carries its issue date.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const bytes = await loadFonts();
  const embed = (name: FontName) => doc.embedFont(bytes[name], { subset: true });
  const [regular, bold, italic] = await Promise.all([embed('regular'), embed('bold'), embed('italic')]);
  doc.setTitle(`${TEXT.title}: ${courseTitle}`);
  doc.setAuthor(SITE.name);
  doc.setSubject(`${learnerName}, ${courseTitle}`);
  doc.setCreator(SITE.name);
  doc.setProducer(SITE.name);
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);

  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  page.drawRectangle({
    x: 24,
    y: 24,
    width: PAGE_WIDTH - 48,
    height: PAGE_HEIGHT - 48,
    borderColor: BRAND,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 34,
    y: 34,
    width: PAGE_WIDTH - 68,
    height: PAGE_HEIGHT - 68,
    borderColor: BRAND,
    borderWidth: 0.75,
  });

  let y = PAGE_HEIGHT - 72;
  y = drawLines(page, single(SITE.name.toUpperCase(), 14), bold, { top: y, color: BRAND }) - 10;
  y = drawLines(page, single(TEXT.title, 30), bold, { top: y }) - 18;
  y = drawLines(page, single(TEXT.certifies, 13), italic, { top: y, color: MUTED }) - 10;
  const name = fitText(learnerName, bold, TEXT_WIDTH, [
    { lines: 1, max: 36, min: 22 },
    { lines: 2, max: 22, min: 14 },
  ]);
  y = drawLines(page, name, bold, { top: y }) - 12;
  y = drawLines(page, single(TEXT.completed, 13), italic, { top: y, color: MUTED }) - 10;
  const title = fitText(courseTitle, bold, TEXT_WIDTH, [
    { lines: 1, max: 24, min: 18 },
    { lines: 2, max: 18, min: 14 },
    { lines: 3, max: 14, min: 10 },
  ]);
  y = drawLines(page, title, bold, { top: y }) - 8;
  const content = TEXT.content(input.lessonCount, input.contentMinutes);
  y = drawLines(page, single(content, 12), regular, { top: y, color: MUTED }) - 4;
  const taughtBy = fitText(TEXT.taughtBy(instructorName, input.instructorMemberSince), regular, TEXT_WIDTH, [
    { lines: 1, max: 12, min: 10 },
    { lines: 2, max: 10, min: 8 },
  ]);
  y = drawLines(page, taughtBy, regular, { top: y, color: MUTED }) - 14;
  // What the certificate is not, in type a reader of a CV does not pass over.
  const notice = fitText(TEXT.notAQualification, regular, TEXT_WIDTH, [{ lines: 2, max: 10, min: 8 }]);
  drawLines(page, notice, regular, { top: y });

  // The footer, above the border: the QR code on the right, the day, code and link on its left.
  const left = (PAGE_WIDTH - TEXT_WIDTH) / 2;
  const qrX = left + TEXT_WIDTH - QR_SIZE;
  const bottom = 58;
  page.drawImage(await doc.embedPng(await qrPng(input.verifyUrl)), {
    x: qrX,
    y: bottom + 14,
    width: QR_SIZE,
    height: QR_SIZE,
  });
  const caption = single(TEXT.scanToVerify, 8);
  const captionWidth = regular.widthOfTextAtSize(TEXT.scanToVerify, 8);
  drawLines(page, caption, regular, {
    top: bottom + 10,
    color: MUTED,
    x: qrX + (QR_SIZE - captionWidth) / 2,
  });
  const footer = { color: MUTED, x: left };
  let line = bottom + 14 + QR_SIZE;
  const issuedDay = nairobiDate(issuedAt.getTime());
  line = drawLines(page, single(TEXT.issued(issuedDay), 11), regular, { ...footer, top: line }) - 4;
  line = drawLines(page, single(TEXT.code(input.verificationCode), 11), bold, { ...footer, top: line }) - 10;
  line = drawLines(page, single(`${TEXT.verifyAt}:`, 9), italic, { ...footer, top: line }) - 3;
  const link = fitText(input.verifyUrl, regular, FOOTER_WIDTH, [
    { lines: 1, max: 10, min: 7 },
    { lines: 2, max: 7, min: 6 },
  ]);
  drawLines(page, link, regular, { ...footer, top: line });

  return doc.save();
}
