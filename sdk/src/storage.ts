/** Every key this SDK writes to localStorage starts with this (spec §9). */
export const STORAGE_PREFIX = 'dandelion__';

/** Key of the login token. */
export const ACCESS_TOKEN = 'token';

/** How long a login token is kept: 7 days (spec §9). */
export const TOKEN_EXPIRE_MS = 604_800_000;

interface StoredEntry {
  value: unknown;
  /** Epoch ms after which the entry is gone; `null` never expires. */
  expire: number | null;
}

export interface NamespacedStorage {
  /** Stores `value` as JSON; with `expireMs` it disappears that many ms from now. */
  set(key: string, value: unknown, expireMs?: number): void;
  /** The stored value, or `null` when absent, expired or unreadable. */
  get<T>(key: string): T | null;
  remove(key: string): void;
  /** Removes this namespace's keys only; other apps' keys on the origin stay. */
  clear(): void;
}

// localStorage throws in some privacy modes and is absent outside a browser: the SDK then
// behaves as if nothing were stored rather than failing the page.
function local(): globalThis.Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isEntry(value: unknown): value is StoredEntry {
  return typeof value === 'object' && value !== null && 'value' in value && 'expire' in value;
}

export const storage: NamespacedStorage = {
  set(key, value, expireMs) {
    const entry: StoredEntry = {
      value,
      expire: expireMs === undefined ? null : Date.now() + expireMs,
    };
    try {
      local()?.setItem(STORAGE_PREFIX + key, JSON.stringify(entry));
    } catch {
      // Quota exceeded: a lost preference is better than a broken page.
    }
  },

  get<T>(key: string): T | null {
    const store = local();
    const raw = store?.getItem(STORAGE_PREFIX + key);
    if (!store || raw == null) return null;
    let entry: unknown;
    try {
      entry = JSON.parse(raw);
    } catch {
      store.removeItem(STORAGE_PREFIX + key);
      return null;
    }
    if (!isEntry(entry)) {
      store.removeItem(STORAGE_PREFIX + key);
      return null;
    }
    if (entry.expire !== null && Date.now() >= entry.expire) {
      store.removeItem(STORAGE_PREFIX + key);
      return null;
    }
    return entry.value as T;
  },

  remove(key) {
    local()?.removeItem(STORAGE_PREFIX + key);
  },

  clear() {
    const store = local();
    if (!store) return;
    const ours: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(STORAGE_PREFIX)) ours.push(key);
    }
    for (const key of ours) store.removeItem(key);
  },
};
