import type { GrantNode } from '@cotton/sdk';

/**
 * The grant tree's check rules (what 角色授权 shows and sends). Only nodes with a code are
 * granted; a node without one (a group, the home page) is open to everyone and shows the
 * state of what is under it. Checking a node checks everything under it and the coded menus
 * above it (a button needs its menu); unchecking a node unchecks everything under it.
 */

function walk(
  nodes: GrantNode[],
  visit: (node: GrantNode, ancestors: GrantNode[]) => void,
  ancestors: GrantNode[] = [],
) {
  for (const node of nodes) {
    visit(node, ancestors);
    walk(node.children, visit, [...ancestors, node]);
  }
}

function codedUnder(node: GrantNode): string[] {
  const ids: string[] = [];
  walk([node], (each) => {
    if (each.code !== null) ids.push(each.id);
  });
  return ids;
}

/** A node's ancestors, by id. */
function ancestorsOf(tree: GrantNode[]): Map<string, GrantNode[]> {
  const map = new Map<string, GrantNode[]>();
  walk(tree, (node, ancestors) => map.set(node.id, ancestors));
  return map;
}

/** The granted ids after (un)checking `nodeId`. */
export function toggleGrant(tree: GrantNode[], granted: ReadonlySet<string>, nodeId: string, on: boolean): Set<string> {
  const next = new Set(granted);
  let target: GrantNode | undefined;
  walk(tree, (node) => {
    if (node.id === nodeId) target = node;
  });
  if (!target) return next;
  const below = codedUnder(target);
  if (on) {
    for (const id of below) next.add(id);
    for (const ancestor of ancestorsOf(tree).get(nodeId) ?? []) if (ancestor.code !== null) next.add(ancestor.id);
  } else {
    for (const id of below) next.delete(id);
  }
  return next;
}

export interface GrantTreeState {
  checkedKeys: string[];
  halfCheckedKeys: string[];
  /** Nodes that nothing under them can grant (open to all, no coded children): not checkable. */
  disabledKeys: string[];
}

/** What the tree shows for the granted ids. */
export function grantTreeState(tree: GrantNode[], granted: ReadonlySet<string>): GrantTreeState {
  const state: GrantTreeState = { checkedKeys: [], halfCheckedKeys: [], disabledKeys: [] };
  walk(tree, (node) => {
    if (node.code !== null) {
      if (granted.has(node.id)) state.checkedKeys.push(node.id);
      else if (codedUnder(node).some((id) => granted.has(id))) state.halfCheckedKeys.push(node.id);
      return;
    }
    const below = codedUnder(node);
    const held = below.filter((id) => granted.has(id)).length;
    if (below.length === 0) state.disabledKeys.push(node.id);
    else if (held === below.length) state.checkedKeys.push(node.id);
    else if (held > 0) state.halfCheckedKeys.push(node.id);
  });
  return state;
}

/** Every coded id of the tree (全选). */
export function allGrantable(tree: GrantNode[]): string[] {
  return tree.flatMap(codedUnder);
}
