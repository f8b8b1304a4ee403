import { PRODUCT_PAGE_MAX } from './catalog.js';

/** Contact details shown in the footer. */
export const SITE = {
  name: 'Sokoni',
  contactEmail: 'support@sokoni.co.ke',
  contactPhone: '+254 700 123 456',
  location: 'Westlands, Nairobi, Kenya',
} as const;

/** The Share button of a product, stay, event or course page (#15, #28), and Share on WhatsApp beside it. */
export const SHARE_MESSAGES = {
  share: 'Share',
  copied: 'Link copied',
  copyFailed: 'The link could not be copied.',
  whatsapp: 'Share on WhatsApp',
  /** What Share on WhatsApp writes into a new chat: the page's title, and its link below it. */
  whatsappText: (title: string, url: string) => `${title}\n${url}`,
} as const;

/**
 * A page's first API answers, put into its HTML by the server: a JSON array of {url, body, total?}
 * in the script element with this id, which the web app uses once per URL.
 */
export const PAGE_ANSWERS_ID = 'sokoni-answers';
export type PageAnswer = { url: string; body: unknown; total?: number };

/** Spec §9: the home page shows the top 5 trending products and highlights the 3 newest threads. */
export const HOME_TRENDING_COUNT = 5;
export const HOME_THREADS_COUNT = 3;

/**
 * The home page's first requests (API paths): the web app sends them, and the server puts their
 * answers into the page under the same addresses.
 */
export const HOME_REQUESTS = {
  featured: `/products?featured=true&limit=${PRODUCT_PAGE_MAX}`,
  trending: `/products?trending=true&limit=${HOME_TRENDING_COUNT}`,
  threads: `/community/threads?limit=${HOME_THREADS_COUNT}`,
} as const;

/**
 * #29: the data saver, a setting of each device. The web app keeps the user's choice and tells the
 * server in this cookie ('1' on, '0' off), so that pages come without image preloads; while the
 * user has not chosen, the browser's Save-Data decides.
 */
export const DATA_SAVER = {
  cookie: 'data_saver',
  label: 'Data saver',
  hint: 'Pictures in lists load when you tap them; videos and PDFs show their size first.',
  showPicture: 'Show picture',
  loadVideo: 'Load video',
  loadPdf: 'Load PDF',
} as const;

/** #29: what the web app says while the device has no network. */
export const OFFLINE_MESSAGES = {
  /** Over every page while offline: what shows is what the service worker kept from the last visit. */
  banner: "You're offline — showing what you saw last",
  /** A call that needs the network (a purchase, a cancellation, a download), made offline. */
  needsNetwork: "You're offline: this needs the network.",
} as const;
