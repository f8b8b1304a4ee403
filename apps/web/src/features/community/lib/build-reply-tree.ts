import type { Reply } from '@sokoni/contracts/community';

export type ReplyNode = Reply & { children: ReplyNode[] };

const byAge = (a: Reply, b: Reply) => Date.parse(a.createdAt) - Date.parse(b.createdAt);

/**
 * Spec §4: the flat reply list as a tree by parentReplyId, oldest first at every level.
 * A reply whose parent is missing (or that would close a loop) is shown at the top level,
 * so no reply is ever hidden.
 */
export function buildReplyTree(replies: readonly Reply[]): ReplyNode[] {
  const nodes = new Map<string, ReplyNode>();
  for (const reply of [...replies].sort(byAge)) nodes.set(reply.id, { ...reply, children: [] });

  const parentOf = (node: ReplyNode): ReplyNode | undefined =>
    node.parentReplyId && node.parentReplyId !== node.id ? nodes.get(node.parentReplyId) : undefined;

  const roots: ReplyNode[] = [];
  for (const node of nodes.values()) {
    const parent = parentOf(node);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }

  // Replies in a parent loop are reachable from no root: lift the oldest of each loop up.
  const reached = new Set<string>();
  const visit = (node: ReplyNode) => {
    reached.add(node.id);
    node.children.forEach(visit);
  };
  roots.forEach(visit);
  for (const node of nodes.values()) {
    if (reached.has(node.id)) continue;
    const parent = parentOf(node);
    if (parent) parent.children = parent.children.filter((child) => child.id !== node.id);
    roots.push(node);
    visit(node);
  }
  return roots.sort(byAge);
}
