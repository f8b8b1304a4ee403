/**
 * The grammar of a Proof cell in docs/FEATURES.md (written out in its "How to read the status"):
 *
 *   cell     = "—" | gap | citation { "; " citation } [ "; " gap ]
 *   citation = "`" path "`" { " (" title ")" } [ " — " note ]
 *   gap      = "⚠ " text to the end of the cell
 *
 * A title is a test's exact title, with balanced parentheses; a note runs to the next "; ".
 */
export type Citation = { path: string; titles: string[] };
export type ProofCell = { citations: Citation[]; gap: string | null; empty: boolean };
export type ParsedCell = { ok: true; cell: ProofCell } | { ok: false; error: string };

const NOTHING = '—';
const GAP = '⚠ ';
const SEPARATOR = '; ';
const NOTE = ' — ';

class GrammarError extends Error {}

export function parseProofCell(text: string): ParsedCell {
  if (text === NOTHING) return { ok: true, cell: { citations: [], gap: null, empty: true } };
  try {
    return { ok: true, cell: readCitations(text) };
  } catch (error) {
    if (error instanceof GrammarError) return { ok: false, error: error.message };
    throw error;
  }
}

function readCitations(text: string): ProofCell {
  const citations: Citation[] = [];
  let at = 0;
  for (;;) {
    if (text.startsWith(GAP, at)) return { citations, gap: text.slice(at + GAP.length), empty: false };
    if (text[at] !== '`') {
      throw new GrammarError(
        `expected a \`path\` or "⚠ " at "${excerpt(text, at)}" (a note follows a citation after " — ")`,
      );
    }
    const pathEnd = text.indexOf('`', at + 1);
    if (pathEnd < 0) throw new GrammarError(`unclosed \` at "${excerpt(text, at)}"`);
    const citation: Citation = { path: text.slice(at + 1, pathEnd), titles: [] };
    citations.push(citation);
    at = pathEnd + 1;
    while (text.startsWith(' (', at)) {
      const close = closingParenthesis(text, at + 1);
      citation.titles.push(text.slice(at + 2, close));
      at = close + 1;
    }
    if (text.startsWith(NOTE, at)) {
      const next = text.indexOf(SEPARATOR, at);
      at = next < 0 ? text.length : next;
    }
    if (at === text.length) return { citations, gap: null, empty: false };
    if (!text.startsWith(SEPARATOR, at)) {
      throw new GrammarError(
        `expected " (title)", " — note" or "; " after a citation at "${excerpt(text, at)}"`,
      );
    }
    at += SEPARATOR.length;
  }
}

/** The index of the ")" that closes the "(" at `open`, counting nested pairs. */
function closingParenthesis(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '(') depth += 1;
    if (text[index] === ')') depth -= 1;
    if (depth === 0) return index;
  }
  throw new GrammarError(`unclosed ( at "${excerpt(text, open)}"`);
}

function excerpt(text: string, at: number): string {
  const rest = text.slice(at);
  return rest.length > 40 ? `${rest.slice(0, 40)}…` : rest;
}
