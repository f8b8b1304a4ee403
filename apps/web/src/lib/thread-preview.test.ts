import { describe, expect, it } from 'vitest';
import { threadHeadline, threadPreview } from './thread-preview';

describe('threadPreview', () => {
  it('keeps content of up to 280 characters whole', () => {
    const text = 'a'.repeat(280);
    expect(threadPreview(text)).toBe(text);
  });

  it('cuts longer content at 280 characters and adds an ellipsis', () => {
    const preview = threadPreview('b'.repeat(281));
    expect(preview).toBe(`${'b'.repeat(280)}…`);
  });
});

describe('threadHeadline', () => {
  it('answers the title when there is one', () => {
    expect(threadHeadline({ title: ' Best phones ', content: 'Body' })).toBe('Best phones');
  });

  it('falls back to the first line of the content', () => {
    expect(threadHeadline({ title: '', content: 'Where to buy seeds?\nIn Nakuru.' })).toBe(
      'Where to buy seeds?',
    );
  });
});
