import type { ThreadCategory } from '@sokoni/contracts/community-rules';
import {
  addUpvote,
  insertGroup,
  insertReply,
  insertThread,
} from '../modules/community/community.repository.js';
import type { SeedContext } from './context.js';

const HOUR_MS = 60 * 60 * 1000;

type SampleReply = { by: string; text: string; votes?: string[]; replies?: SampleReply[] };
type SampleThread = {
  by: string;
  group?: string;
  category: ThreadCategory;
  title: string;
  content: string;
  tags: string[];
  hoursAgo: number;
  replies?: SampleReply[];
};

const GROUPS = [
  {
    key: 'farmers',
    name: 'Shamba Smart Farmers',
    description: 'Seeds, irrigation and market prices for farmers across Kenya.',
  },
  {
    key: 'tech',
    name: 'Nairobi Tech Deals',
    description: 'Phones, laptops and gadgets: what to buy and where.',
  },
  { key: 'fashion', name: 'Kitenge & Style', description: 'Tailors, fabrics and looks from Toi to Gikomba.' },
];

const THREADS: SampleThread[] = [
  {
    by: 'amina',
    group: 'farmers',
    category: 'agriculture',
    title: 'Best maize seed for Nakuru this season?',
    content:
      'Planting in March on two acres near Njoro. Which certified maize seed has done well for you with the short rains? Budget around KES 6,000.',
    tags: ['maize', 'seeds', 'nakuru'],
    hoursAgo: 3,
    replies: [
      {
        by: 'reviewer-0',
        text: 'H6213 did well for me in Molo, about 28 bags an acre. Buy from the Kenya Seed depot, not roadside.',
        votes: ['amina', 'brian', 'reviewer-2'],
        replies: [
          {
            by: 'amina',
            text: 'Asante! Is the depot on Kenyatta Avenue still open on Saturdays?',
            replies: [{ by: 'reviewer-0', text: 'Yes, until 1 pm.' }],
          },
        ],
      },
      {
        by: 'reviewer-3',
        text: 'Try DK8031 if your rains are unreliable; it matures faster.',
        votes: ['amina'],
      },
    ],
  },
  {
    by: 'brian',
    group: 'tech',
    category: 'technology',
    title: 'Samsung A15 vs Tecno Spark 20 Pro',
    content:
      'Which one lasts longer on battery for a boda rider using maps all day? Both are about KES 19,000–21,500 here on Sokoni.',
    tags: ['phones', 'samsung', 'tecno'],
    hoursAgo: 6,
    replies: [
      {
        by: 'reviewer-1',
        text: 'The Tecno charges faster (33W), the Samsung gets updates for longer. For maps all day I would take the Tecno plus a power bank.',
        votes: ['brian', 'reviewer-4'],
      },
      {
        by: 'amina',
        text: 'I sell both. Returns on the Samsung are lower in my shop.',
        votes: ['reviewer-1'],
        replies: [{ by: 'brian', text: 'Good to know, thanks Amina.' }],
      },
    ],
  },
  {
    by: 'reviewer-2',
    group: 'fashion',
    category: 'fashion',
    title: 'Tailor for a kitenge wedding outfit in Nairobi CBD',
    content:
      'Need a matching kitenge set for a ruracio in three weeks. Who is reliable around Moi Avenue or Toi?',
    tags: ['kitenge', 'tailor'],
    hoursAgo: 10,
    replies: [
      {
        by: 'amina',
        text: 'Mama Njeri at Toi Market, stall 42. She did my sister’s set in a week.',
        votes: ['reviewer-2'],
      },
    ],
  },
  {
    by: 'amina',
    category: 'deals',
    title: 'Black Friday deals on Sokoni this week',
    content:
      'Post the best discounts you have found: I will start: Hisense 43" TV down to KES 29,999 and the Canon 2000D kit at KES 52,000.',
    tags: ['deals', 'black-friday'],
    hoursAgo: 14,
    replies: [
      { by: 'reviewer-4', text: 'The Kiondo baskets are 17% off too, great gifts.', votes: ['amina'] },
    ],
  },
  {
    by: 'reviewer-3',
    group: 'farmers',
    category: 'agriculture',
    title: 'Drip irrigation on 1/8 acre: worth it?',
    content:
      'Thinking of the drip kit for tomatoes in Naivasha. How much water do you save, and how long before it pays back?',
    tags: ['irrigation', 'tomatoes'],
    hoursAgo: 22,
    replies: [
      {
        by: 'reviewer-0',
        text: 'Paid back in two seasons for me; water use dropped by about half.',
        votes: ['reviewer-3', 'brian'],
      },
    ],
  },
  {
    by: 'brian',
    group: 'tech',
    category: 'technology',
    title: 'Refurbished laptops: what to check before paying',
    content: 'Buying an ex-UK EliteBook. What should I test before handing over the money?',
    tags: ['laptops', 'refurbished'],
    hoursAgo: 30,
    replies: [
      {
        by: 'reviewer-1',
        text: 'Battery health, keyboard, every USB port, and ask for at least three months warranty in writing.',
        votes: ['brian'],
      },
    ],
  },
  {
    by: 'reviewer-4',
    category: 'deals',
    title: 'Where to buy Mwea pishori in bulk?',
    content: 'Looking for 50 kg of genuine pishori for a family function. Any trusted sellers?',
    tags: ['rice', 'bulk'],
    hoursAgo: 40,
  },
  {
    by: 'reviewer-1',
    group: 'fashion',
    category: 'fashion',
    title: 'Mitumba denim: Gikomba or Toi?',
    content: 'Where do you find the best grade-one denim jackets these days?',
    tags: ['mitumba', 'denim'],
    hoursAgo: 52,
    replies: [
      { by: 'brian', text: 'Gikomba early in the morning, before 7 am, for the first pick of the bales.' },
    ],
  },
  {
    by: 'amina',
    group: 'farmers',
    category: 'agriculture',
    title: 'Avocado seedlings: Hass or Fuerte for export?',
    content: 'Planning 100 trees in Murang’a. Exporters I spoke to prefer Hass. Experiences?',
    tags: ['avocado', 'export'],
    hoursAgo: 70,
  },
  {
    by: 'reviewer-0',
    category: 'technology',
    title: 'Solar kits for upcountry homes',
    content: 'A 30W kit runs three bulbs and phone charging. Anyone running a TV on solar?',
    tags: ['solar'],
    hoursAgo: 90,
    replies: [
      {
        by: 'amina',
        text: 'You need at least 100W and a bigger battery for a 32" TV.',
        votes: ['reviewer-0'],
      },
    ],
  },
  {
    by: 'brian',
    category: 'deals',
    title: 'Free delivery in Nairobi: which sellers offer it?',
    content: 'Let us keep a list of sellers who deliver free within Nairobi.',
    tags: ['delivery', 'nairobi'],
    hoursAgo: 120,
  },
  {
    by: 'reviewer-2',
    group: 'fashion',
    category: 'fashion',
    title: 'Beaded sandals: caring for them in the rain',
    content: 'My Maasai beaded sandals got soaked. How do I keep the leather from cracking?',
    tags: ['sandals', 'leather'],
    hoursAgo: 150,
    replies: [
      { by: 'reviewer-3', text: 'Dry them slowly away from the sun, then rub in a little shea butter.' },
    ],
  },
];

/** Three groups and a dozen threads with nested replies and upvotes. */
export async function seedCommunity({ db, now, users }: SeedContext): Promise<void> {
  const userId = (key: string) => {
    const id = users.get(key);
    if (!id) throw new Error(`sample user ${key} was not seeded`);
    return id;
  };
  const groups = new Map<string, string>();
  for (const group of GROUPS) {
    const created = await insertGroup(db, {
      name: group.name,
      description: group.description,
      createdBy: userId('admin'),
    });
    groups.set(group.key, created.id);
  }
  for (const sample of THREADS) {
    const createdAt = new Date(now - sample.hoursAgo * HOUR_MS);
    const threadId = await insertThread(db, {
      title: sample.title,
      content: sample.content,
      category: sample.category,
      groupId: sample.group ? (groups.get(sample.group) ?? null) : null,
      authorId: userId(sample.by),
      tags: sample.tags,
      createdAt,
    });
    let minute = 0;
    const addReplies = async (list: SampleReply[] | undefined, parentReplyId: string | null) => {
      for (const reply of list ?? []) {
        minute += 7;
        const replyId = await insertReply(db, {
          threadId,
          parentReplyId,
          authorId: userId(reply.by),
          content: reply.text,
          createdAt: new Date(createdAt.getTime() + minute * 60_000),
        });
        if (!replyId) throw new Error('sample thread vanished');
        for (const voter of reply.votes ?? []) await addUpvote(db, replyId, userId(voter));
        await addReplies(reply.replies, replyId);
      }
    };
    await addReplies(sample.replies, null);
  }
}
