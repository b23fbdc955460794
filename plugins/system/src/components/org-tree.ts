/**
 * The organisation tree from the server's flat answer (each organisation with its parent, in
 * display order): for 机构管理's tree table, the user form's tree select and 用户管理's side tree.
 */

export interface FlatOrg {
  id: string;
  parentId: string | null;
  name: string;
}

export type OrgNode<T extends FlatOrg> = T & { children: Array<OrgNode<T>> };

/** Roots first; an organisation whose parent is not in the list is a root. */
export function buildOrgTree<T extends FlatOrg>(orgs: readonly T[]): Array<OrgNode<T>> {
  const nodes = new Map<string, OrgNode<T>>(orgs.map((org) => [org.id, { ...org, children: [] }]));
  const roots: Array<OrgNode<T>> = [];
  for (const org of orgs) {
    const node = nodes.get(org.id)!;
    const parent = org.parentId === null ? undefined : nodes.get(org.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** `id` and the ids of every organisation below it. */
export function orgAndBelow(orgs: readonly FlatOrg[], id: string): string[] {
  const children = new Map<string, string[]>();
  for (const org of orgs) {
    if (org.parentId !== null) children.set(org.parentId, [...(children.get(org.parentId) ?? []), org.id]);
  }
  const ids: string[] = [];
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop()!;
    ids.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return ids;
}

/** Every id of the tree that has children (to expand all). */
export function parentIds<T extends FlatOrg>(nodes: ReadonlyArray<OrgNode<T>>): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.id, ...parentIds(node.children)] : []));
}
