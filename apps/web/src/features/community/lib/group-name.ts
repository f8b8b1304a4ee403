import { COMMUNITY_MESSAGES, GROUP_NAME_MIN } from '@sokoni/contracts/community-rules';

/** Spec §5: a group name is required and at least 3 characters after trimming. */
export function groupNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return COMMUNITY_MESSAGES.groupNameRequired;
  if (trimmed.length < GROUP_NAME_MIN) return COMMUNITY_MESSAGES.groupNameTooShort;
  return null;
}
