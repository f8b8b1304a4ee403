import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@sokoni/contracts/uploads';
import { checkImageFile } from './image-file';

const file = (name: string, type: string, size = 1024) => ({ name, type, size });

describe('checkImageFile', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB exactly', () => {
    expect(checkImageFile(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(checkImageFile(file('b.png', 'image/png'))).toBeNull();
    expect(checkImageFile(file('c.webp', 'image/webp', IMAGE_MAX_BYTES))).toBeNull();
  });

  it('refuses other types by their MIME type, naming the file', () => {
    expect(checkImageFile(file('notes.txt', 'text/plain'))).toBe('File type not allowed: notes.txt');
    expect(checkImageFile(file('anim.gif', 'image/gif'))).toBe('File type not allowed: anim.gif');
    expect(checkImageFile(file('photo.png', ''))).toBe('File type not allowed: photo.png');
  });

  it('refuses a file over 5 MB, naming it', () => {
    expect(checkImageFile(file('big.jpg', 'image/jpeg', IMAGE_MAX_BYTES + 1))).toBe(
      'File too large: big.jpg',
    );
  });
});
