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

/** The tabs `owner` had open; nothing for another user or unreadable data. */
export function loadSavedTabs(owner: string): SavedTabs {
  const saved = storage.get<StoredTabs>(WORKSPACE_TABS_KEY);
  if (!saved || saved.owner !== owner || !Array.isArray(saved.urls)) return { urls: [] };
  const urls = saved.urls.filter((url): url is string => typeof url === 'string');
  // The ranks only when they still match the URLs one for one.
  const uses =
    Array.isArray(saved.uses) && urls.length === saved.urls.length && saved.uses.length === urls.length
      ? saved.uses.filter((use): use is number => Number.isInteger(use))
      : undefined;
  return uses && uses.length === urls.length ? { urls, uses } : { urls };
}

export function saveTabs(owner: string, tabs: SavedTabs): void {
  storage.set(WORKSPACE_TABS_KEY, { owner, ...tabs } satisfies StoredTabs);
}

/** On logout: the next login starts with the home tab only. */
export function clearSavedTabs(): void {
  storage.remove(WORKSPACE_TABS_KEY);
}
