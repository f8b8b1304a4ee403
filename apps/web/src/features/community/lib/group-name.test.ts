import { describe, expect, it } from 'vitest';
import { groupNameError } from './group-name';

describe('groupNameError', () => {
  it('requires a name', () => {
    expect(groupNameError('')).toBe('Group name is required.');
    expect(groupNameError('   ')).toBe('Group name is required.');
  });

  it('needs at least 3 characters after trimming', () => {
    expect(groupNameError('  ab  ')).toBe('Group name must be at least 3 characters.');
    expect(groupNameError(' abc ')).toBeNull();
  });
});
