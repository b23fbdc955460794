import { useEffect, useId, useMemo, useState } from 'react';
import { Empty, Spin } from '@arco-design/web-react';
import { LightInput, LightPagination, LightSearchForm, fillText, useQuery } from '@cotton/sdk';
import { queryReceiptDicts, searchReceipts } from '../../api';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import {
  BID_URL_DEFAULTS,
  BID_URL_INVALID,
  RANGE_FILTER_KEYS,
  SEARCH_TEXT,
  TAG_FILTER_KEYS,
  parseSort,
  toPageNum,
  toQuery,
  useBidUrlState,
} from '../../hooks/use-bid-url-state';
import locale from '../../locale/zh-CN';
import { FilterPanel } from './filter-panel';
import type { FilterValues } from './filter-panel';
import { ReceiptCard } from './receipt-card';
import { SortTabs } from './sort-tabs';
import styles from './style/index.module.css';

/** Spec §9: receipt list page size. */
export const BID_PAGE_SIZE = 10;

/**
 * Warehouse receipt search (`/bid`): a text search, the stock filter panel, sort tabs,
 * result cards and paging. Everything lives in the URL, so reload and back work.
 */
export function ReceiptList() {
  const t = locale;
  const [state, update] = useBidUrlState();
  const pageNum = toPageNum(state.pageNum);
  const sort = parseSort(state.sort);
  const query = useMemo(() => toQuery(state), [state]);
  const queryKey = JSON.stringify(query);

  const { data, loading } = useQuery(() => searchReceipts(query, pageNum, BID_PAGE_SIZE), [queryKey, pageNum], {
    badRequestMessage: BID_URL_INVALID,
  });
  const dicts = useQuery(queryReceiptDicts, [], { silent: true });

  const [text, setText] = useState(state.text);
  const searchErrorId = useId();
  const [invalidText, setInvalidText] = useState(false);
  useEffect(() => {
    setText(state.text);
    setInvalidText(false);
  }, [state.text]);

  const search = (value: string) => {
    const next = value.trim();
    if (next !== '' && !SEARCH_TEXT.test(next)) {
      setInvalidText(true);
      return;
    }
    setInvalidText(false);
    update({ text: next, pageNum: '1' });
  };

  const items = data?.pageWareHouse.result ?? [];
  const total = data?.pageWareHouse.totalCount ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / BID_PAGE_SIZE));

  // A page past the end (an old link): go to the last page, in place.
  useEffect(() => {
    if (!loading && data && total > 0 && pageNum > lastPage) update({ pageNum: String(lastPage) }, { replace: true });
  }, [loading, data, total, pageNum, lastPage, update]);

  const filters: FilterValues = useMemo(() => {
    const picked: Record<string, string> = {
      storagePlace: state.storagePlace,
      whsName: state.whsName,
      factoryName: state.factoryName,
    };
    for (const key of [...TAG_FILTER_KEYS, ...RANGE_FILTER_KEYS]) picked[key] = state[key];
    return picked as FilterValues;
  }, [state]);

  const clear = () => {
    const patch: Partial<typeof BID_URL_DEFAULTS> = { ...BID_URL_DEFAULTS };
    delete patch.sort;
    update(patch);
  };

  return (
    <div className={styles.container} data-testid="bid-page">
      <PageBreadcrumb items={[{ title: t['breadcrumb.home'], to: '/home' }, { title: t['breadcrumb.bid'] }]} />
      <div className={styles.head}>
        <h5 className={styles.title}>{t['bid.title']}</h5>
        <div className={styles.search} data-testid="bid-search">
          {/* Plain elements (issue 30): Arco's Input.Search cost more than it gave here. */}
          <LightSearchForm aria-label={t['bid.title']} onSubmit={() => search(text)} className={styles['search-form']}>
            <LightInput
              allowClear
              maxLength={40}
              value={text}
              onChange={setText}
              aria-label={t['bid.search.placeholder']}
              placeholder={t['bid.search.placeholder']}
              onClear={() => update({ text: '', pageNum: '1' })}
              invalid={invalidText}
              aria-describedby={invalidText ? searchErrorId : undefined}
              className={styles['search-input']}
            />
            <button type="submit" className={styles['search-button']}>
              {t['bid.search.button']}
            </button>
          </LightSearchForm>
          {invalidText && (
            <div className={styles['search-error']} role="alert" id={searchErrorId}>
              {t['bid.search.invalid']}
            </div>
          )}
        </div>
      </div>

      <FilterPanel
        t={t}
        value={filters}
        dicts={dicts.data}
        dictsError={dicts.error?.message ?? null}
        onRetryDicts={dicts.reload}
        onChange={(patch) => update({ ...patch, pageNum: '1' })}
        onClear={clear}
        clearable={state.text !== '' || Object.values(filters).some((v) => v !== '')}
      />

      <div className={styles.toolbar}>
        <SortTabs
          t={t}
          value={sort}
          onChange={(next) => update({ sort: `${next.field}.${next.order}`, pageNum: '1' })}
        />
        <span className={styles.total} data-testid="bid-total">
          {fillText(t['bid.total'], { total })}
        </span>
      </div>

      <Spin loading={loading} className={styles.results}>
        {/* Busy from the render that asks for new results until they are in (screen readers, tests). */}
        <div data-testid="bid-results" aria-busy={loading ? 'true' : 'false'}>
          {items.length === 0 && !loading ? (
            <Empty description={t['bid.empty']} />
          ) : (
            items.map((item) => <ReceiptCard key={item.batchNumber} t={t} item={item} />)
          )}
        </div>
      </Spin>

      {total > 0 && (
        <div className={styles.pager}>
          {pageNum >= lastPage && items.length > 0 && (
            <div className={styles['no-more']} data-testid="bid-no-more">
              {t['bid.noMore']}
            </div>
          )}
          {total > BID_PAGE_SIZE && (
            <LightPagination
              current={Math.min(pageNum, lastPage)}
              pageSize={BID_PAGE_SIZE}
              total={total}
              onChange={(page) => {
                update({ pageNum: String(page) });
                // The next page starts at the top of the results.
                document.querySelector('[data-testid="bid-page"]')?.scrollIntoView?.({ block: 'start' });
              }}
              data-testid="bid-pagination"
            />
          )}
        </div>
      )}
    </div>
  );
}
