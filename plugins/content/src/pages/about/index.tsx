import { Empty, Tabs } from '@arco-design/web-react';
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
            <Tabs activeTab={activeId} onChange={(tab) => setQuery({ tab })} data-testid="about-tabs">
              {items.map((item) => (
                <Tabs.TabPane key={item.id} title={item.title} />
              ))}
            </Tabs>
            <LightSpin loading={detail.loading} className={styles.body}>
              {detail.data ? <ArticleView article={detail.data} /> : null}
            </LightSpin>
          </>
        )}
      </div>
    </div>
  );
}
