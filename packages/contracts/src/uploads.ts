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

export const UPLOAD_MESSAGES = {
  typeNotAllowed: (file: string) => `File type not allowed: ${file}`,
  tooLarge: (file: string) => `File too large: ${file}`,
  noFile: 'Choose a file to upload.',
  wrongFolder: 'Unknown upload folder.',
  unreadableImage: (file: string) => `The image could not be read: ${file}`,
  uploadFailed: 'Image upload failed',
} as const;

export type UploadResponse = { publicUrl: string; thumbnailUrl: string };
