import type { ListOption, ListSearchField, ListSuperQueryField } from '@cotton/sdk';
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

export function getSearchFields(t: PluginListLocale): ListSearchField[] {
  return [
    { name: 'id', label: t['pluginList.fields.id'], kind: 'text' },
    { name: 'source', label: t['pluginList.fields.source'], kind: 'select', options: sourceOptions(t) },
    { name: 'enabled', label: t['pluginList.fields.enabled'], kind: 'select', options: enabledOptions(t) },
  ];
}

export function getSuperQueryFields(t: PluginListLocale): ListSuperQueryField[] {
  return [
    { name: 'id', label: t['pluginList.fields.id'], type: 'text' },
    { name: 'version', label: t['pluginList.fields.version'], type: 'text' },
    { name: 'source', label: t['pluginList.fields.source'], type: 'code', options: sourceOptions(t) },
    { name: 'enabled', label: t['pluginList.fields.enabled'], type: 'code', options: enabledOptions(t) },
    { name: 'updateTime', label: t['pluginList.fields.updateTime'], type: 'date' },
  ];
}

/** `1.2 MB`, `3.4 KB`, `512 B`. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}
