import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { COURSE_MEDIA_URL_PREFIX } from './course-media-links.js';
import {
  COURSE_MEDIA,
  createLocalDiskStore,
  PUBLIC_UPLOADS_PATH,
  storedPathOf,
  type FileStore,
} from './file-store.js';

export type CopyOutcome = 'copied' | 'skipped';

/** The names in a folder of DATA_DIR and below it; none when it does not exist. */
async function namesUnder(directory: string): Promise<string[]> {
  try {
    return await readdir(directory, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The address of every file kept under `dataDir`: uploads/<folder>/<name> and course-media/<name>.
 * Files being received (course-media/incoming) and anything else not named as we name files are left out.
 */
export async function storedUrlsIn(dataDir: string): Promise<string[]> {
  const uploads = await namesUnder(join(dataDir, 'uploads'));
  const lessonFiles = await namesUnder(join(dataDir, COURSE_MEDIA));
  return [
    ...uploads.map((name) => `${PUBLIC_UPLOADS_PATH}/${name}`),
    ...lessonFiles.map((name) => `${COURSE_MEDIA_URL_PREFIX}${name}`),
  ]
    .filter((url) => storedPathOf(url) !== null)
    .sort();
}

/**
 * Copies every file kept under `dataDir` into `bucket` at the same address, so that the addresses in
 * the database hold once the servers use the bucket. A file the bucket already has with the same size
 * is skipped: the copy may be run again after an interruption, or again just before the switch to
 * take what was uploaded meanwhile. Tells `onFile` what it did with each file.
 */
export async function copyUploadsToBucket(
  dataDir: string,
  bucket: FileStore,
  onFile: (url: string, outcome: CopyOutcome) => void,
): Promise<Record<CopyOutcome, number>> {
  const disk = createLocalDiskStore(dataDir);
  const counts = { copied: 0, skipped: 0 };
  for (const url of await storedUrlsIn(dataDir)) {
    const file = await disk.open(url);
    // One removed meanwhile (an unused upload swept) needs no copy.
    if (!file) continue;
    const outcome: CopyOutcome = (await bucket.stat(url))?.size === file.size ? 'skipped' : 'copied';
    if (outcome === 'copied') await bucket.write(url, file.body);
    else file.body.destroy();
    counts[outcome] += 1;
    onFile(url, outcome);
  }
  return counts;
}
