import { formatKES } from '@sokoni/contracts/money';
import { StayQuery, type StaySummary } from '@sokoni/contracts/stays';
import { STAY_PAGE_SIZE, stayListQuery } from '@sokoni/contracts/stays-rules';
import type { PageHead } from '../../lib/page-meta.js';
import { AppError } from '../../lib/errors.js';
import type { StaysService } from './stays.service.js';

const STAY_PAGE = /^\/stays\/([^/]+)\/?$/;
const STAYS_PAGE = /^\/stays\/?$/;

/** The first page of stays, as /stays asks for it when it opens with no filters. */
async function staysPageHead(stays: StaysService): Promise<PageHead> {
  const { json, total } = await stays.list(StayQuery.parse({}));
  const items = JSON.parse(json.raw.toString('utf8')) as StaySummary[];
  const leadImage = items[0]?.images[0];
  return {
    pageModule: 'src/features/stays/pages/stays-page.tsx',
    answers: [
      {
        url: `/api/stays?${new URLSearchParams(stayListQuery({}, { limit: STAY_PAGE_SIZE, offset: 0 }))}`,
        body: items,
        total,
      },
    ],
    ...(leadImage ? { leadImage } : {}),
  };
}

/**
 * A stay's page: the preview of a shared link (its title, price per night and place, its first
 * photo) and the stay itself, so the page shows it without asking. A path under /stays that is no
 * stay's id gets the plain page.
 */
async function stayPageHead(stays: StaysService, id: string, origin: string): Promise<PageHead | null> {
  try {
    const { stay, json } = await stays.get(id);
    const image = stay.images[0];
    return {
      meta: {
        title: stay.title,
        description: `${formatKES(stay.pricePerNight)} per night · ${stay.location}`,
        // A stay's photos are always our uploads, paths on our origin (the contract's rule).
        ...(image ? { image: `${origin}${image}` } : {}),
      },
      pageModule: 'src/features/stays/pages/stay-detail-page.tsx',
      answers: [{ url: `/api/stays/${encodeURIComponent(id)}`, body: JSON.parse(json.raw.toString('utf8')) }],
      ...(image ? { leadImage: image } : {}),
    };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/** The head of the stays list and of a stay's page; null for any other path. */
export async function staysPagesHead(
  stays: StaysService,
  path: string,
  origin: string,
): Promise<PageHead | null> {
  if (STAYS_PAGE.test(path)) return staysPageHead(stays);
  const id = STAY_PAGE.exec(path)?.[1];
  return id ? stayPageHead(stays, id, origin) : null;
}
