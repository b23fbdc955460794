import { storage } from '@cotton/sdk';

/** Storage key (under the SDK's `dandelion__` namespace) of the open back-office tabs. */
export const WORKSPACE_TABS_KEY = 'WORKSPACE_TABS';

/** The open tabs as saved: their URLs in the order shown, and each one's rank of use (0 the oldest). */
export interface SavedTabs {
  urls: string[];
  /** Absent in tabs saved before the order was kept: their `urls` are oldest use first. */
  uses?: number[];
}

interface StoredTabs extends SavedTabs {
  /** Whose tabs: another user's are never restored. */
  owner: string;
}

/**
 * The tabs `owner` had open, as stored (nothing for another user): `WorkspaceStore.restore`
 * checks each URL and rank itself.
 */
export function loadSavedTabs(owner: string): { urls: readonly unknown[]; uses?: readonly unknown[] } {
  const saved = storage.get<StoredTabs>(WORKSPACE_TABS_KEY);
  if (!saved || saved.owner !== owner || !Array.isArray(saved.urls)) return { urls: [] };
  return { urls: saved.urls, uses: Array.isArray(saved.uses) ? saved.uses : undefined };
}

export function saveTabs(owner: string, tabs: SavedTabs): void {
  storage.set(WORKSPACE_TABS_KEY, { owner, ...tabs } satisfies StoredTabs);
}

/** On logout: the next login starts with the home tab only. */
export function clearSavedTabs(): void {
  storage.remove(WORKSPACE_TABS_KEY);
}
