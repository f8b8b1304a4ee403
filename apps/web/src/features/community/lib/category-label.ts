import type { ThreadCategory } from '@sokoni/contracts/community-rules';

/** 'technology' → 'Technology'. */
export function categoryLabel(category: ThreadCategory): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}
