import { describe, expect, it } from 'vitest';
import type { Reply } from '@sokoni/contracts/community';
import { buildReplyTree } from './build-reply-tree';
import type { ReplyNode } from './build-reply-tree';

let clock = Date.parse('2026-03-01T08:00:00.000Z');

function reply(id: string, parentReplyId: string | null = null): Reply {
  clock += 60_000;
  return {
    id,
    threadId: 'thread-1',
    parentReplyId,
    content: `Reply ${id}`,
    image: null,
    video: null,
    authorId: 'user-1',
    author: { id: 'user-1', name: 'Amina' },
    upvotes: 0,
    createdAt: new Date(clock).toISOString(),
  };
}

/** The tree as nested ids, easy to compare. */
const shape = (nodes: ReplyNode[]): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.id, shape(node.children)] : node.id));

describe('buildReplyTree', () => {
  it('answers an empty tree for no replies', () => {
    expect(buildReplyTree([])).toEqual([]);
  });

  it('nests replies under their parents, however deep', () => {
    const replies = [reply('a'), reply('b', 'a'), reply('c', 'b'), reply('d', 'c'), reply('e', 'd')];
    expect(shape(buildReplyTree(replies))).toEqual([['a', [['b', [['c', [['d', ['e']]]]]]]]]);
  });

  it('orders every level oldest first, whatever the input order', () => {
    const first = reply('first');
    const second = reply('second');
    const childOld = reply('child-old', 'first');
    const childNew = reply('child-new', 'first');
    const tree = buildReplyTree([childNew, second, childOld, first]);
    expect(shape(tree)).toEqual([['first', ['child-old', 'child-new']], 'second']);
  });

  it('shows a reply whose parent is missing at the top level', () => {
    const root = reply('root');
    const orphan = reply('orphan', 'deleted-reply');
    const orphanChild = reply('orphan-child', 'orphan');
    expect(shape(buildReplyTree([orphanChild, orphan, root]))).toEqual([
      'root',
      ['orphan', ['orphan-child']],
    ]);
  });

  it('never loses replies that point at each other or at themselves', () => {
    const self = reply('self', 'self');
    const x = reply('x', 'y');
    const y = reply('y', 'x');
    const tree = buildReplyTree([self, x, y]);
    expect(shape(tree)).toEqual(['self', ['x', ['y']]]);
  });

  it('does not change the replies it was given', () => {
    const replies = [reply('p'), reply('q', 'p')];
    const copy = structuredClone(replies);
    buildReplyTree(replies);
    expect(replies).toEqual(copy);
  });
});
