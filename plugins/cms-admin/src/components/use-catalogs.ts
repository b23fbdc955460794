import { useQuery } from '@cotton/sdk';
import type { AdminCatalogRow } from '@cotton/sdk/contracts';
import type { ListOption } from '@cotton/sdk';
import { getCatalogs } from '../api';

/** The default site's catalogues (栏目), for the lists' catalogue filter and the forms. */
export function useCatalogs(): { catalogs: AdminCatalogRow[]; loading: boolean; reload: () => void } {
  const answer = useQuery(() => getCatalogs(), []);
  return { catalogs: answer.data?.catalogs ?? [], loading: answer.loading, reload: answer.reload };
}

/** The catalogues of one type as select options, indented by depth. */
export function catalogOptions(catalogs: AdminCatalogRow[], catalogType: 'COLUMN' | 'BANNER'): ListOption[] {
  const depth = new Map<string, number>();
  for (const row of catalogs) depth.set(row.id, row.parentId ? (depth.get(row.parentId) ?? 0) + 1 : 0);
  return catalogs
    .filter((row) => row.catalogType === catalogType)
    .map((row) => ({ label: `${'　'.repeat(depth.get(row.id) ?? 0)}${row.title}`, value: row.id }));
}
