import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from 'fontkit';
import { PageSizes } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_TEXT } from '@sokoni/contracts/courses-rules';
import { readPdfPage } from '../../../test/pdf-reader.js';
import { readQrCodes } from '../../../test/qr-reader.js';
import { renderCertificatePdf, type CertificatePdfInput } from './certificate-pdf.js';

const CERTIFICATE: CertificatePdfInput = {
  learnerName: 'Wanjirũ Mũthoni Ĩrũngũ',
  courseTitle: 'Modern Beekeeping for Smallholder Farmers',
  instructorName: 'Dr. Achieng’ Otieno',
  instructorMemberSince: '2024-11',
  lessonCount: 12,
  contentMinutes: 210,
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
/** The footer's runs, drawn last: 'Scan to verify', the day, the code, 'Verify … at:' and the link. */
const FOOTER_RUNS = 5;

describe('renderCertificatePdf', () => {
  it('makes one A4 landscape page saying who completed which course on Sokoni, how long, taught by which account, when, and its code', async () => {
    const pdf = await renderCertificatePdf(CERTIFICATE);
    const { doc, page, runs } = await readPdfPage(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(page.getSize()).toEqual({ width: A4_LONG, height: A4_SHORT });
    const lines = texts(runs);
    expect(lines.slice(0, 8)).toEqual([
      'SOKONI',
      'Certificate of Completion',
      'This certifies that',
      'Wanjirũ Mũthoni Ĩrũngũ',
      'has completed the online course on Sokoni',
      'Modern Beekeeping for Smallholder Farmers',
      '12 lessons · 3 hours 30 minutes of content',
      'taught by the Sokoni account Dr. Achieng’ Otieno, member since November 2024',
    ]);
    expect(lines.slice(8, -FOOTER_RUNS).join(' ')).toBe(CERTIFICATE_TEXT.notAQualification);
    expect(lines.slice(-FOOTER_RUNS)).toEqual([
      'Scan to verify',
      'Issued 2 Mar 2026',
      'Verification code: SKN-7Q2M-X4PD-9KTR',
      'Verify this certificate at:',
      'https://sokoni.test/certificates/SKN-7Q2M-X4PD-9KTR',
    ]);
    expect(runs.find((run) => run.text === CERTIFICATE.learnerName)).toMatchObject({
      font: 'NotoSerif-Bold',
      size: 36,
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

  it.each([
    {
      learnerName: 'Wanjirũ Mũthoni Ĩrũngũ Nyambura Wairimũ Gĩcherũ Kamau Mwangi Njoroge Kariũki',
      courseTitle:
        'Modern Beekeeping for Smallholder Farmers in Central Kenya: Hives, Harvests and Honey Markets, ' +
        'From the First Colony to a Business That Pays the School Fees',
      instructorName: 'Dr. Achieng’ Otieno Odhiambo Awino Adhiambo Onyango Ochieng Okoth Owino Atieno',
    },
    // The widest letters at the contracts' longest: an 80-character name, a 120-character title.
    {
      learnerName: 'WMWMWMWMWM '.repeat(8).trim(),
      courseTitle: 'MWMWMWMWMWM '.repeat(10).trim(),
      instructorName: 'WMWMWMWMWM '.repeat(8).trim(),
    },
  ])(
    'wraps or shrinks a long name and title, and keeps every line inside the border, above the footer',
    async (long) => {
      const input = { ...CERTIFICATE, ...long, lessonCount: 200, contentMinutes: 12_345 };
      const { runs, images } = await readPdfPage(await renderCertificatePdf(input));
      const lines = texts(runs);
      const completed = lines.indexOf(CERTIFICATE_TEXT.completed);
      const content = lines.indexOf('200 lessons · 205 hours 45 minutes of content');
      const nameLines = lines.slice(3, completed);
      const titleLines = lines.slice(completed + 1, content);
      expect(nameLines.length).toBeGreaterThan(1);
      expect(nameLines.join(' ')).toBe(input.learnerName);
      expect(titleLines.length).toBeGreaterThan(1);
      expect(titleLines.join(' ')).toBe(input.courseTitle);
      const rest = lines.slice(content + 1, -FOOTER_RUNS).join(' ');
      expect(rest).toBe(
        `${CERTIFICATE_TEXT.taughtBy(input.instructorName, '2024-11')} ${CERTIFICATE_TEXT.notAQualification}`,
      );
      for (const run of runs) {
        expect(run.x, run.text).toBeGreaterThan(BORDER);
        expect(run.x + run.width, run.text).toBeLessThan(A4_LONG - BORDER);
        expect(run.y, run.text).toBeGreaterThan(BORDER);
        expect(run.y + run.size, run.text).toBeLessThan(A4_SHORT - BORDER);
      }
      // Lines never overlap: each baseline is below the one before by more than its size.
      const body = runs.slice(0, -FOOTER_RUNS);
      body.slice(1).forEach((run, index) => {
        expect(body[index]!.y - run.y, run.text).toBeGreaterThanOrEqual(run.size);
      });
      // The body's last line, descenders included, stays above the footer's text and QR code.
      const last = body.at(-1)!;
      const footerTop = Math.max(
        ...runs.slice(-FOOTER_RUNS).map((run) => run.y + run.size),
        ...images.map((image) => image.placed.y + image.placed.height),
      );
      expect(last.y - last.size * 0.25).toBeGreaterThan(footerTop);
    },
  );

  it('breaks a word too long for any line instead of letting it run off the page', async () => {
    const courseTitle = 'X'.repeat(120);
    const { runs } = await readPdfPage(await renderCertificatePdf({ ...CERTIFICATE, courseTitle }));
    const titleRuns = runs.filter((run) => /^X+$/.test(run.text));
    expect(titleRuns.map((run) => run.text).join('')).toBe(courseTitle);
    for (const run of titleRuns) expect(run.x + run.width).toBeLessThan(A4_LONG - BORDER);
  });
});
