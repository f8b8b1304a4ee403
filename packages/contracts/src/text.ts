import { z } from 'zod';

// What people type never holds control characters or half of a surrogate pair, and PostgreSQL
// refuses a NUL in any text and a lone surrogate in UTF-8, so every string a request carries is
// one of these two. Tab, line feed and carriage return are ordinary in a post or a description;
// nothing else of the C0/C1 control ranges or DEL is.
export const LINE = /^[^\p{Cc}\p{Cs}]*$/u;
const BLOCK = /^(?:[\t\n\r]|[^\p{Cc}\p{Cs}])*$/u;

export const TEXT_MESSAGES = {
  controlCharacters: 'Text cannot contain control characters.',
} as const;

/** One line of text: a name, a title, a search, an e-mail. */
export const line = (message?: string) => z.string(message).regex(LINE, TEXT_MESSAGES.controlCharacters);

/** Text that may run over several lines: a description, a post, a review. */
export const block = (message?: string) => z.string(message).regex(BLOCK, TEXT_MESSAGES.controlCharacters);
