import type { ListOption } from '@cotton/sdk';
import type { PluginListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface PluginFilters {
  id?: string;
  source?: string;
  enabled?: string;
}

export function sourceOptions(t: PluginListLocale): ListOption[] {
  return [
    { label: t['pluginList.source.bundled'], value: 'bundled' },
    { label: t['pluginList.source.external'], value: 'external' },
  ];
}

export function enabledOptions(t: PluginListLocale): ListOption[] {
  return [
    { label: t['pluginList.status.enabled'], value: '1' },
    { label: t['pluginList.status.disabled'], value: '0' },
  ];
}

/** `1.2 MB`, `3.4 KB`, `512 B`. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}
