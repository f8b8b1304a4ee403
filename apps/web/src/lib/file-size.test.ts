import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('says KB below a megabyte, at least 1, and MB to one decimal from there', () => {
    expect([100, 839_680, 1024 * 1024, 14.2 * 1024 * 1024].map(formatFileSize)).toEqual([
      '1 KB',
      '820 KB',
      '1.0 MB',
      '14.2 MB',
    ]);
  });
});
