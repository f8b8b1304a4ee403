import { CreateGroupInput } from '@sokoni/contracts/community';

/**
 * The create-group form checks what POST /community/groups checks (spec §5: a name is required
 * and at least 3 characters after trimming; the description is optional).
 */
export const GroupForm = CreateGroupInput;

/** The message the form shows for `name`, or null when it is fine. */
export function groupNameError(name: string): string | null {
  const parsed = GroupForm.shape.name.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
