import { IMAGE_MAX_BYTES, IMAGE_TYPES, UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';

/** Spec §5: JPEG, PNG or WebP by the file's type, at most 5 MB; the message to show, or null. */
export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return UPLOAD_MESSAGES.typeNotAllowed(file.name);
  if (file.size > IMAGE_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge(file.name);
  return null;
}
