import { z } from 'zod';
import { CreateThreadInput } from '@sokoni/contracts/community';
import { parseTags } from './attachment';

const contract = CreateThreadInput.shape;

/**
 * The new-thread form as typed — a category that may still be unchosen, a group that may be
 * none, tags on one comma-separated line — checked with POST /community/threads' own rules and
 * turned into what it takes.
 */
export const ThreadForm = z.object({
  title: contract.title,
  content: contract.content,
  category: z.string().pipe(contract.category),
  groupId: z
    .string()
    .transform((id) => id || undefined)
    .pipe(contract.groupId),
  // The contract checks each tag at its own place in the list; the form has one box for them all.
  tags: z.string().transform((text, ctx) => {
    const tags = contract.tags.safeParse(parseTags(text));
    if (tags.success) return tags.data;
    for (const issue of tags.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }),
});
export type ThreadFormValues = z.input<typeof ThreadForm>;
