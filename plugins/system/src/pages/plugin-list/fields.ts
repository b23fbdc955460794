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

/** Semver order (a pre-release before its release); what is not semver sorts last. */
export function compareVersions(a: string, b: string): number {
  const parse = (text: string) => {
    const match = /^(\d+)\.(\d+)\.(\d+)(?:-(.+))?$/.exec(text);
    return match ? { core: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4] } : null;
  };
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return x ? -1 : y ? 1 : a.localeCompare(b);
  for (let i = 0; i < 3; i += 1) if (x.core[i] !== y.core[i]) return x.core[i] - y.core[i];
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre.localeCompare(y.pre, 'en', { numeric: true });
}

/** `1.2 MB`, `3.4 KB`, `512 B`. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

export function fill(text: string, values: Record<string, string>) {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
