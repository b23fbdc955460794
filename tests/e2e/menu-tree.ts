/** A node of 菜单管理's tree as `/rest/menu/getMenuTree` answers it (the parts the specs read). */
export interface MenuTreeNode {
  id: string;
  path: string | null;
  children?: MenuTreeNode[];
}

/** Every node of the tree, parents before their children. */
export function flatMenuTree(nodes: readonly MenuTreeNode[]): MenuTreeNode[] {
  return nodes.flatMap((node) => [node, ...flatMenuTree(node.children ?? [])]);
}
