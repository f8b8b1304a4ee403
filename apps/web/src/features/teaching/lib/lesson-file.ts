import { COURSE_PDF_MAX_BYTES, COURSE_VIDEO_MAX_BYTES, UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';

export type LessonFileKind = 'video' | 'pdf';

/** What each kind of lesson file may be: its types (as the browser names them) and size, and where it goes. */
export const LESSON_FILE_RULES = {
  video: {
    types: ['video/mp4', 'video/webm'],
    maxBytes: COURSE_VIDEO_MAX_BYTES,
    route: '/uploads/course-video',
    description: 'MP4 or WebM',
  },
  pdf: {
    types: ['application/pdf'],
    maxBytes: COURSE_PDF_MAX_BYTES,
    route: '/uploads/course-pdf',
    description: 'PDF',
  },
} as const satisfies Record<
  LessonFileKind,
  { types: readonly string[]; maxBytes: number; route: string; description: string }
>;

/**
 * A picked file checked before it is sent, so a wrong or huge file costs no upload: the message
 * the server would answer, or null. The server checks the bytes again.
 */
export function checkLessonFile(
  kind: LessonFileKind,
  file: Pick<File, 'name' | 'type' | 'size'>,
): string | null {
  const rules = LESSON_FILE_RULES[kind];
  if (!(rules.types as readonly string[]).includes(file.type))
    return UPLOAD_MESSAGES.typeNotAllowed(file.name);
  if (file.size > rules.maxBytes) return UPLOAD_MESSAGES.tooLarge(file.name);
  return null;
}

/** '200 MB', '20 MB'. */
export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
