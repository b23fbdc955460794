import { describe, expect, it } from 'vitest';
import { WorkspaceStore } from './workspace-store';

const HOME = { path: '/project/display', title: '工作台' };
const menu = new Map([
  ['/project/display', '工作台'],
  ['/system/sms', '短信日志'],
  ['/account/center', '个人中心'],
  ['/a', 'A'],
  ['/b', 'B'],
  ['/c', 'C'],
]);

function paths(store: WorkspaceStore) {
  return store.tabs.map((tab) => tab.path);
}

function storeWith(...urls: string[]) {
  const store = new WorkspaceStore({ fixed: HOME });
  for (const url of urls) store.open(url, menu.get(url.split('?')[0]) ?? url);
  return store;
}

describe('WorkspaceStore', () => {
  it('starts with the fixed home tab only, not active', () => {
    const store = new WorkspaceStore({ fixed: HOME });
    expect(store.tabs).toEqual([{ ...HOME, url: HOME.path, fixed: true, version: 0 }]);
    expect(store.activePath).toBeNull();
  });

  it('opens a page once, activates it again and remembers its last URL', () => {
    const store = storeWith('/system/sms', '/a');
    expect(paths(store)).toEqual(['/project/display', '/system/sms', '/a']);
    expect(store.activePath).toBe('/a');
    store.open('/system/sms?mobile=138', '短信日志');
    expect(paths(store)).toEqual(['/project/display', '/system/sms', '/a']);
    expect(store.activePath).toBe('/system/sms');
    expect(store.find('/system/sms')?.url).toBe('/system/sms?mobile=138');
  });

  it('switches with activate and notifies subscribers only on a change', () => {
    const store = storeWith('/a', '/b');
    let calls = 0;
    const unsubscribe = store.subscribe(() => (calls += 1));
    expect(store.activate('/a')?.path).toBe('/a');
    expect(store.activePath).toBe('/a');
    store.activate('/a');
    expect(calls).toBe(1);
    expect(store.activate('/missing')).toBeNull();
    unsubscribe();
    store.activate('/b');
    expect(calls).toBe(1);
  });

  it('closes a tab; closing the active one activates its right, else its left neighbour', () => {
    const store = storeWith('/a', '/b', '/c');
    store.activate('/b');
    expect(store.close('/b')?.path).toBe('/c');
    expect(store.activePath).toBe('/c');
    expect(store.close('/c')?.path).toBe('/a');
    expect(paths(store)).toEqual(['/project/display', '/a']);
    // An inactive tab: nothing to show instead.
    store.open('/b', 'B');
    expect(store.close('/a')).toBeNull();
    expect(store.activePath).toBe('/b');
  });

  it('never closes the fixed tab', () => {
    const store = storeWith('/project/display', '/a');
    expect(store.close('/project/display')).toBeNull();
    expect(paths(store)).toEqual(['/project/display', '/a']);
    expect(store.tabs[0].fixed).toBe(true);
  });

  it('closes the others (the fixed tab stays) and activates the kept tab', () => {
    const store = storeWith('/a', '/b', '/c');
    expect(store.closeOthers('/b')?.path).toBe('/b');
    expect(paths(store)).toEqual(['/project/display', '/b']);
    expect(store.activePath).toBe('/b');
    // The active tab kept: nothing to navigate to.
    store.open('/c', 'C');
    expect(store.closeOthers('/c')).toBeNull();
    expect(paths(store)).toEqual(['/project/display', '/c']);
  });

  it('closes the tabs on the right; the active tab among them gives way to the clicked one', () => {
    const store = storeWith('/a', '/b', '/c');
    store.activate('/a');
    expect(store.closeRight('/b')).toBeNull();
    expect(paths(store)).toEqual(['/project/display', '/a', '/b']);
    store.activate('/b');
    expect(store.closeRight('/project/display')?.path).toBe('/project/display');
    expect(paths(store)).toEqual(['/project/display']);
    expect(store.activePath).toBe('/project/display');
  });

  it('refresh gives the tab a new version', () => {
    const store = storeWith('/a');
    store.refresh('/a');
    store.refresh('/a');
    expect(store.find('/a')?.version).toBe(2);
    expect(store.find('/project/display')?.version).toBe(0);
  });

  it('keeps at most `limit` tabs: one more closes the least recently used, never the fixed one', () => {
    const store = new WorkspaceStore({ fixed: HOME, limit: 4 });
    store.open('/project/display', '工作台');
    store.open('/a', 'A');
    store.open('/b', 'B');
    store.open('/c', 'C');
    store.activate('/a');
    store.activate('/project/display');
    // Least recently used: /b (the fixed tab, used longer ago, is never closed).
    store.open('/system/sms', '短信日志');
    expect(paths(store)).toEqual(['/project/display', '/a', '/c', '/system/sms']);
    store.open('/b', 'B');
    expect(paths(store)).toEqual(['/project/display', '/a', '/system/sms', '/b']);
  });

  it('the limit spares a tab with unsaved input: it closes the next least recently used, or none', () => {
    const unsaved = new Set(['/a']);
    const store = new WorkspaceStore({ fixed: HOME, limit: 3, spare: (path) => unsaved.has(path) });
    store.open('/project/display', '工作台');
    store.open('/a', 'A');
    store.open('/b', 'B');
    // /a is the least recently used but holds unsaved input: /b goes.
    store.open('/c', 'C');
    expect(paths(store)).toEqual(['/project/display', '/a', '/c']);
    // Every other tab unsaved too: the tabs exceed the limit rather than lose input.
    unsaved.add('/c');
    store.open('/d', 'D');
    expect(paths(store)).toEqual(['/project/display', '/a', '/c', '/d']);
  });

  it('defaults to 10 tabs, never fewer than 2', () => {
    expect(new WorkspaceStore().limit).toBe(10);
    expect(new WorkspaceStore({ limit: 0 }).limit).toBe(2);
  });

  it('restores only the saved pages the menu still has, without activating any, within the limit', () => {
    const store = new WorkspaceStore({ fixed: HOME, limit: 3 });
    store.restore(['/gone', '/a?x=1', 42, '//evil.example/', '/system/sms', '/b'], menu);
    // Oldest use first: /a is the least recently used and gives way.
    expect(paths(store)).toEqual(['/project/display', '/system/sms', '/b']);
    expect(store.activePath).toBeNull();
    const restored = new WorkspaceStore({ fixed: HOME });
    restored.restore(['/a?x=1'], menu);
    expect(restored.find('/a')).toMatchObject({ title: 'A', url: '/a?x=1', fixed: false });
  });

  it('saves the URLs in the order shown with their order of use; a restore shows them so', () => {
    const store = storeWith('/a', '/b', '/c');
    store.activate('/a');
    const saved = store.saved();
    expect(saved).toEqual({ urls: ['/project/display', '/a', '/b', '/c'], uses: [0, 3, 1, 2] });
    const restored = new WorkspaceStore({ fixed: HOME });
    restored.restore(saved.urls, menu, saved.uses);
    expect(paths(restored)).toEqual(['/project/display', '/a', '/b', '/c']);
    // The order of use came back too: over a limit of 3 the least recently used (/b) gives way.
    const limited = new WorkspaceStore({ fixed: HOME, limit: 3 });
    limited.restore(saved.urls, menu, saved.uses);
    expect(paths(limited)).toEqual(['/project/display', '/a', '/c']);
  });

  it('drops the tabs whose page left the menu and follows a renamed or moved home', () => {
    const store = storeWith('/a', '/b');
    store.retain(
      new Map([
        ['/project/display', '总览'],
        ['/a', 'A'],
      ]),
      { path: '/project/display', title: '总览' },
    );
    expect(paths(store)).toEqual(['/project/display', '/a']);
    expect(store.tabs[0].title).toBe('总览');
    expect(store.activePath).toBeNull();
    store.retain(new Map([['/a', 'A']]), { path: '/a', title: 'A' });
    expect(store.tabs).toEqual([{ path: '/a', title: 'A', url: '/a', fixed: true, version: 0 }]);
  });
});
