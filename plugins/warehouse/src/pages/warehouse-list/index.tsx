import { useEffect, useMemo } from 'react';
import { FooterPager, LightTable, useQuery } from '@cotton/sdk';
import { queryWhsPage } from '../../api';
import type { WhsRow } from '@cotton/sdk/contracts';
import { WAREHOUSE_URL_INVALID, useWarehouseUrlState } from '../../hooks/use-warehouse-url-state';
import { LazyWarehouseDetail } from '../warehouse-detail/lazy';
import { ACTION_COLUMN_KEYS, TABLE_WIDTH, getColumns } from './columns';
import locale from './locale/zh-CN';
import { SearchForm } from './search-form';
import type { WarehouseSearchValues } from './search-form';
import styles from './style/index.module.css';

export const WAREHOUSE_PAGE_SIZE = 10;

function toPageNum(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/**
 * The public warehouse screen (`/warehouse`). The list and the detail are two views of
 * it: `?whsCode=…` in the URL shows the detail, otherwise the list. The filters, the page
 * and the open detail live in the URL, so reload and the browser's back button work.
 */
export function WarehouseList() {
  const [state] = useWarehouseUrlState();
  return state.whsCode ? <LazyWarehouseDetail whsCode={state.whsCode} /> : <WarehouseListView />;
}

/** The list view: search form, table and pager. */
export function WarehouseListView() {
  const t = locale;
  const [state, update] = useWarehouseUrlState();
  const { warehouseName, regionProviceCode, warehouseAreaType } = state;
  const pageNum = toPageNum(state.pageNum);

  const { data, loading } = useQuery(
    () => queryWhsPage({ warehouseName, regionProviceCode, warehouseAreaType }, pageNum, WAREHOUSE_PAGE_SIZE),
    [warehouseName, regionProviceCode, warehouseAreaType, pageNum],
    // The URL's values are checked before requesting; a refusal all the same is told plainly.
    { badRequestMessage: WAREHOUSE_URL_INVALID },
  );

  const columns = useMemo(() => getColumns(t, (row: WhsRow) => update({ whsCode: row.warehouseCode })), [t, update]);

  const rows = data?.pagination.result ?? [];
  const total = data?.pagination.totalCount ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / WAREHOUSE_PAGE_SIZE));

  // A page past the end (an old link, or rows removed since): go to the last page, in place.
  useEffect(() => {
    if (!loading && data && pageNum > lastPage) update({ pageNum: String(lastPage) }, { replace: true });
  }, [loading, data, pageNum, lastPage, update]);

  // Searching and resetting go back to page 1 (the default, so it leaves the URL) and
  // push a history entry.
  const onSearch = (values: WarehouseSearchValues) => update({ ...values, pageNum: '1', whsCode: '' });
  const onReset = () =>
    update({ warehouseName: '', regionProviceCode: '', warehouseAreaType: '', pageNum: '1', whsCode: '' });

  return (
    <div className={styles.container}>
      <h5 className={styles.title}>{t['warehouseList.title']}</h5>
      <SearchForm
        t={t}
        value={{ warehouseName, regionProviceCode, warehouseAreaType }}
        onSearch={onSearch}
        onReset={onReset}
      />
      <div data-testid="warehouse-table" className={styles.table}>
        {/* Plain elements (issue 30): Arco's Table cost a phone's CPU more than it gave here. */}
        <LightTable
          aria-label={t['warehouseList.title']}
          columnSetting={{ storageKey: 'warehouse-list', fixedKeys: ACTION_COLUMN_KEYS }}
          rowKey="warehouseCode"
          columns={columns}
          data={rows}
          loading={loading}
          // The header stays in view under the site's navigation bar while the page scrolls.
          stickyHeader="var(--shell-navbar-height, 48px)"
          minWidth={TABLE_WIDTH}
          empty={t['warehouseList.table.empty']}
        />
      </div>
      {/* FooterPager shows 第 x / n 页，共 N 条 itself. */}
      {total > 0 && (
        <div className={styles.pager}>
          <FooterPager
            className={styles['footer-pager']}
            current={pageNum}
            pageSize={WAREHOUSE_PAGE_SIZE}
            total={total}
            onChange={(page: number) => update({ pageNum: String(page) })}
          />
        </div>
      )}
    </div>
  );
}
