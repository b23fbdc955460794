import type { PluginManifest } from '@cotton/sdk/contracts';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { usePluginLoader } from './context';
import type { PluginState } from './plugin-loader';

const IDLE: PluginState = Object.freeze({ status: 'idle' });

export interface UsePluginResult {
  state: PluginState;
  /** Forgets a failed load and tries again. */
  retry: () => void;
  retrying: boolean;
  /**
   * Prepares a render-time 重试 of the loaded plugin's page (`loader.recover`): for the
   * page's error boundary.
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

  const retry = useCallback(() => {
    if (!manifest) return;
    setRetrying(true);
    loader
      .retry(manifest)
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  }, [loader, manifest]);

  const recover = useCallback(() => (manifest ? loader.recover(manifest) : Promise.resolve()), [loader, manifest]);

  return { state, retry, retrying, recover };
}
