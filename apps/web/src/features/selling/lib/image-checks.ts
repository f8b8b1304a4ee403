import { IMAGE_MAX_BYTES, IMAGE_TYPES, PRODUCT_IMAGES_MAX, UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';

/** Spec §5: JPEG, PNG or WebP by the file's type, at most 5 MB; the message to show, or null. */
export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return UPLOAD_MESSAGES.typeNotAllowed(file.name);
  if (file.size > IMAGE_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge(file.name);
  return null;
}

/**
 * Splits newly picked files into those that may be added beside the `alreadyChosen` ones and
 * the messages for the rest (one per refused file; one for going over the limit of 8).
 */
export function sortPickedImages<F extends Pick<File, 'name' | 'type' | 'size'>>(
  picked: readonly F[],
  alreadyChosen: number,
): { accepted: F[]; errors: string[] } {
  const accepted: F[] = [];
  const errors: string[] = [];
  let overLimit = false;
  for (const file of picked) {
    const problem = checkImageFile(file);
    if (problem) errors.push(problem);
    else if (alreadyChosen + accepted.length >= PRODUCT_IMAGES_MAX) overLimit = true;
    else accepted.push(file);
  }
  if (overLimit) errors.push(SELL_MESSAGES.tooManyImages);
  return { accepted, errors };
}
