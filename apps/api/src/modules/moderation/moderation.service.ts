import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import type {
  ModerationCase,
  ModerationQueue,
  ReportCreated,
  ReportInput,
  ResolveReportInput,
  SuspendUserInput,
  UserSuspended,
} from '@sokoni/contracts/moderation';
import {
  MODERATION_TEXTS,
  REPORTS_PER_DAY,
  REPORTS_TO_HIDE,
  SUSPENDED_OWNER_REASON,
  type ReportSubject,
} from '@sokoni/contracts/moderation-rules';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthUser } from '../../lib/tokens.js';
import * as repo from './moderation.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The queue shows this many cases at a time, the longest waiting first. */
export const QUEUE_SIZE = 50;
/** How much of a post or review stands for it in the queue. */
const TITLE_LENGTH = 80;

/**
 * How a vertical's caches and in-memory indexes learn that moderators hid or showed again some of
 * its listings (by id), in `tx`: forgotten here, and in every other server process, once it commits.
 */
export type ModeratedListings = (tx: Db, ids: string[]) => Promise<void>;

/** Which vertical keeps what each kind of item shows in its caches: a review moves its listing's rating. */
const CACHED_AS: Partial<Record<ReportSubject, repo.ListingSubject>> = {
  product: 'product',
  product_review: 'product',
  stay: 'stay',
  stay_review: 'stay',
  event: 'event',
  course: 'course',
};

/** Where each kind of item is seen in the web app, from the id of its page. */
const PAGES: Record<ReportSubject, (pageId: string) => string> = {
  product: (id) => `/products/${id}`,
  product_review: (id) => `/products/${id}`,
  stay: (id) => `/stays/${id}`,
  stay_review: (id) => `/stays/${id}`,
  event: (id) => `/tickets/${id}`,
  course: (id) => `/courses/${id}`,
  thread: (id) => `/community/${id}`,
  reply: (id) => `/community/${id}`,
};

/** The first words of a text, cut at a word within `length` characters. */
export function firstWords(text: string, length = TITLE_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const titleOf = (item: repo.SubjectRecord) =>
  item.parentTitle !== null && item.text.trim() === '' ? item.parentTitle : firstWords(item.text);

const caseNotFound = () => notFound(MODERATION_TEXTS.notFound, 'CASE_NOT_FOUND');

export type ModerationService = ReturnType<typeof createModerationService>;

/**
 * Reports and what admins decide about them (#28, docs/decisions/0018). One report per account per
 * item; the reports of one item are taken one at a time under its case's lock, so the third from a
 * different account hides it exactly once; every decision is logged with who and when.
 */
export function createModerationService(deps: {
  db: Db;
  clock?: Clock;
  /** Each vertical's caches of what it lists; a vertical with none is left out. */
  listings: Partial<Record<repo.ListingSubject, ModeratedListings>>;
}) {
  const { db } = deps;
  const { now } = deps.clock ?? systemClock;

  /** The item hidden (with its reason) or shown again, and whatever shows it told. */
  async function setHidden(
    tx: Db,
    subject: ReportSubject,
    item: repo.SubjectRecord,
    change: { reason: string; at: Date } | null,
  ): Promise<void> {
    if (await repo.setHidden(tx, subject, item.id, change)) {
      await repo.moveTotals(tx, subject, item.id, change ? -1 : 1);
    }
    const cached = CACHED_AS[subject];
    if (cached) await deps.listings[cached]?.(tx, [item.pageId]);
  }

  /** Cases as the queue shows them: each item's title, page and owner, its reports and decisions. */
  async function present(cases: repo.CaseRecord[]): Promise<ModerationCase[]> {
    const ids = cases.map((found) => found.id);
    const kinds = [...new Set(cases.map((found) => found.subject))];
    const [reports, decisions, ...items] = await Promise.all([
      repo.findReportsOfCases(db, ids),
      repo.findDecisionsOfCases(db, ids),
      ...kinds.map((kind) =>
        repo.findSubjects(
          db,
          kind,
          cases.filter((found) => found.subject === kind).map((found) => found.subjectId),
        ),
      ),
    ]);
    const itemOf = new Map(items.flat().map((item) => [item.id, item]));
    return cases.map((found) => {
      const item = itemOf.get(found.subjectId);
      return {
        id: found.id,
        subject: found.subject,
        subjectId: found.subjectId,
        title: item ? titleOf(item) : MODERATION_TEXTS.notFound,
        path: item ? PAGES[found.subject](item.pageId) : null,
        owner: { id: found.ownerId, name: found.ownerName, suspended: found.ownerSuspended },
        state: found.state,
        hiddenReason: item?.hiddenReason ?? null,
        openedAt: found.openedAt.toISOString(),
        reports: reports
          .filter((report) => report.caseId === found.id)
          .map((report) => ({
            id: report.id,
            reporterName: report.reporterName,
            reason: report.reason,
            note: report.note,
            createdAt: report.createdAt.toISOString(),
          })),
        decisions: decisions
          .filter((decision) => decision.caseId === found.id)
          .map((decision) => ({
            action: decision.action,
            reason: decision.reason,
            decidedBy: decision.decidedBy,
            decidedAt: decision.decidedAt.toISOString(),
          })),
      };
    });
  }

  return {
    /**
     * A signed-in user's report of something shown to them, never their own; once per item
     * (REPORTS_PER_DAY a day in all). The item's case is made or, decided before, opened again; at
     * REPORTS_TO_HIDE reports it is hidden pending review, unless an admin has restored it.
     */
    async report(caller: AuthUser, input: ReportInput): Promise<ReportCreated> {
      const at = new Date(now());
      const id = await db.transaction(async (tx) => {
        await repo.lockReporter(tx, caller.sub);
        if ((await repo.countReportsBy(tx, caller.sub, new Date(at.getTime() - DAY_MS))) >= REPORTS_PER_DAY)
          throw tooManyRequests(MODERATION_TEXTS.tooManyReports, 'REPORT_LIMIT');
        const [item] = await repo.findSubjects(tx, input.subject, [input.subjectId]);
        if (!item?.visible || item.ownerId === null)
          throw notFound(MODERATION_TEXTS.notFound, 'REPORTED_ITEM_NOT_FOUND');
        if (item.ownerId === caller.sub) throw forbidden(MODERATION_TEXTS.ownItem, 'OWN_ITEM');
        const found = await repo.lockCaseOf(tx, {
          subject: input.subject,
          subjectId: item.id,
          ownerId: item.ownerId,
        });
        // Hidden meanwhile by the report just before this one, which held the case's lock.
        if (found.state === 'hidden') throw notFound(MODERATION_TEXTS.notFound, 'REPORTED_ITEM_NOT_FOUND');
        const reportId = await repo.insertReport(tx, {
          caseId: found.id,
          reporterId: caller.sub,
          reason: input.reason,
          note: input.note,
          createdAt: at,
        });
        if (!reportId) throw conflict(MODERATION_TEXTS.alreadyReported, 'ALREADY_REPORTED');
        if (found.decidedAt) await repo.reopenCase(tx, found.id, at);
        // Only a case no admin has decided on: once restored, only an admin hides it.
        if (found.state === 'open' && (await repo.countReportsOfCase(tx, found.id)) >= REPORTS_TO_HIDE) {
          const reason = MODERATION_TEXTS.hiddenPendingReview;
          await setHidden(tx, input.subject, item, { reason, at });
          await repo.updateCase(tx, found.id, { state: 'hidden' });
          await repo.insertDecision(tx, {
            caseId: found.id,
            action: 'auto_hide',
            reason,
            decidedBy: null,
            decidedAt: at,
          });
        }
        return reportId;
      });
      return { id, message: MODERATION_TEXTS.reported };
    },

    /** The open cases, the longest waiting first (QUEUE_SIZE of them). */
    async queue(): Promise<ModerationQueue> {
      return { items: await present(await repo.findOpenCases(db, QUEUE_SIZE)) };
    },

    /**
     * An admin's decision on a case: Hide (with the reason its owner sees) or Restore. Either closes
     * the case until it is reported again; it is logged with who and when. A listing of a suspended
     * owner stays hidden for the suspension when restored.
     */
    async resolve(admin: AuthUser, caseId: string, input: ResolveReportInput): Promise<ModerationCase> {
      const at = new Date(now());
      await db.transaction(async (tx) => {
        const found = isUuid(caseId) ? await repo.lockCase(tx, caseId) : undefined;
        if (!found) throw caseNotFound();
        const [item] = await repo.findSubjects(tx, found.subject, [found.subjectId]);
        if (item) {
          const ownerSuspended = (await repo.findCaseById(tx, found.id))?.ownerSuspended ?? false;
          const change =
            input.action === 'hide'
              ? { reason: input.reason, at }
              : ownerSuspended && repo.isListing(found.subject)
                ? { reason: SUSPENDED_OWNER_REASON, at }
                : null;
          await setHidden(tx, found.subject, item, change);
        }
        await repo.updateCase(tx, found.id, {
          state: input.action === 'hide' ? 'hidden' : 'restored',
          decidedAt: at,
        });
        await repo.insertDecision(tx, {
          caseId: found.id,
          action: input.action,
          reason: input.reason,
          decidedBy: admin.sub,
          decidedAt: at,
        });
      });
      const decided = await repo.findCaseById(db, caseId);
      if (!decided) throw caseNotFound();
      const [view] = await present([decided]);
      if (!view) throw caseNotFound();
      return view;
    },

    /**
     * Suspends an account (never an admin's): it can no longer sign in or use its sessions, and what
     * it lists or runs is hidden with SUSPENDED_OWNER_REASON (a listing already hidden keeps its own
     * reason). Logged with who and when.
     */
    async suspend(admin: AuthUser, userId: string, input: SuspendUserInput): Promise<UserSuspended> {
      const at = new Date(now());
      const hidden = await db.transaction(async (tx) => {
        const user = isUuid(userId) ? await repo.lockUser(tx, userId) : undefined;
        if (!user) throw notFound(AUTH_MESSAGES.userNotFound, 'USER_NOT_FOUND');
        if (user.role === 'admin')
          throw forbidden(MODERATION_TEXTS.cannotSuspendAdmin, 'ADMIN_NOT_SUSPENDABLE');
        await repo.suspendUser(tx, user.id, input.reason, at);
        let count = 0;
        for (const subject of repo.LISTING_SUBJECTS) {
          const ids = await repo.hideListingsOf(tx, subject, user.id, SUSPENDED_OWNER_REASON, at);
          if (ids.length > 0) await deps.listings[subject]?.(tx, ids);
          count += ids.length;
        }
        await repo.insertDecision(tx, {
          userId: user.id,
          action: 'suspend',
          reason: input.reason,
          decidedBy: admin.sub,
          decidedAt: at,
        });
        return count;
      });
      return { userId, reason: input.reason, suspendedAt: at.toISOString(), hiddenListings: hidden };
    },
  };
}
