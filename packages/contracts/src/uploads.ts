// Upload limits and messages, shared by the server and the pickers of every form (zod-free).
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_SIDE = 1600;
export const THUMBNAIL_MAX_SIDE = 400;
export const PRODUCT_IMAGES_MAX = 8;

/** Upload route → the folder its files are kept in. */
export const IMAGE_UPLOAD_ROUTES = {
  'product-image': 'products',
  'event-image': 'events',
  'stay-image': 'stays',
  'community-image': 'community',
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
} as const;

export type UploadResponse = { publicUrl: string; thumbnailUrl: string };
