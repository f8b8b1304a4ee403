import { SITE } from '@sokoni/contracts/site';
import { escapeHtml } from './html.js';

/** Sokoni's green (the web app's theme colour), its ink and its page. */
const GREEN = '#047857';
const INK = '#1f2937';
const PAGE = '#f8fafc';

const BODY_STYLE = `margin:0;padding:0;background:${PAGE};font-family:Arial,Helvetica,sans-serif;color:${INK};line-height:1.5`;

/** A paragraph of the letter; `html` arrives escaped. */
export const paragraph = (html: string) => `<p style="margin:0 0 16px">${html}</p>`;

/** A heading within the letter. */
export const heading = (text: string) =>
  `<h2 style="margin:24px 0 8px;font-size:16px;color:${GREEN}">${escapeHtml(text)}</h2>`;

/** Lines of plain text as one paragraph's HTML: each escaped, a line break between. */
export const lines = (texts: string[]) => texts.map(escapeHtml).join('<br>');

/** A link that shows its own address. */
export const link = (url: string) =>
  `<a href="${escapeHtml(url)}" style="color:${GREEN}">${escapeHtml(url)}</a>`;

/** An e-mail address, a tap away from a new message. */
export const mailLink = (email: string) =>
  `<a href="mailto:${escapeHtml(email)}" style="color:${GREEN}">${escapeHtml(email)}</a>`;

/**
 * The HTML of every e-mail Sokoni sends: laid out for a phone's width (most of it is read on one),
 * Sokoni's name on its green band above the letter's `body` (HTML, each piece escaped by its maker).
 */
export const mailDocument = (body: string[]) =>
  [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${SITE.name}</title></head>`,
    `<body style="${BODY_STYLE}">`,
    '<div style="max-width:560px;margin:0 auto;background:#ffffff">',
    `<div style="background:${GREEN};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${SITE.name}</div>`,
    '<div style="padding:24px">',
    ...body,
    '</div></div></body></html>',
    '',
  ].join('\n');

/**
 * A letter of paragraphs, each a list of lines, as plain text and as HTML in the layout above: the
 * same lines in both, every one escaped (a sign-off's line breaks kept).
 */
export const letterParts = (paragraphs: string[][]): { text: string; html: string } => ({
  text: `${paragraphs.map((texts) => texts.join('\n')).join('\n\n')}\n`,
  html: mailDocument(paragraphs.map((texts) => paragraph(lines(texts.flatMap((text) => text.split('\n')))))),
});
