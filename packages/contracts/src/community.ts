import { z } from 'zod';
import { ModerationNotice } from './moderation.js';
import {
  COMMUNITY_MESSAGES as M,
  GROUP_NAME_MAX,
  GROUP_NAME_MIN,
  REPLY_CONTENT_MAX,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  THREAD_CATEGORIES,
  THREAD_CONTENT_MAX,
  THREAD_TITLE_MAX,
} from './community-rules.js';
import { pageQuery } from './paging.js';
import { block, line } from './text.js';

export const Group = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type Group = z.infer<typeof Group>;

export const CreateGroupInput = z.object({
  name: line(M.groupNameRequired)
    .trim()
    .min(1, M.groupNameRequired)
    .min(GROUP_NAME_MIN, M.groupNameTooShort)
    .max(GROUP_NAME_MAX, M.groupNameTooLong),
  description: block().trim().max(500).default(''),
});
export type CreateGroupInput = z.input<typeof CreateGroupInput>;

const imageUrl = z.string().regex(/^\/api\/uploads\/community\/[a-f0-9]{32}\.webp$/, M.foreignAttachment);
const videoUrl = z
  .string()
  .regex(/^\/api\/uploads\/community\/[a-f0-9]{32}\.(mp4|webm)$/, M.foreignAttachment);

/** Tags: trimmed, blanks dropped, duplicates (case-insensitive) removed. */
const Tags = z
  .array(line().max(200))
  .default([])
  .transform((tags) => {
    const seen = new Set<string>();
    return tags
      .map((tag) => tag.trim())
      .filter((tag) => tag.length > 0 && !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()));
  })
  .pipe(z.array(z.string().max(TAG_MAX_LENGTH, M.tagTooLong)).max(TAGS_MAX, M.tooManyTags));

export const CreateThreadInput = z.object({
  title: line().trim().max(THREAD_TITLE_MAX, M.titleTooLong).default(''),
  content: block(M.contentRequired)
    .trim()
    .min(1, M.contentRequired)
    .max(THREAD_CONTENT_MAX, M.contentTooLong),
  category: z.enum(THREAD_CATEGORIES, M.categoryRequired),
  groupId: z.uuid(M.groupNotFound).optional(),
  tags: Tags,
  image: imageUrl.optional(),
  video: videoUrl.optional(),
});
export type CreateThreadInput = z.input<typeof CreateThreadInput>;
export type CreateThreadData = z.output<typeof CreateThreadInput>;

export const CreateReplyInput = z.object({
  threadId: z.uuid(M.threadNotFound),
  content: block(M.replyRequired).trim().min(1, M.replyRequired).max(REPLY_CONTENT_MAX, M.replyTooLong),
  parentReplyId: z.uuid(M.parentNotInThread).optional(),
  image: imageUrl.optional(),
  video: videoUrl.optional(),
});
export type CreateReplyInput = z.input<typeof CreateReplyInput>;

const Author = z.object({ id: z.string(), name: z.string() }).nullable();

export const ThreadSummary = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  category: z.enum(THREAD_CATEGORIES),
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  author: Author,
  tags: z.array(z.string()),
  replyCount: z.number().int(),
  createdAt: z.iso.datetime(),
  /** #28: set only on an item moderators hid, shown to its owner alone (everyone else: not found). */
  moderation: ModerationNotice.optional(),
});
export type ThreadSummary = z.infer<typeof ThreadSummary>;

export const Reply = z.object({
  id: z.string(),
  threadId: z.string(),
  parentReplyId: z.string().nullable(),
  content: z.string(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  authorId: z.string(),
  author: Author,
  upvotes: z.number().int(),
  createdAt: z.iso.datetime(),
  /** #28: set only on an item moderators hid, shown to its owner alone (everyone else: not found). */
  moderation: ModerationNotice.optional(),
});
export type Reply = z.infer<typeof Reply>;

export const ThreadDetail = ThreadSummary.extend({
  replies: z.array(Reply),
  /** Replies the signed-in caller has upvoted (empty for a visitor). */
  votedReplyIds: z.array(z.string()),
});
export type ThreadDetail = z.infer<typeof ThreadDetail>;

export const ThreadQuery = z.object({
  groupId: z.uuid(M.groupNotFound).optional(),
  category: z.enum(THREAD_CATEGORIES, M.categoryRequired).optional(),
  ...pageQuery({ defaultLimit: 20, maxLimit: 100 }).shape,
});
export type ThreadQuery = z.output<typeof ThreadQuery>;

export const UpvoteResponse = z.object({ replyId: z.string(), upvotes: z.number().int() });
