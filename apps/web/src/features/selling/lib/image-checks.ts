import { PRODUCT_IMAGES_MAX } from '@sokoni/contracts/uploads';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import { checkImageFile } from '@/lib/image-file';

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
