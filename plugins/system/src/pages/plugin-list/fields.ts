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

/** SemVer 2.0.0: major.minor.patch, a pre-release after `-`, build metadata after `+`. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
/** One dot-separated identifier of a pre-release: a number without leading zeros, or alphanumerics and `-`. */
const PRE_RELEASE_ID = /^(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)$/;
const NUMERIC = /^\d+$/;

function parseSemver(text: string): { core: string[]; pre: string[] } | null {
  const match = SEMVER.exec(text);
  if (!match) return null;
  const pre = match[4] === undefined ? [] : match[4].split('.');
  return pre.every((id) => PRE_RELEASE_ID.test(id)) ? { core: [match[1], match[2], match[3]], pre } : null;
}

/** Numbers without leading zeros, as digits: the longer is the larger. */
function compareNumbers(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

function compareIdentifiers(a: string, b: string): number {
  if (NUMERIC.test(a) && NUMERIC.test(b)) return compareNumbers(a, b);
  if (NUMERIC.test(a) !== NUMERIC.test(b)) return NUMERIC.test(a) ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * SemVer 2.0.0 precedence, as the server orders versions (`compareVersions` of
 * server/src/modules/plugin-admin/archive.ts, which audits a switch as upgrade or roll back):
 * a pre-release before its release, pre-release identifiers one by one (numbers numerically
 * and before words, words in ASCII order, fewer before more), build metadata ignored. What is
 * not semver sorts last.
 */
export function compareVersions(a: string, b: string): number {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) return x ? -1 : y ? 1 : a < b ? -1 : a > b ? 1 : 0;
  for (let i = 0; i < 3; i += 1) {
    const order = compareNumbers(x.core[i], y.core[i]);
    if (order !== 0) return order;
  }
  if (x.pre.length === 0 || y.pre.length === 0) return x.pre.length === y.pre.length ? 0 : x.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.min(x.pre.length, y.pre.length); i += 1) {
    const order = compareIdentifiers(x.pre[i], y.pre[i]);
    if (order !== 0) return order;
  }
  return x.pre.length - y.pre.length;
}

/** `1.2 MB`, `3.4 KB`, `512 B`. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}
