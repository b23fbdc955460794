import type { AdminCatalogRow } from '@cotton/sdk/contracts';

/** A catalogue with its children, for Arco's Tree, TreeSelect and the tree table. */
export interface CatalogTreeNode extends AdminCatalogRow {
  key: string;
  children?: CatalogTreeNode[];
  /** Not choosable in a TreeSelect (another kind of catalogue). */
  disabled?: boolean;
}

/**
 * The catalogue rows (parents before children) as a tree. `selectable` decides which can be
 * chosen (e.g. only COLUMN catalogues for an article); the others stay as the path to them.
 */
export function catalogTree(
  rows: AdminCatalogRow[],
  selectable: (row: AdminCatalogRow) => boolean = () => true,
): CatalogTreeNode[] {
  const nodes = new Map<string, CatalogTreeNode>();
  const roots: CatalogTreeNode[] = [];
  for (const row of rows) nodes.set(row.id, { ...row, key: row.id, disabled: !selectable(row) });
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
