/** A row of a tree as the server answers it: flat, each with its parent's key, in display order. */
export type TreeNode<Row> = Row & { children?: TreeNode<Row>[] };

/**
 * The tree of flat rows, roots first (a row whose parent is not among them is a root), in the
 * rows' order; a leaf has no `children` (Arco's tree table draws no expander on it).
 */
export function buildTree<Row extends object>(
  rows: readonly Row[],
  rowKey: keyof Row,
  parentKey: keyof Row,
): TreeNode<Row>[] {
  const children = new Map<unknown, Row[]>();
  const keys = new Set(rows.map((row) => row[rowKey]));
  const roots: Row[] = [];
  for (const row of rows) {
    const parent = row[parentKey];
    if (parent === null || parent === undefined || !keys.has(parent as Row[keyof Row])) roots.push(row);
    else children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const node = (row: Row): TreeNode<Row> => {
    const below = children.get(row[rowKey]);
    return below ? { ...row, children: below.map(node) } : row;
  };
  return roots.map(node);
}

/** The key of a row and of every row below it (where it may not move to). */
export function keyAndBelow<Row extends object>(
  rows: readonly Row[],
  rowKey: keyof Row,
  parentKey: keyof Row,
  key: unknown,
): Set<unknown> {
  const children = new Map<unknown, unknown[]>();
  for (const row of rows) children.set(row[parentKey], [...(children.get(row[parentKey]) ?? []), row[rowKey]]);
  const found = new Set<unknown>();
  const stack = [key];
  while (stack.length > 0) {
    const next = stack.pop();
    if (found.has(next)) continue;
    found.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

/** The keys of the nodes that have children (to expand them all). */
export function parentKeys<Row extends object>(nodes: readonly TreeNode<Row>[], rowKey: keyof Row): string[] {
  return nodes.flatMap((node) => (node.children ? [String(node[rowKey]), ...parentKeys(node.children, rowKey)] : []));
}
