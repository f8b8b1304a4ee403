import { describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES } from '@sokoni/contracts/community-rules';
import { checkAttachment, parseTags } from './attachment';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
const NOT_MEDIA = COMMUNITY_MESSAGES.attachmentType;

describe('checkAttachment', () => {
  it('accepts JPEG, PNG and WebP images and MP4 and WebM videos', () => {
    expect(checkAttachment(file('a.png', 'image/png'), NOT_MEDIA)).toEqual({ kind: 'image', error: null });
    expect(checkAttachment(file('a.webp', 'image/webp'), NOT_MEDIA).kind).toBe('image');
    expect(checkAttachment(file('a.mp4', 'video/mp4'), NOT_MEDIA)).toEqual({ kind: 'video', error: null });
    expect(checkAttachment(file('a.webm', 'video/webm'), NOT_MEDIA).kind).toBe('video');
  });

  it("refuses other files with the form's message", () => {
    expect(checkAttachment(file('notes.pdf', 'application/pdf'), NOT_MEDIA)).toEqual({
      kind: null,
      error: 'Only image and video files are supported',
    });
    expect(checkAttachment(file('x', ''), COMMUNITY_MESSAGES.replyAttachmentType).error).toBe(
      'Only image or video files are allowed.',
    );
  });

  it('refuses image and video formats the server does not store, and files over the limits', () => {
    expect(checkAttachment(file('a.gif', 'image/gif'), NOT_MEDIA).error).toBe('File type not allowed: a.gif');
    expect(checkAttachment(file('big.png', 'image/png', 5 * 1024 * 1024 + 1), NOT_MEDIA).error).toBe(
      'File too large: big.png',
    );
    expect(checkAttachment(file('big.mp4', 'video/mp4', 25 * 1024 * 1024 + 1), NOT_MEDIA).error).toBe(
      'File too large: big.mp4',
    );
  });
});

describe('parseTags', () => {
  it('splits on commas, trims, drops blanks and repeats', () => {
    expect(parseTags(' maize, seeds ,, Nakuru ,maize, ')).toEqual(['maize', 'seeds', 'Nakuru']);
    expect(parseTags('')).toEqual([]);
  });
});
