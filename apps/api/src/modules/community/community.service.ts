import { COMMUNITY_MESSAGES as M } from '@sokoni/contracts/community-rules';
import type {
  CreateGroupInput,
  CreateReplyInput,
  CreateThreadData,
  Group,
  Reply,
  ThreadDetail,
  ThreadQuery,
  ThreadSummary,
} from '@sokoni/contracts/community';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { refuseOwn } from '../../lib/access.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import * as repo from './community.repository.js';

const toSummary = (thread: repo.ThreadRecord): ThreadSummary => ({
  id: thread.id,
  title: thread.title,
  content: thread.content,
  image: thread.image,
  video: thread.video,
  category: thread.category,
  group: thread.groupId && thread.groupName ? { id: thread.groupId, name: thread.groupName } : null,
  author: thread.authorId && thread.authorName ? { id: thread.authorId, name: thread.authorName } : null,
  tags: thread.tags,
  replyCount: thread.replyCount,
  createdAt: thread.createdAt.toISOString(),
  ...(thread.hiddenAt ? { moderation: { hiddenReason: thread.hiddenReason ?? '' } } : {}),
});

const toReply = (reply: repo.ReplyRecord): Reply => ({
  id: reply.id,
  threadId: reply.threadId,
  parentReplyId: reply.parentReplyId,
  content: reply.content,
  image: reply.image,
  video: reply.video,
  authorId: reply.authorId,
  author: reply.authorName ? { id: reply.authorId, name: reply.authorName } : null,
  upvotes: reply.upvotes,
  createdAt: reply.createdAt.toISOString(),
  ...(reply.hiddenAt ? { moderation: { hiddenReason: reply.hiddenReason ?? '' } } : {}),
});

export type CommunityService = ReturnType<typeof createCommunityService>;

export function createCommunityService({ db, uploads }: { db: Db; uploads: Pick<UploadsService, 'claim'> }) {
  const threadNotFound = () => notFound(M.threadNotFound, 'THREAD_NOT_FOUND');
  /** A post carries its author's own uploads only. */
  const claimAttachments = async (tx: Db, caller: AuthUser, attachments: Array<string | undefined>) => {
    if (!(await uploads.claim(tx, caller, attachments))) {
      throw badRequest(M.foreignAttachment, 'FOREIGN_ATTACHMENT');
    }
  };

  return {
    listGroups: async (): Promise<Group[]> => repo.findGroups(db),

    /** Names are unique whatever their case ('Mama Mboga' and 'mama mboga' are one group). */
    async createGroup(caller: AuthUser, input: Required<CreateGroupInput>): Promise<Group> {
      try {
        return await repo.insertGroup(db, { ...input, createdBy: caller.sub });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(M.groupNameTaken, 'GROUP_NAME_TAKEN');
        throw error;
      }
    },

    async listThreads(query: ThreadQuery): Promise<{ items: ThreadSummary[]; total: number }> {
      const [records, total] = await Promise.all([repo.findThreads(db, query), repo.countThreads(db, query)]);
      return { items: records.map(toSummary), total };
    },

    /**
     * Anyone may read a thread; a signed-in caller also learns which replies they upvoted. What
     * moderators hid (#28) is its author's alone, with the reason: a thread, or a reply in one.
     */
    async getThread(id: string, caller: AuthUser | null): Promise<ThreadDetail> {
      const thread = isUuid(id) ? await repo.findThreadById(db, id) : undefined;
      if (!thread || (thread.hiddenAt && thread.authorId !== caller?.sub)) throw threadNotFound();
      const [replies, votedReplyIds] = await Promise.all([
        repo.findRepliesOfThread(db, id, caller?.sub),
        caller ? repo.findVotedReplyIds(db, id, caller.sub) : Promise.resolve([]),
      ]);
      return { ...toSummary(thread), replies: replies.map(toReply), votedReplyIds };
    },

    async createThread(caller: AuthUser, input: CreateThreadData): Promise<ThreadSummary> {
      if (input.groupId && !(await repo.groupExists(db, input.groupId)))
        throw notFound(M.groupNotFound, 'GROUP_NOT_FOUND');
      const id = await db.transaction(async (tx) => {
        await claimAttachments(tx, caller, [input.image, input.video]);
        return repo.insertThread(tx, {
          title: input.title,
          content: input.content,
          category: input.category,
          groupId: input.groupId ?? null,
          authorId: caller.sub,
          tags: input.tags,
          image: input.image ?? null,
          video: input.video ?? null,
        });
      });
      const created = await repo.findThreadById(db, id);
      if (!created) throw new Error(`thread ${id} vanished after insert`);
      return toSummary(created);
    },

    /** A reply to a reply must stay in the same thread. */
    async createReply(caller: AuthUser, input: CreateReplyInput): Promise<Reply> {
      const id = await db.transaction(async (tx) => {
        if (input.parentReplyId) {
          const parent = await repo.findReplyById(tx, input.parentReplyId);
          if (!parent || parent.threadId !== input.threadId || parent.hiddenAt)
            throw badRequest(M.parentNotInThread, 'PARENT_NOT_IN_THREAD');
        }
        await claimAttachments(tx, caller, [input.image, input.video]);
        const replyId = await repo.insertReply(tx, {
          threadId: input.threadId,
          parentReplyId: input.parentReplyId ?? null,
          authorId: caller.sub,
          content: input.content,
          image: input.image ?? null,
          video: input.video ?? null,
        });
        if (!replyId) throw threadNotFound();
        return replyId;
      });
      const reply = await repo.findReplyById(db, id);
      if (!reply) throw new Error(`reply ${id} vanished after insert`);
      return toReply(reply);
    },

    /**
     * One upvote per user per reply, kept by the database's unique key: a second one is 400 'Already
     * voted'. Nobody upvotes their own reply (403).
     */
    async upvote(caller: AuthUser, replyId: string): Promise<{ replyId: string; upvotes: number }> {
      const reply = isUuid(replyId) ? await repo.findReplyById(db, replyId) : undefined;
      if (!reply || reply.hiddenAt) throw notFound(M.replyNotFound, 'REPLY_NOT_FOUND');
      refuseOwn(caller, reply.authorId, () => forbidden(M.ownReply, 'OWN_REPLY'));
      try {
        const upvotes = await db.transaction((tx) => repo.addUpvote(tx, replyId, caller.sub));
        return { replyId, upvotes };
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(M.alreadyVoted, 'ALREADY_VOTED');
        throw error;
      }
    },
  };
}
