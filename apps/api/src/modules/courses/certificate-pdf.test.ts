import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from 'fontkit';
import { PageSizes } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPdfPage } from '../../../test/pdf-reader.js';
import { readQrCodes } from '../../../test/qr-reader.js';
import { renderCertificatePdf, type CertificatePdfInput } from './certificate-pdf.js';

const CERTIFICATE: CertificatePdfInput = {
  learnerName: 'Wanjirũ Mũthoni Ĩrũngũ',
  courseTitle: 'Modern Beekeeping for Smallholder Farmers',
  instructorName: 'Dr. Achieng’ Otieno',
  // 01:30 on 2 March in Nairobi.
  issuedDate: '2026-03-01T22:30:00.000Z',
  verificationCode: 'SKN-7Q2M-X4PD-9KTR',
  verifyUrl: 'https://sokoni.test/certificates/SKN-7Q2M-X4PD-9KTR',
};
const [A4_LONG, A4_SHORT] = [PageSizes.A4[1], PageSizes.A4[0]];
/** The inner border is 34 pt in from the edge: nothing may be drawn on or past it. */
const BORDER = 34;

const require = createRequire(import.meta.url);
const fontFile = (name: string) =>
  readFileSync(require.resolve(`@expo-google-fonts/noto-serif/${name}/NotoSerif_${name}.ttf`));

const texts = (runs: Array<{ text: string }>) => runs.map((run) => run.text);

describe('renderCertificatePdf', () => {
  it('makes one A4 landscape page saying who completed which course, taught by whom, when, and its code', async () => {
    const pdf = await renderCertificatePdf(CERTIFICATE);
    const { doc, page, runs } = await readPdfPage(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(page.getSize()).toEqual({ width: A4_LONG, height: A4_SHORT });
    expect(texts(runs)).toEqual([
      'SOKONI',
      'Certificate of Completion',
      'This certifies that',
      'Wanjirũ Mũthoni Ĩrũngũ',
      'has successfully completed',
      'Modern Beekeeping for Smallholder Farmers',
      'taught by Dr. Achieng’ Otieno',
      'Scan to verify',
      'Issued 2 Mar 2026',
      'Verification code: SKN-7Q2M-X4PD-9KTR',
      'Verify this certificate at:',
      'https://sokoni.test/certificates/SKN-7Q2M-X4PD-9KTR',
    ]);
    expect(runs.find((run) => run.text === CERTIFICATE.learnerName)).toMatchObject({
      font: 'NotoSerif-Bold',
      size: 40,
    });
    expect(doc.getTitle()).toBe('Certificate of Completion: Modern Beekeeping for Smallholder Farmers');
    expect(doc.getCreationDate()?.toISOString()).toBe(CERTIFICATE.issuedDate);
  });

  it('draws a name beyond Latin-1 with the embedded font’s own glyphs, not blanks or boxes', async () => {
    const { runs, fonts } = await readPdfPage(await renderCertificatePdf(CERTIFICATE));
    const name = runs.find((run) => run.text === CERTIFICATE.learnerName)!;
    const embedded = fontkit.create(fonts.find((font) => font.name === 'NotoSerif-Bold')!.program);
    const original = fontkit.create(fontFile('700Bold'));
    const characters = [...CERTIFICATE.learnerName];
    expect(name.glyphIds).toHaveLength(characters.length);
    // The subset's outline of each glyph is the one the full font has for that character.
    name.glyphIds.forEach((glyphId, index) => {
      const codePoint = characters[index]!.codePointAt(0)!;
      expect(glyphId).not.toBe(0);
      expect(embedded.getGlyph(glyphId).path.toSVG()).toBe(
        original.glyphForCodePoint(codePoint).path.toSVG(),
      );
    });
    expect(embedded.getGlyph(name.glyphIds[characters.indexOf('Ĩ')]!).path.commands.length).toBeGreaterThan(
      0,
    );
  });

  it('writes a name typed with combining accents as the same letters', async () => {
    const decomposed = CERTIFICATE.learnerName.normalize('NFD');
    expect(decomposed).not.toBe(CERTIFICATE.learnerName);
    const { runs } = await readPdfPage(
      await renderCertificatePdf({ ...CERTIFICATE, learnerName: decomposed }),
    );
    expect(texts(runs)).toContain('Wanjirũ Mũthoni Ĩrũngũ');
  });

  it('prints a QR code that reads as the verification link, large enough to scan', async () => {
    const { images } = await readPdfPage(await renderCertificatePdf(CERTIFICATE));
    expect(images).toHaveLength(1);
    const [qr] = images as [(typeof images)[number]];
    // At least an inch across on paper, inside the border.
    expect(qr.placed.width).toBeGreaterThanOrEqual(72);
    expect(qr.placed.height).toBe(qr.placed.width);
    expect(qr.placed.x).toBeGreaterThan(BORDER);
    expect(qr.placed.y).toBeGreaterThan(BORDER);
    expect(qr.placed.x + qr.placed.width).toBeLessThan(A4_LONG - BORDER);
    const png = await sharp(qr.pixels, {
      raw: { width: qr.width, height: qr.height, channels: qr.channels },
    })
      .png()
      .toBuffer();
    expect(await readQrCodes(png)).toEqual([CERTIFICATE.verifyUrl]);
  });

  it('wraps or shrinks a long name and title, and keeps every line inside the border', async () => {
    const learnerName = 'Wanjirũ Mũthoni Ĩrũngũ Nyambura Wairimũ Gĩcherũ Kamau Mwangi Njoroge Kariũki';
    const courseTitle =
      'Modern Beekeeping for Smallholder Farmers in Central Kenya: Hives, Harvests and Honey Markets, ' +
      'From the First Colony to a Business That Pays the School Fees';
    const instructorName = 'Dr. Achieng’ Otieno Odhiambo Awino Adhiambo Onyango Ochieng Okoth Owino Atieno';
    const { runs } = await readPdfPage(
      await renderCertificatePdf({ ...CERTIFICATE, learnerName, courseTitle, instructorName }),
    );
    const lines = texts(runs);
    const nameLines = lines.slice(3, lines.indexOf('has successfully completed'));
    const titleLines = lines.slice(lines.indexOf('has successfully completed') + 1, -6);
    expect(nameLines.length).toBeGreaterThan(1);
    expect(nameLines.join(' ')).toBe(learnerName);
    expect(titleLines.length).toBeGreaterThan(1);
    expect(titleLines.join(' ')).toBe(courseTitle);
    expect(lines.at(-6)).toBe(`taught by ${instructorName}`);
    for (const run of runs) {
      expect(run.x, run.text).toBeGreaterThan(BORDER);
      expect(run.x + run.width, run.text).toBeLessThan(A4_LONG - BORDER);
      expect(run.y, run.text).toBeGreaterThan(BORDER);
      expect(run.y + run.size, run.text).toBeLessThan(A4_SHORT - BORDER);
    }
    // Lines never overlap: each baseline is below the one before by more than its size.
    const body = runs.slice(0, -5);
    body.slice(1).forEach((run, index) => {
      expect(body[index]!.y - run.y, run.text).toBeGreaterThanOrEqual(run.size);
    });
  });

  it('breaks a word too long for any line instead of letting it run off the page', async () => {
    const courseTitle = 'X'.repeat(120);
    const { runs } = await readPdfPage(await renderCertificatePdf({ ...CERTIFICATE, courseTitle }));
    const titleRuns = runs.filter((run) => /^X+$/.test(run.text));
    expect(titleRuns.map((run) => run.text).join('')).toBe(courseTitle);
    for (const run of titleRuns) expect(run.x + run.width).toBeLessThan(A4_LONG - BORDER);
  });
});
