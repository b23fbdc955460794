import type { GrantApp, GrantNode } from '@cotton/sdk/contracts';

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
  return grantViewState(plainView(tree), granted);
}

/** Every coded id of the tree (全选). */
export function allGrantable(tree: GrantNode[]): string[] {
  return tree.flatMap(codedUnder);
}

/*
 * Grouped by app: the tree 角色授权 shows is apps → menus → buttons. An app (sys_apps) is a
 * grouping, not a permission: under it are the nodes whose code the app lists, each with
 * everything under it (a node listed together with one above it shows once, under that one).
 * A menu in several apps shows under each; the grant is a set of permission ids, so checking
 * it in one place shows it checked in all. What no app holds stays under 未归属应用, without
 * the open groups (系统管理) whose contents all went to apps. No app grouping any menu: the
 * plain menu tree, as before. The grant rules above still decide what a check does.
 */

/** A node of the tree as shown: an app (or 未归属应用) or a node of the menu tree. */
export interface GrantViewNode {
  /** Unique in the view: the permission id, behind its app's key when grouped (`app:WMS/12`). */
  key: string;
  /** The permission id; `null` for an app and 未归属应用. */
  id: string | null;
  kind: 'app' | 'menu' | 'button';
  name: string;
  code: string | null;
  children: GrantViewNode[];
}

/** The key of 未归属应用 (app codes start with a letter: no app's key is this). */
export const UNASSIGNED_KEY = 'unassigned';

function viewOf(node: GrantNode, prefix: string): GrantViewNode {
  return {
    key: `${prefix}${node.id}`,
    id: node.id,
    kind: node.type,
    name: node.name,
    code: node.code,
    children: node.children.map((child) => viewOf(child, prefix)),
  };
}

/** The menu tree as it is, each node keyed by its id. */
export function plainView(tree: GrantNode[]): GrantViewNode[] {
  return tree.map((node) => viewOf(node, ''));
}

/** The tree grouped by `apps` (in their order); `unassignedName` names the group of the rest. */
export function groupByApp(tree: GrantNode[], apps: readonly GrantApp[], unassignedName: string): GrantViewNode[] {
  const covered = new Set<string>();
  const groups: GrantViewNode[] = [];
  for (const app of apps) {
    const codes = new Set(app.menus);
    const roots: GrantNode[] = [];
    walk(tree, (node, ancestors) => {
      if (node.code !== null && codes.has(node.code) && !ancestors.some((a) => a.code !== null && codes.has(a.code)))
        roots.push(node);
    });
    if (roots.length === 0) continue;
    for (const root of roots) walk([root], (node) => covered.add(node.id));
    const key = `app:${app.appCode}`;
    groups.push({
      key,
      id: null,
      kind: 'app',
      name: app.appName,
      code: null,
      children: roots.map((root) => viewOf(root, `${key}/`)),
    });
  }
  if (groups.length === 0) return plainView(tree);
  const prune = (nodes: GrantNode[]): GrantViewNode[] =>
    nodes.flatMap((node) => {
      if (covered.has(node.id)) return [];
      const children = prune(node.children);
      if (node.code === null && node.children.length > 0 && children.length === 0) return [];
      return [{ ...viewOf({ ...node, children: [] }, `${UNASSIGNED_KEY}/`), children }];
    });
  const rest = prune(tree);
  if (rest.length > 0) {
    groups.push({ key: UNASSIGNED_KEY, id: null, kind: 'app', name: unassignedName, code: null, children: rest });
  }
  return groups;
}

function walkView(nodes: GrantViewNode[], visit: (node: GrantViewNode) => void) {
  for (const node of nodes) {
    visit(node);
    walkView(node.children, visit);
  }
}

/** The permission ids with a code shown at or under `node`. */
function codedShownUnder(node: GrantViewNode): string[] {
  const ids: string[] = [];
  walkView([node], (each) => {
    if (each.id !== null && each.code !== null) ids.push(each.id);
  });
  return ids;
}

/** What the view shows for the granted ids, by view key. */
export function grantViewState(view: GrantViewNode[], granted: ReadonlySet<string>): GrantTreeState {
  const state: GrantTreeState = { checkedKeys: [], halfCheckedKeys: [], disabledKeys: [] };
  walkView(view, (node) => {
    if (node.id !== null && node.code !== null) {
      if (granted.has(node.id)) state.checkedKeys.push(node.key);
      else if (codedShownUnder(node).some((id) => granted.has(id))) state.halfCheckedKeys.push(node.key);
      return;
    }
    const below = codedShownUnder(node);
    const held = below.filter((id) => granted.has(id)).length;
    if (below.length === 0) state.disabledKeys.push(node.key);
    else if (held === below.length) state.checkedKeys.push(node.key);
    else if (held > 0) state.halfCheckedKeys.push(node.key);
  });
  return state;
}

/**
 * The granted ids after (un)checking the view node `key`: a coded node as {@link toggleGrant}
 * does on the menu tree; an app, 未归属应用 or an open group as each coded node shown under it.
 */
export function toggleViewGrant(
  tree: GrantNode[],
  view: GrantViewNode[],
  granted: ReadonlySet<string>,
  key: string,
  on: boolean,
): Set<string> {
  let target: GrantViewNode | undefined;
  walkView(view, (node) => {
    if (node.key === key) target = node;
  });
  if (!target) return new Set(granted);
  if (target.id !== null && target.code !== null) return toggleGrant(tree, granted, target.id, on);
  let next = new Set(granted);
  for (const id of codedShownUnder(target)) next = toggleGrant(tree, next, id, on);
  return next;
}

/** The keys of the view's nodes that have children (展开全部). */
export function expandableKeys(view: GrantViewNode[]): string[] {
  const keys: string[] = [];
  walkView(view, (node) => {
    if (node.children.length > 0) keys.push(node.key);
  });
  return keys;
}
