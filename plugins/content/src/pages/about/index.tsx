import { Empty } from '@arco-design/web-react';
import type { KeyboardEvent } from 'react';
import { LightSpin, useQuery, useSearchParamsState } from '@cotton/sdk';
import { pageContents, queryContentDetail } from '../../api';
import { ArticleView } from '../../components/article-view';
import styles from './style/index.module.css';

export const ABOUT_CODE = 'aboutUs';

/** 关于我们 (/about): the articles of the about-us catalogue, one tab each (`?tab=<id>`). */
export function AboutPage() {
  const [query, setQuery] = useSearchParamsState({ tab: '' });
  const list = useQuery(() => pageContents({ code: ABOUT_CODE }, 1, 20), []);
  const items = list.data?.pagination.result ?? [];
  const activeId = items.some((item) => item.id === query.tab) ? query.tab : (items[0]?.id ?? '');
  const detail = useQuery(
    () => (activeId ? queryContentDetail(activeId).then((r) => r.result) : Promise.resolve(null)),
    [activeId],
  );

  return (
    <div className={styles.page} data-testid="about-page">
      <div className={styles.banner}>
        <h1 className={styles.bannerTitle}>{list.data?.catalog.title ?? '关于我们'}</h1>
        {list.data?.catalog.description ? <p className={styles.bannerText}>{list.data.catalog.description}</p> : null}
      </div>
      <div className={styles.inner}>
        {list.loading && !list.data ? (
          <LightSpin className={styles.loading} />
        ) : items.length === 0 ? (
          <Empty description={list.error?.message ?? '暂无内容'} />
        ) : (
          <>
            {/* A plain tab list with Arco's line-tabs look, not Arco's Tabs (issue 30): arrow
                keys, Home and End move between the tabs, as WAI-ARIA's tabs pattern says. */}
            <div
              role="tablist"
              aria-label={list.data?.catalog.title ?? '关于我们'}
              className={styles.tabs}
              data-testid="about-tabs"
              onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
                const index = items.findIndex((item) => item.id === activeId);
                const next =
                  event.key === 'ArrowRight'
                    ? (index + 1) % items.length
                    : event.key === 'ArrowLeft'
                      ? (index - 1 + items.length) % items.length
                      : event.key === 'Home'
                        ? 0
                        : event.key === 'End'
                          ? items.length - 1
                          : -1;
                if (next < 0) return;
                event.preventDefault();
                setQuery({ tab: items[next].id });
                event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
              }}
            >
              {items.map((item) => {
                const selected = item.id === activeId;
                return (
                  <button
                    key={item.id}
                    type="button"
                    role="tab"
                    id={`about-tab-${item.id}`}
                    aria-selected={selected}
                    aria-controls="about-tab-panel"
                    tabIndex={selected ? 0 : -1}
                    className={selected ? `${styles.tab} ${styles.tabActive}` : styles.tab}
                    onClick={() => setQuery({ tab: item.id })}
                  >
                    {item.title}
                  </button>
                );
              })}
            </div>
            <div role="tabpanel" id="about-tab-panel" aria-labelledby={`about-tab-${activeId}`}>
              <LightSpin loading={detail.loading} className={styles.body}>
                {detail.data ? <ArticleView article={detail.data} /> : null}
              </LightSpin>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
