import { storage } from '@cotton/sdk';

/** Storage key (under the SDK's `dandelion__` namespace) of the open back-office tabs. */
export const WORKSPACE_TABS_KEY = 'WORKSPACE_TABS';

interface SavedTabs {
  /** Whose tabs: another user's are never restored. */
  owner: string;
  urls: string[];
}

/** The URLs `owner` had open (oldest use first); nothing for another user or unreadable data. */
export function loadSavedTabs(owner: string): string[] {
  const saved = storage.get<SavedTabs>(WORKSPACE_TABS_KEY);
  if (!saved || saved.owner !== owner || !Array.isArray(saved.urls)) return [];
  return saved.urls.filter((url): url is string => typeof url === 'string');
}

export function saveTabs(owner: string, urls: string[]): void {
  storage.set(WORKSPACE_TABS_KEY, { owner, urls } satisfies SavedTabs);
}

/** On logout: the next login starts with the home tab only. */
export function clearSavedTabs(): void {
  storage.remove(WORKSPACE_TABS_KEY);
}
