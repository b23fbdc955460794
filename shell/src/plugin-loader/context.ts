import { createContext, useContext } from 'react';
import type { PluginLoader } from './plugin-loader';

export const PluginLoaderContext = createContext<PluginLoader | null>(null);

export function usePluginLoader(): PluginLoader {
  const loader = useContext(PluginLoaderContext);
  if (!loader) throw new Error('usePluginLoader: no PluginLoaderContext.Provider above');
  return loader;
}
