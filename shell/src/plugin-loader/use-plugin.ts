import type { PluginManifest } from '@cotton/sdk/contracts';
import { useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { usePluginLoader } from './context';
import { PluginListContext } from './plugin-list-store';
import type { PluginState } from './plugin-loader';

const IDLE: PluginState = Object.freeze({ status: 'idle' });

export interface UsePluginResult {
  state: PluginState;
  /**
   * Forgets a failed load and tries again — the version active now: the plugin list is read
   * first, and when the plugin was upgraded or rolled back since, its new entry loads instead.
   */
  retry: () => void;
  retrying: boolean;
  /**
   * Prepares a render-time 重试 of the loaded plugin's page (`loader.recover`): for the
   * page's error boundary. The list is read first, as for `retry`: a version fixed since loads
   * (and the page renders from it) instead of the one whose page threw.
   */
  recover: () => Promise<void>;
}

/**
 * Loads `manifest`'s bundle through the shell's one loader (on first use; the loader keeps
 * one promise per plugin) and follows its state. Without a manifest the state stays idle.
 * Failures are shown through the state, never thrown.
 */
export function usePlugin(manifest: PluginManifest | undefined): UsePluginResult {
  const loader = usePluginLoader();
  const read = () => (manifest ? loader.getState(manifest.id) : IDLE);
  const state = useSyncExternalStore(loader.subscribe, read, read);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (manifest) loader.load(manifest).catch(() => undefined);
  }, [loader, manifest]);

  const store = useContext(PluginListContext);
  /** The manifest of the version active now (the list read again), when it is another. */
  const newerVersion = useCallback(async (): Promise<PluginManifest | undefined> => {
    if (!manifest || !store) return undefined;
    await store.refresh();
    const now = store.get().find((candidate) => candidate.id === manifest.id);
    return now && now.entry !== manifest.entry ? now : undefined;
  }, [manifest, store]);

  const retry = useCallback(() => {
    if (!manifest) return;
    setRetrying(true);
    newerVersion()
      // The route renders the newer manifest from the store; its load is the one to wait for.
      .then((newer) => (newer ? loader.load(newer) : loader.retry(manifest)))
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  }, [loader, manifest, newerVersion]);

  const recover = useCallback(async () => {
    if (!manifest) return;
    const newer = await newerVersion();
    if (newer) await loader.load(newer).catch(() => undefined);
    else await loader.recover(manifest);
  }, [loader, manifest, newerVersion]);

  return { state, retry, retrying, recover };
}
