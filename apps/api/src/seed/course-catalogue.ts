import type { CourseLevel, LessonContentType } from '@sokoni/contracts/courses-rules';
import type { Subject } from './subjects.js';

// The sample courses' words: what they teach, lesson by lesson. seedCourses (courses.ts) writes them.

export type SampleLesson = {
  title: string;
  type: LessonContentType;
  minutes: number;
  /** A text lesson's paragraphs; a PDF lesson's handout lines. Video lessons play the sample video. */
  body?: string[];
  /** Days from the seed's day (Nairobi) it unlocks. */
  releaseInDays?: number;
};

export type SampleEnrolment = {
  learner: string;
  /** Days before the seed it started. */
  daysAgo: number;
  /** Lessons finished, from the first; every lesson finishes the course and issues its certificate. */
  done: number | 'all';
  rating?: number;
};

export type SampleCourse = {
  title: string;
  description: string;
  /** Null: listed as Uncategorized. */
  category: string | null;
  /** KES; 0 is free. */
  price: number;
  level: CourseLevel;
  language: string;
  instructor: string;
  instructorTitle: string;
  instructorBio: string;
  /** What its picture shows. */
  subject: Subject;
  hue: number;
  objectives: string[];
  lessons: SampleLesson[];
  enrolments: SampleEnrolment[];
};

const BRIAN_BIO =
  'Brian has helped more than 300 traders in Kisumu and Nairobi move their takings onto mobile money ' +
  'and keep books their SACCO will lend against.';

export const SAMPLE_COURSES: SampleCourse[] = [
  {
    title: 'Mobile Money for Small Businesses',
    description:
      'Run your shop, salon or mama mboga stall on M-Pesa with confidence: tills and paybills, daily ' +
      'records that add up, statements you can read, and the scams that catch traders out.',
    category: 'Business',
    price: 1500,
    level: 'Beginner',
    language: 'English',
    instructor: 'brian',
    instructorTitle: 'Founder, Duka Digital',
    instructorBio: BRIAN_BIO,
    subject: 'mobile-money',
    hue: 152,
    objectives: [
      'Choose between a till number, a paybill and a business wallet',
      'Keep a daily cash book that matches your statement',
      'Read and reconcile a mobile money statement',
      'Spot reversal and fake-message scams before they cost you',
    ],
    lessons: [
      { title: 'Welcome: what mobile money can do for your business', type: 'video', minutes: 4 },
      {
        title: 'Tills, paybills and business wallets',
        type: 'text',
        minutes: 12,
        body: [
          'A till number suits a shop where customers pay on the spot: they enter your till, the amount and their PIN, and you see the message at once. There is no account number to get wrong.',
          'A paybill suits a business that is paid against an account: school fees, rent, a water bill. The customer enters the paybill and an account number you gave them, so every payment arrives labelled.',
          'A business wallet keeps your takings apart from your own money. Whatever you choose, keep one number per business: mixing personal and business payments is the first reason books stop adding up.',
        ],
      },
      {
        title: 'Daily cash book template',
        type: 'pdf',
        minutes: 10,
        body: [
          'Date | Opening balance | Money in | Money out | Closing balance',
          'Write the opening balance from your phone at the start of the day.',
          'Every sale and every payment gets one line, as it happens.',
          'At closing, the closing balance must equal the balance on your phone.',
          'If it does not, find the missing line today: tomorrow you will not remember it.',
        ],
      },
      {
        title: 'Reconciling your statement',
        type: 'text',
        minutes: 15,
        body: [
          'Download your statement for the month and print it or open it beside your cash book.',
          'Tick each statement line against a cash book line. What is left on the statement is a payment you did not write down; what is left in the book is one you wrote but never received.',
          'Charges are easy to forget: write them as money out on the day they were taken.',
        ],
      },
      {
        title: 'Reversal scams and fake messages',
        type: 'text',
        minutes: 10,
        body: [
          'A common trick: someone "sends you money by mistake" and asks you to send it back. Check your balance, not the message: a fake message changes nothing in your balance.',
          'Never reverse a payment yourself because a caller asks. Reversals go through the provider, who checks both sides.',
          'Hand over goods only once the payment shows in your balance or your till statement.',
        ],
      },
    ],
    enrolments: [
      { learner: 'reviewer-0', daysAgo: 40, done: 'all', rating: 5 },
      { learner: 'reviewer-1', daysAgo: 31, done: 'all', rating: 4 },
      { learner: 'reviewer-3', daysAgo: 12, done: 2 },
    ],
  },
  {
    title: 'Kitchen Garden Farming in Small Spaces',
    description:
      'Grow sukuma wiki, spinach, tomatoes and herbs on a balcony or a plot the size of a door: sacks, ' +
      'containers, compost and watering that fit a town home and a tight budget.',
    category: 'Agriculture',
    price: 0,
    level: 'Beginner',
    language: 'English',
    instructor: 'reviewer-3',
    instructorTitle: 'Agronomist, Kiambu',
    instructorBio:
      'Grace trained as an agronomist at Egerton and runs kitchen-garden clinics for women’s groups ' +
      'around Kiambu and Murang’a.',
    subject: 'kitchen-garden',
    hue: 105,
    objectives: [
      'Set up a sack or container garden in a small space',
      'Make compost from kitchen waste',
      'Plan planting around Kenya’s two rainy seasons',
      'Keep pests away without buying poisons',
    ],
    lessons: [
      { title: 'Why a kitchen garden pays', type: 'video', minutes: 5 },
      {
        title: 'Choosing sacks and containers',
        type: 'text',
        minutes: 10,
        body: [
          'A multi-storey sack holds as many sukuma plants as a small bed: fill it with soil mixed with compost around a central column of stones, so water reaches the bottom.',
          'Any container with drainage holes works: old jerrycans cut lengthwise, buckets, tins. Dark containers in full sun get hot; shade their sides.',
        ],
      },
      {
        title: 'Soil, compost and watering',
        type: 'text',
        minutes: 14,
        body: [
          'Mix one part compost with two parts soil. Compost feeds the plants and holds water, so you water less.',
          'Water in the morning or the evening, at the roots, not the leaves. A bottle with small holes in its cap, buried beside the plant, gives a slow drip for a day.',
        ],
      },
      {
        title: 'Planting calendar for the two rains',
        type: 'pdf',
        minutes: 8,
        body: [
          'Long rains (March to May): plant tomatoes, kale, spinach and beans in early March.',
          'Short rains (October to December): plant kale, spinach, onions and dania in October.',
          'Dry months: keep to greens in shade, mulch well and water at the roots.',
        ],
      },
      {
        title: 'Pests without poisons',
        type: 'text',
        minutes: 12,
        releaseInDays: 21,
        body: [
          'Marigolds and onions among your greens keep many insects away.',
          'A spray of crushed garlic and chilli in water, strained, deters aphids: spray in the evening and repeat after rain.',
        ],
      },
    ],
    enrolments: [
      { learner: 'amina', daysAgo: 9, done: 2 },
      { learner: 'reviewer-1', daysAgo: 20, done: 4, rating: 5 },
      { learner: 'reviewer-4', daysAgo: 6, done: 1, rating: 5 },
    ],
  },
  {
    title: 'Web Development Basics: HTML and CSS',
    description:
      'Build and publish your first web page: the structure of HTML, styling with CSS, layouts that ' +
      'work on a phone first, and putting it online.',
    category: 'Technology',
    price: 2500,
    level: 'Beginner',
    language: 'English',
    instructor: 'reviewer-0',
    instructorTitle: 'Software engineer, Nairobi',
    instructorBio:
      'Kevin builds web apps for Nairobi start-ups and mentors at a coding club in Kibera on weekends.',
    subject: 'code',
    hue: 215,
    objectives: [
      'Write a web page with headings, paragraphs, links and images',
      'Style it with CSS: colours, spacing and type',
      'Lay it out for phones first, then wider screens',
      'Publish it for anyone to open',
    ],
    lessons: [
      { title: 'How a web page is made', type: 'video', minutes: 6 },
      {
        title: 'Your first HTML page',
        type: 'text',
        minutes: 18,
        body: [
          'An HTML page is text with tags around its parts: <h1> for the main heading, <p> for a paragraph, <a href="…"> for a link, <img src="…" alt="…"> for an image.',
          'Save a file named index.html with a heading and a paragraph, and open it in your phone’s or computer’s browser: that is a web page.',
          'Always give an image an alt text: it is what a screen reader says, and what shows when the image cannot load on a slow network.',
        ],
      },
      {
        title: 'Styling with CSS',
        type: 'text',
        minutes: 20,
        body: [
          'CSS says how each part looks. A rule names what it styles and sets properties: h1 { color: #065f46; }',
          'Start with spacing and type size: most pages look better with more space and fewer colours.',
        ],
      },
      {
        title: 'CSS cheat sheet',
        type: 'pdf',
        minutes: 5,
        body: [
          'color, background-color: the text and its background',
          'margin, padding: space outside and inside a box',
          'font-size, line-height: how big the text is and how far apart its lines are',
          'display: flex; gap: 1rem; a row of boxes with space between them',
          '@media (min-width: 640px) { … }: rules for wider screens only',
        ],
      },
      {
        title: 'Phone-first layouts',
        type: 'text',
        minutes: 16,
        body: [
          'Most Kenyans open the web on a phone: write your CSS for a narrow screen first, then add media queries for wider ones.',
          'Images should never be wider than the screen: img { max-width: 100%; height: auto; }',
        ],
      },
    ],
    enrolments: [
      { learner: 'brian', daysAgo: 5, done: 1 },
      { learner: 'reviewer-2', daysAgo: 25, done: 'all', rating: 5 },
      { learner: 'reviewer-3', daysAgo: 18, done: 3, rating: 3 },
    ],
  },
  {
    title: 'Conversational Swahili for Visitors',
    description:
      'Greet, shop, bargain and find your way in Swahili: the phrases a visitor uses every day, with ' +
      'the manners that go with them.',
    category: 'Languages',
    price: 0,
    level: 'Beginner',
    language: 'English and Swahili',
    instructor: 'reviewer-2',
    instructorTitle: 'Swahili teacher, Mombasa',
    instructorBio: 'Hassan has taught Swahili to visitors and new residents on the coast for twelve years.',
    subject: 'language',
    hue: 28,
    objectives: [
      'Greet people of every age properly',
      'Ask prices and bargain politely',
      'Ask for and follow directions',
    ],
    lessons: [
      {
        title: 'Greetings: Jambo, Habari and Shikamoo',
        type: 'text',
        minutes: 8,
        body: [
          '"Habari?" (How are you? literally "news?") is answered "Nzuri" (good). "Habari za asubuhi?" asks about the morning.',
          'Greet an elder with "Shikamoo"; they answer "Marahaba". Visitors hear "Jambo" most, but "Habari" sounds friendlier.',
        ],
      },
      {
        title: 'At the market: prices and bargaining',
        type: 'text',
        minutes: 10,
        body: [
          '"Bei gani?" — how much? "Ni ghali sana" — it is too expensive. "Punguza kidogo" — bring it down a little.',
          'Smile, offer a fair price, and thank the seller whatever the outcome: "Asante sana".',
        ],
      },
      {
        title: 'Directions and getting around',
        type: 'text',
        minutes: 9,
        body: [
          '"… iko wapi?" — where is …? "Kushoto" is left, "kulia" right, "moja kwa moja" straight on.',
          'On a matatu: "Shukisha hapa" — let me off here.',
        ],
      },
    ],
    enrolments: [
      { learner: 'amina', daysAgo: 30, done: 'all', rating: 5 },
      { learner: 'reviewer-4', daysAgo: 14, done: 'all', rating: 4 },
      { learner: 'reviewer-0', daysAgo: 3, done: 1 },
    ],
  },
  {
    title: 'Product Photography with Your Phone',
    description:
      'Photos that sell: light from a window, a clean background, the angles buyers want, and editing ' +
      'that stays honest. Everything with the phone in your pocket.',
    category: 'Photography',
    price: 800,
    level: 'All Levels',
    language: 'English',
    instructor: 'amina',
    instructorTitle: 'Sokoni seller, Nairobi',
    instructorBio: 'Amina sells kitenge and beadwork on Sokoni and photographs every piece herself.',
    subject: 'camera',
    hue: 330,
    objectives: [
      'Use window light instead of a flash',
      'Set up a clean background for under KES 500',
      'Take the five photos every listing needs',
    ],
    lessons: [
      { title: 'What makes a photo sell', type: 'video', minutes: 5 },
      {
        title: 'Light and background',
        type: 'text',
        minutes: 12,
        body: [
          'Stand beside a window, not facing it: soft side light shows texture. Turn the flash off.',
          'A white manila sheet curved from the wall to the table gives a background with no corner.',
        ],
      },
      {
        title: 'The five photos every listing needs',
        type: 'pdf',
        minutes: 6,
        body: [
          '1. The whole item, straight on',
          '2. The item from the side or the back',
          '3. A close-up of the material or the finish',
          '4. The item in use, or beside something for size',
          '5. Any flaw, honestly shown',
        ],
      },
    ],
    enrolments: [
      { learner: 'reviewer-1', daysAgo: 16, done: 'all', rating: 5 },
      { learner: 'brian', daysAgo: 8, done: 'all', rating: 5 },
    ],
  },
  {
    title: 'Selling Online: Your First Shop on Sokoni',
    description:
      'From first listing to first sale: titles buyers search for, honest descriptions, fair prices, ' +
      'answering questions and getting good reviews.',
    category: 'Marketing',
    price: 0,
    level: 'Beginner',
    language: 'English',
    instructor: 'brian',
    instructorTitle: 'Founder, Duka Digital',
    instructorBio: BRIAN_BIO,
    subject: 'online-shop',
    hue: 190,
    objectives: ['Write a listing buyers find', 'Price against the market', 'Earn good reviews'],
    lessons: [
      {
        title: 'Titles buyers search for',
        type: 'text',
        minutes: 7,
        body: [
          'Write the title the way a buyer would search: what it is, the brand, the size or the colour. "Samsung A14 64GB black" beats "Very nice phone!!!"',
        ],
      },
      {
        title: 'Descriptions and prices',
        type: 'text',
        minutes: 9,
        body: [
          'Say the condition honestly, and everything that is in the box. Buyers who get what they expected leave good reviews.',
          'Look at what similar items sell for before you price, and price a little below if you are new.',
        ],
      },
    ],
    enrolments: [{ learner: 'reviewer-4', daysAgo: 4, done: 1 }],
  },
  {
    title: 'Dairy Goat Keeping',
    description:
      'Housing, feeding, breeding and milking dairy goats on a small farm: a steady income from a ' +
      'quarter acre.',
    category: 'Agriculture',
    price: 1200,
    level: 'Intermediate',
    language: 'English',
    instructor: 'reviewer-4',
    instructorTitle: 'Dairy goat farmer, Nyeri',
    instructorBio: 'Peter keeps thirty Toggenburg goats near Nyeri and trains farmers for his cooperative.',
    subject: 'dairy',
    hue: 60,
    objectives: [
      'Build a raised goat house that stays dry',
      'Feed for milk through the dry season',
      'Keep breeding and milk records',
    ],
    lessons: [
      { title: 'Meet the herd', type: 'video', minutes: 7 },
      {
        title: 'Housing that keeps goats healthy',
        type: 'text',
        minutes: 14,
        body: [
          'Goats hate wet floors: raise the slatted floor about a metre above the ground so droppings fall through.',
          'Give each milking goat about 1.5 square metres, with a roof that keeps the rain off the feed.',
        ],
      },
      {
        title: 'Feeding calendar',
        type: 'pdf',
        minutes: 9,
        body: [
          'Rainy months: fresh Napier grass, sweet potato vines and lucerne.',
          'Dry months: hay and silage made in the rains, with dairy meal at milking.',
          'Always: clean water and a mineral lick.',
        ],
      },
    ],
    enrolments: [{ learner: 'reviewer-3', daysAgo: 22, done: 2, rating: 4 }],
  },
  {
    title: 'Community Health Basics',
    description:
      'First aid, clean water and knowing when to go to a clinic: what every household and every ' +
      'community health volunteer should know.',
    category: null,
    price: 0,
    level: 'Beginner',
    language: 'English',
    instructor: 'reviewer-1',
    instructorTitle: 'Community health volunteer, Kericho',
    instructorBio: 'Faith has served as a community health volunteer in Kericho County for eight years.',
    subject: 'health',
    hue: 0,
    objectives: ['Treat small cuts and burns', 'Make water safe to drink', 'Know the danger signs'],
    lessons: [
      {
        title: 'Cuts and burns',
        type: 'text',
        minutes: 8,
        body: [
          'Wash a cut with clean water, press with a clean cloth until it stops bleeding, then cover it.',
          'Cool a burn under running water for twenty minutes. Never put butter, toothpaste or oil on it.',
        ],
      },
      {
        title: 'Safe drinking water',
        type: 'text',
        minutes: 7,
        body: [
          'Boil water for one minute at a rolling boil, or treat it with the chlorine drops sold at chemists, as the label says.',
          'Store it covered, and pour it out rather than dipping a cup in.',
        ],
      },
      {
        title: 'Danger signs: when to go to a clinic',
        type: 'pdf',
        minutes: 6,
        body: [
          'A child who cannot drink or breastfeed',
          'Fast or difficult breathing',
          'A fever that lasts more than two days',
          'Bleeding that does not stop',
        ],
      },
    ],
    enrolments: [{ learner: 'reviewer-2', daysAgo: 11, done: 'all', rating: 5 }],
  },
];
