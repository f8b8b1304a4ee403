import { VIDEO_MAX_BYTES } from '@sokoni/contracts/community-rules';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';

export type AttachmentKind = 'image' | 'video';

export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const ATTACHMENT_ACCEPT = [...IMAGE_TYPES, ...VIDEO_TYPES].join(',');

type AttachmentCheck = { kind: AttachmentKind; error: null } | { kind: null; error: string };

/**
 * Spec §5: a thread or reply takes one image or video. Anything else gets the form's own
 * message (`notMedia`); an image or video the server would refuse gets the upload messages.
 */
export function checkAttachment(file: File, notMedia: string): AttachmentCheck {
  if (file.type.startsWith('image/')) {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      return { kind: null, error: UPLOAD_MESSAGES.typeNotAllowed(file.name) };
    }
    if (file.size > IMAGE_MAX_BYTES) return { kind: null, error: UPLOAD_MESSAGES.tooLarge(file.name) };
    return { kind: 'image', error: null };
  }
  if (file.type.startsWith('video/')) {
    if (!(VIDEO_TYPES as readonly string[]).includes(file.type)) {
      return { kind: null, error: UPLOAD_MESSAGES.typeNotAllowed(file.name) };
    }
    if (file.size > VIDEO_MAX_BYTES) return { kind: null, error: UPLOAD_MESSAGES.tooLarge(file.name) };
    return { kind: 'video', error: null };
  }
  return { kind: null, error: notMedia };
}

/** Spec §5: tags typed comma-separated; trimmed, blanks dropped, repeats kept once. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
