import type { ListOption } from '@cotton/sdk';
import type { CmsLocale } from '../../locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface ContentFilters {
  title?: string;
  catalogId?: string;
  status?: string;
  publishTime?: string;
}

export function statusOptions(t: CmsLocale): ListOption[] {
  return [
    { label: t['status.draft'], value: '0' },
    { label: t['status.published'], value: '1' },
    { label: t['status.withdrawn'], value: '2' },
  ];
}
