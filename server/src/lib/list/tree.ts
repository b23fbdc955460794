/**
 * A tree's rows written as a list (机构管理, 栏目管理's 导出): each node's place parents first,
 * siblings by `sort` then id, its level (a top node is 1) and its ancestors, top first. A node
 * whose parent is not among `nodes` is a top node; a cycle (which the writes never make) is cut.
 */

/** What the places are read from: a row's key, its parent's and its order among its siblings. */
export interface TreeRow {
  id: number;
  parentId: number | null;
  sort: number;
}

export interface TreePlace<Node> {
  /** Position when the tree is read parents first. */
  order: number;
  /** 1 for a top node. */
  level: number;
  /** From the top node down to the parent. */
  ancestors: Node[];
}

export function treePlaces<Node extends TreeRow>(nodes: readonly Node[]): Map<number, TreePlace<Node>> {
  const ids = new Set(nodes.map((node) => node.id));
  const children = new Map<number | null, Node[]>();
  for (const node of nodes) {
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    const siblings = children.get(parent) ?? [];
    siblings.push(node);
    children.set(parent, siblings);
  }
  for (const siblings of children.values()) siblings.sort((a, b) => a.sort - b.sort || a.id - b.id);
  const places = new Map<number, TreePlace<Node>>();
  // Depth first without recursion: a stack of (node, its ancestors).
  const stack: Array<[Node, Node[]]> = [...(children.get(null) ?? [])].reverse().map((node) => [node, []]);
  while (stack.length > 0) {
    const [node, ancestors] = stack.pop()!;
    if (places.has(node.id)) continue;
    places.set(node.id, { order: places.size, level: ancestors.length + 1, ancestors });
    const below = children.get(node.id) ?? [];
    for (let index = below.length - 1; index >= 0; index -= 1) stack.push([below[index]!, [...ancestors, node]]);
  }
  return places;
}

/**
 * `rows` (a page of the tree's list) each with its place in the tree of `nodes`: in tree order
 * unless the caller `sorted` them; a row outside `nodes` comes last, as a top node.
 */
export function placeRows<Node extends TreeRow, Row extends { id: number }>(
  nodes: readonly Node[],
  rows: readonly Row[],
  sorted: boolean,
): Array<{ row: Row; level: number; ancestors: Node[] }> {
  const places = treePlaces(nodes);
  const placeOf = (id: number) => places.get(id) ?? { order: Number.MAX_SAFE_INTEGER, level: 1, ancestors: [] };
  const ordered = sorted ? rows : [...rows].sort((a, b) => placeOf(a.id).order - placeOf(b.id).order);
  return ordered.map((row) => ({ row, ...placeOf(row.id) }));
}
