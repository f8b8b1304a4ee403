import { z } from 'zod';
import { BlockDatesInput } from '@sokoni/contracts/stays';
import { STAY_MESSAGES, addDays, isCalendarDay, stayBlockProblem } from '@sokoni/contracts/stays-rules';

/** What the block form says beyond the contract's stay messages. */
export const BLOCK_MESSAGES = {
  lastBeforeFirst: 'The last night cannot be before the first night.',
  blocked: 'Dates blocked.',
  blockFailed: 'Could not block those dates. Please try again.',
  unblocked: 'Dates open again.',
  unblockFailed: 'Could not unblock those dates. Please try again.',
} as const;

/**
 * POST /stays/{id}/blocks' body for the nights `first` to `last` as the host picked them (the
 * contract's end date is the day after the last night, like a check-out), or the first rule broken:
 * the contract's, with today's date in Nairobi.
 */
export function blockRequest(
  picked: { first: string; last: string; note: string },
  today: string,
): { body: BlockDatesInput; problem: null } | { body: null; problem: string } {
  const { first, last, note } = picked;
  if (!isCalendarDay(first) || !isCalendarDay(last))
    return { body: null, problem: STAY_MESSAGES.datesRequired };
  if (last < first) return { body: null, problem: BLOCK_MESSAGES.lastBeforeFirst };
  const body = { startDate: first, endDate: addDays(last, 1), note: note.trim() };
  const problem =
    stayBlockProblem(body.startDate, body.endDate, today) ??
    BlockDatesInput.safeParse(body).error?.issues[0]?.message ??
    null;
  return problem ? { body: null, problem } : { body, problem: null };
}

/** The block form as typed: the first and last night ('YYYY-MM-DD', '' until picked) and a note. */
export type BlockFormValues = { first: string; last: string; note: string };

export const EMPTY_BLOCK_VALUES: BlockFormValues = { first: '', last: '', note: '' };

/**
 * The block form checked with blockRequest into POST /stays/{id}/blocks' body. What is wrong is the
 * form's to say, above its button (path 'root'), not one field's: the rule joins the two nights.
 */
export const blockDatesForm = (today: string) =>
  z.object({ first: z.string(), last: z.string(), note: z.string() }).transform((picked, context) => {
    const request = blockRequest(picked, today);
    if (request.body) return request.body;
    context.addIssue({ code: 'custom', message: request.problem, path: ['root'] });
    return z.NEVER;
  });
