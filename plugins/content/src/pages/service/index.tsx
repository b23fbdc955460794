import { Empty } from '@arco-design/web-react';
import { LightSpin, formatDate, useQuery, useSearchParamsState } from '@cotton/sdk';
import { Link } from 'react-router-dom';
import type { CatalogNode } from '@cotton/sdk/contracts';
import { pageContents, queryCatalogTree, queryContentDetail } from '../../api';
import { ArticleGone } from '../../components/article-gone';
import { ArticleView } from '../../components/article-view';
import { CONTENT_URL_INVALID, isCatalogCode, isPageNum, isRecordId } from '../../url-rules';
import { lazyPage } from '@cotton/sdk';
import { ServiceMenu } from './service-menu';
import styles from './style/index.module.css';

/** The service centre's own top-level catalogue: the menu when the URL names none. */
export const SERVICE_CENTER_CODE = 'serviceCenter';
/** The menu entry of the complaint form (not a catalogue). */
export const COMPLAINT_KEY = 'complaint';
export const LIST_PAGE_SIZE = 10;

// Loaded when shown (issue 30): the complaint form (Arco's Form) and the pager (Arco's
// Pagination, in the table's chunk group) are not part of opening 服务中心.
const ComplaintForm = lazyPage(
  () => import('./complaint-form').then((module) => module.ComplaintForm),
  'ComplaintForm',
);
const FooterPager = lazyPage(() => import('./footer-pager').then((module) => module.FooterPager), 'FooterPager', null);

const DEFAULTS = { code: '', activeKey: '', catalogId: '', id: '', pageNum: '1' };
/** The server's rules for the URL's values (url-rules.ts): a bad one is dropped before any request. */
const RULES = {
  code: isCatalogCode,
  activeKey: (value: string) => value === COMPLAINT_KEY || isCatalogCode(value),
  catalogId: isRecordId,
  id: isRecordId,
  pageNum: isPageNum,
};

function leaves(nodes: CatalogNode[]): CatalogNode[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? leaves(node.children) : [node]));
}

function findNode(nodes: CatalogNode[], match: (node: CatalogNode) => boolean): CatalogNode | undefined {
  for (const node of nodes) {
    if (match(node)) return node;
    const found = findNode(node.children, match);
    if (found) return found;
  }
  return undefined;
}

/**
 * 服务中心 (/service): the catalogue menu on the left, the chosen catalogue's article list or
 * article on the right. Query: `code` (top-level catalogue whose tree is the menu),
 * `activeKey` (menu entry = catalogue code, or `complaint`), `catalogId` (catalogue whose
 * list is shown), `id` (an article, e.g. 联系我们), `pageNum`.
 */
export function ServicePage() {
  const [query, setQuery] = useSearchParamsState(DEFAULTS, { rules: RULES, invalidMessage: CONTENT_URL_INVALID });
  // Silent: a withdrawn or deleted article is a page of its own (ArticleGone), not a toast.
  const detail = useQuery(
    () => (query.id ? queryContentDetail(query.id).then((r) => r.result) : Promise.resolve(null)),
    [query.id],
    { badRequestMessage: CONTENT_URL_INVALID, silent: true },
  );
  const article = detail.data ?? null;
  const code =
    query.code || (query.id ? article?.rootCode : undefined) || (query.id && detail.loading ? '' : SERVICE_CENTER_CODE);
  const tree = useQuery(
    () => (code ? queryCatalogTree(code).then((r) => r.result[0] ?? null) : Promise.resolve(null)),
    [code],
    { badRequestMessage: CONTENT_URL_INVALID },
  );
  const root = tree.data ?? null;
  const menuNodes = root ? (root.children.length > 0 ? root.children : [root]) : [];
  const withComplaint = root?.code === SERVICE_CENTER_CODE;

  const active =
    (query.activeKey && findNode(menuNodes, (node) => node.code === query.activeKey)) ||
    (query.catalogId && findNode(menuNodes, (node) => node.id === query.catalogId)) ||
    (article && findNode(menuNodes, (node) => node.code === article.catalogCode)) ||
    (!query.id && query.activeKey !== COMPLAINT_KEY ? leaves(menuNodes)[0] : undefined);
  const showComplaint = withComplaint && query.activeKey === COMPLAINT_KEY;
  const contentId = query.id || (active?.linkType === 'CONTENT_LINK' ? (active.contentId ?? '') : '');
  const shownArticle = contentId && contentId === query.id ? article : null;
  const listCatalog = !showComplaint && !contentId && active && active.linkType !== 'FRONT_LINK' ? active : null;
  const pageNum = Number(query.pageNum);

  const linked = useQuery(
    () =>
      contentId && contentId !== query.id ? queryContentDetail(contentId).then((r) => r.result) : Promise.resolve(null),
    [contentId, query.id],
    { badRequestMessage: CONTENT_URL_INVALID, silent: true },
  );
  const list = useQuery(
    () => (listCatalog ? pageContents({ catalogId: listCatalog.id }, pageNum, LIST_PAGE_SIZE) : Promise.resolve(null)),
    [listCatalog?.id, pageNum],
    { badRequestMessage: CONTENT_URL_INVALID },
  );
  const readArticle = shownArticle ?? linked.data ?? null;

  function select(key: string) {
    if (key === COMPLAINT_KEY) {
      setQuery({ code: root?.code ?? '', activeKey: COMPLAINT_KEY, catalogId: '', id: '', pageNum: '1' });
      return;
    }
    const node = findNode(menuNodes, (candidate) => candidate.code === key);
    if (!node) return;
    if (node.linkType === 'FRONT_LINK' && node.linkUrl) {
      if (node.openType === 'EXTERNAL_OPEN') window.open(node.linkUrl, '_blank', 'noopener');
      else window.location.assign(node.linkUrl);
      return;
    }
    const isContent = node.linkType === 'CONTENT_LINK' && node.contentId;
    setQuery({
      code: root?.code ?? '',
      activeKey: node.code,
      catalogId: isContent ? '' : node.id,
      id: isContent ? (node.contentId ?? '') : '',
      pageNum: '1',
    });
  }

  const hrefOf = (id: string) => {
    const params = new URLSearchParams();
    if (root) params.set('code', root.code);
    if (active) params.set('activeKey', active.code);
    params.set('id', id);
    return `/service?${params.toString()}`;
  };

  const title = showComplaint ? '投诉建议' : (active?.title ?? readArticle?.catalogTitle ?? '');
  const loading = tree.loading || detail.loading;

  return (
    <div className={styles.page} data-testid="service-page">
      <div className={styles.inner}>
        {/* Arco's breadcrumb look, plain elements (issue 30). */}
        <nav className={styles.breadcrumb} aria-label="面包屑">
          <ol className={styles.crumbs}>
            <li className={styles.crumb}>
              <Link to="/home">首页</Link>
            </li>
            <li className={styles.crumb}>{root?.title ?? '服务中心'}</li>
            {title && title !== root?.title ? (
              <li className={styles.crumb} aria-current="page">
                {title}
              </li>
            ) : null}
          </ol>
        </nav>
        <div className={styles.layout}>
          <aside className={styles.aside}>
            <div className={styles.asideTitle}>{root?.title ?? '服务中心'}</div>
            <ServiceMenu
              key={root?.code ?? 'loading'}
              label={root?.title ?? '服务中心'}
              nodes={menuNodes}
              selectedKey={showComplaint ? COMPLAINT_KEY : active?.code}
              onSelect={select}
              extra={withComplaint ? [{ key: COMPLAINT_KEY, title: '投诉建议' }] : []}
            />
          </aside>
          <section className={styles.panel} data-testid="service-panel">
            {loading && !root ? (
              <LightSpin className={styles.loading} />
            ) : showComplaint ? (
              <ComplaintForm />
            ) : readArticle ? (
              <>
                {listCatalog === null && active?.linkType !== 'CONTENT_LINK' && active ? (
                  <Link
                    className={styles.back}
                    to={`/service?code=${encodeURIComponent(root?.code ?? '')}&activeKey=${encodeURIComponent(active.code)}&catalogId=${active.id}`}
                    data-testid="back-to-list"
                  >
                    ← 返回{active.title}
                  </Link>
                ) : null}
                <ArticleView article={readArticle} hrefOf={hrefOf} />
              </>
            ) : listCatalog ? (
              <>
                <h5 className={styles.panelTitle}>{listCatalog.title}</h5>
                <LightSpin loading={list.loading} className={styles.listSpin}>
                  {list.data && list.data.pagination.result.length > 0 ? (
                    <ul className={styles.list} data-testid="content-list">
                      {list.data.pagination.result.map((item) => (
                        <li key={item.id} className={styles.listItem}>
                          <Link to={hrefOf(item.id)} className={styles.listLink} data-testid="content-list-item">
                            {item.title}
                          </Link>
                          <span className={styles.listDate}>{formatDate(item.publishTime)}</span>
                        </li>
                      ))}
                    </ul>
                  ) : list.loading ? null : (
                    <Empty description="暂无内容" />
                  )}
                </LightSpin>
                {list.data && list.data.pagination.totalCount > LIST_PAGE_SIZE ? (
                  <FooterPager
                    className={styles.pager}
                    current={pageNum}
                    pageSize={LIST_PAGE_SIZE}
                    total={list.data.pagination.totalCount}
                    onChange={(page) => setQuery({ pageNum: String(page) })}
                  />
                ) : null}
              </>
            ) : detail.error?.code === '404' || linked.error?.code === '404' ? (
              <ArticleGone />
            ) : detail.error || linked.error || tree.error ? (
              <Empty description={(detail.error ?? linked.error ?? tree.error)?.message} />
            ) : (
              <LightSpin className={styles.loading} />
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
