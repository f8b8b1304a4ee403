// Upload limits and messages, shared by the server and the pickers of every form (zod-free).
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_SIDE = 1600;
export const THUMBNAIL_MAX_SIDE = 400;
export const PRODUCT_IMAGES_MAX = 8;

/** An uploaded (or sample) image's address, and its thumbnail's: the folder and name they share. */
const STORED_IMAGE = /^(\/api\/uploads\/[a-z]+\/[a-f0-9]{32})\.webp$/;
const STORED_THUMBNAIL = /^(\/api\/uploads\/[a-z]+\/[a-f0-9]{32})-thumb\.webp$/;

/**
 * Where an uploaded image's thumbnail (at most THUMBNAIL_MAX_SIDE px) is served: beside the image,
 * `{name}-thumb.webp`. Null for any other address (an image on another site).
 */
export function thumbnailAddressOf(imageUrl: string): string | null {
  const stored = STORED_IMAGE.exec(imageUrl);
  return stored ? `${stored[1]}-thumb.webp` : null;
}

/** The image whose thumbnail address this is (thumbnailAddressOf read backwards); null for any other. */
export function imageAddressOfThumbnail(thumbnailUrl: string): string | null {
  const thumbnail = STORED_THUMBNAIL.exec(thumbnailUrl);
  return thumbnail ? `${thumbnail[1]}.webp` : null;
}

/**
 * An uploaded image's `srcset`: its thumbnail where the image is shown at most THUMBNAIL_MAX_SIDE px
 * wide (in device pixels), the image itself where larger. Null for an image that is not ours.
 */
export function imageSrcSet(imageUrl: string): string | null {
  const thumbnail = thumbnailAddressOf(imageUrl);
  return thumbnail && `${thumbnail} ${THUMBNAIL_MAX_SIDE}w, ${imageUrl} ${IMAGE_MAX_SIDE}w`;
}

/** Upload route → the folder its files are kept in. */
export const IMAGE_UPLOAD_ROUTES = {
  'product-image': 'products',
  'event-image': 'events',
  'stay-image': 'stays',
  'community-image': 'community',
  'course-image': 'courses',
} as const;
export type ImageUploadRoute = keyof typeof IMAGE_UPLOAD_ROUTES;
export type UploadFolder = (typeof IMAGE_UPLOAD_ROUTES)[ImageUploadRoute];

/**
 * Per account: files uploaded but not yet in a listing or a post (they are removed after a day),
 * and everything the account keeps. Together they bound what one account can put on the disk.
 */
export const UPLOAD_QUOTA = {
  unusedBytes: 100 * 1024 * 1024,
  totalBytes: 1024 * 1024 * 1024,
  unusedKeptHours: 24,
} as const;

/** A lesson's own files (POST /uploads/course-video and /uploads/course-pdf), kept private. */
export const COURSE_VIDEO_MAX_BYTES = 200 * 1024 * 1024;
export const COURSE_PDF_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Lesson files are counted apart from everything else an account uploads: one lecture may be
 * 200 MB, twice the general unused allowance, and an instructor records a course's videos before
 * saving its lessons. They are private (signed links that expire), so they can't be used to host
 * files for the world, and the server still refuses any upload when its disk runs low.
 */
export const COURSE_MEDIA_QUOTA = {
  unusedBytes: 1024 * 1024 * 1024,
  totalBytes: 20 * 1024 * 1024 * 1024,
} as const;

/**
 * What may be uploaded in any 24 hours, counted from the uploads recorded in them, those still
 * being received included (docs/decisions/0015). Each is far above what a real seller, host or
 * instructor sends in a day and far below what fills a disk:
 * - an account: 10 GB, fifty 200 MB lectures in a day;
 * - an account in its first YOUNG_ACCOUNT_DAYS: 250 MB, one lecture and the photos of a few
 *   listings, so a throwaway account buys little;
 * - the new accounts made on one network, together: 1 GB, the first lectures of four new
 *   instructors or the photos of hundreds of new listings. Established accounts are not counted
 *   with them, so thousands behind one carrier's shared address are never refused for each other;
 * - the whole site: 50 GB, and of it 10 GB for all new accounts together, so new accounts made on
 *   many networks cannot spend the day's space of everyone else.
 */
export const UPLOAD_DAILY = {
  windowHours: 24,
  accountBytes: 10 * 1024 * 1024 * 1024,
  youngAccountBytes: 250 * 1024 * 1024,
  youngNetworkBytes: 1024 * 1024 * 1024,
  siteBytes: 50 * 1024 * 1024 * 1024,
  youngSiteBytes: 10 * 1024 * 1024 * 1024,
} as const;

export const UPLOAD_MESSAGES = {
  typeNotAllowed: (file: string) => `File type not allowed: ${file}`,
  tooLarge: (file: string) => `File too large: ${file}`,
  noFile: 'Choose a file to upload.',
  wrongFolder: 'Unknown upload folder.',
  unreadableImage: (file: string) => `The image could not be read: ${file}`,
  uploadFailed: 'Image upload failed',
  notMultipart: 'Send the file as multipart/form-data.',
  unreadableUpload: 'The upload could not be read. Please try again.',
  unusedQuota:
    'You have 100 MB of uploads that are not in a listing or a post yet. Use them, or try again tomorrow.',
  totalQuota: 'Your account has used all of its 1 GB of upload space.',
  storageFull: 'Uploads are paused because Sokoni is low on storage space. Please try again later.',
  dailyAccount:
    'Your account has uploaded 10 GB in the last 24 hours, the most in a day. Please try again later.',
  dailyYoungAccount:
    'In its first 7 days an account may upload 250 MB in 24 hours, and yours has. Please try again later.',
  dailyNetwork:
    'New accounts made on your network have uploaded 1 GB in the last 24 hours, the most they may together. ' +
    'Please try again later.',
  dailySite: 'Sokoni has taken all the uploads it can in one day. Please try again later.',
  dailyYoungSite:
    'Sokoni has taken all the uploads it can from new accounts in one day. Please try again later.',
  unreadablePdf: (file: string) => `The PDF could not be read: ${file}`,
  courseMediaUnusedQuota:
    'You have 1 GB of lesson files that are not in a lesson yet. Add them to lessons, or try again tomorrow.',
  courseMediaTotalQuota: 'Your account has used all of its 20 GB of space for lesson files.',
  /** GET /course-media/{file} with a link that is not signed for it, or has expired. */
  mediaLinkInvalid: 'This link to a lesson file is invalid or has expired. Open the lesson again.',
  mediaNotFound: 'Lesson file not found.',
  rangeNotSatisfiable: 'The requested range is not in the file.',
} as const;

export type UploadResponse = { publicUrl: string; thumbnailUrl: string };
