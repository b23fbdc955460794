import { Empty, Input, Pagination } from '@arco-design/web-react';
import { LightSpin, formatDate, useQuery, useSearchParamsState } from '@cotton/sdk';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { articleHref, searchContent } from '../../api';
import { CONTENT_URL_INVALID, isKeyWord, isPageNum } from '../../url-rules';
import { highlight } from './highlight';
import styles from './style/index.module.css';

export const SEARCH_PAGE_SIZE = 10;
const SEARCH_URL_DEFAULTS = { keyWord: '', pageNum: '1' };

/** 站内搜索 (/search?keyWord=): articles whose title or text contains the keyword. */
export function SearchPage() {
  const [query, setQuery] = useSearchParamsState(SEARCH_URL_DEFAULTS, {
    rules: { keyWord: isKeyWord, pageNum: isPageNum },
    invalidMessage: CONTENT_URL_INVALID,
  });
  const keyWord = query.keyWord.trim();
  const pageNum = Number(query.pageNum);
  const [input, setInput] = useState(keyWord);
  useEffect(() => setInput(keyWord), [keyWord]);

  const search = useQuery(
    () => (keyWord ? searchContent(keyWord, pageNum, SEARCH_PAGE_SIZE) : Promise.resolve(null)),
    [keyWord, pageNum],
    { badRequestMessage: CONTENT_URL_INVALID },
  );
  const loaded = search.data?.pagination;
  // A page past the last (an old link, ?pageNum=9999): go to the last page, in place; until
  // then show neither the count nor 未找到相关内容, which would contradict each other.
  const lastPage = loaded ? Math.max(1, Math.ceil(loaded.totalCount / SEARCH_PAGE_SIZE)) : 1;
  const beyondLast = !!loaded && loaded.totalCount > 0 && pageNum > lastPage;
  useEffect(() => {
    if (!search.loading && beyondLast) setQuery({ pageNum: String(lastPage) }, { replace: true });
  }, [search.loading, beyondLast, lastPage, setQuery]);
  const result = beyondLast ? undefined : loaded;

  return (
    <div className={styles.page} data-testid="search-page">
      <div className={styles.inner}>
        <Input.Search
          className={styles.box}
          size="large"
          searchButton="搜索"
          placeholder="请输入关键字"
          // The server takes keywords of up to 50 characters.
          maxLength={50}
          value={input}
          onChange={setInput}
          onSearch={(value) => setQuery({ keyWord: value.trim(), pageNum: '1' })}
          data-testid="search-input"
        />
        {keyWord && result ? (
          <div className={styles.summary} data-testid="search-summary">
            找到与“<mark className={styles.mark}>{keyWord}</mark>”相关的内容 {result.totalCount} 条
          </div>
        ) : null}
        <LightSpin loading={search.loading || beyondLast} className={styles.results}>
          {!keyWord ? (
            <Empty description="请输入关键字搜索" />
          ) : result && result.result.length > 0 ? (
            <ul className={styles.list} data-testid="search-results">
              {result.result.map((hit) => (
                <li key={hit.id} className={styles.item}>
                  <Link to={articleHref(hit)} className={styles.title} data-testid="search-result">
                    {highlight(hit.title, keyWord)}
                  </Link>
                  <p className={styles.snippet}>{highlight(hit.snippet, keyWord)}</p>
                  <div className={styles.meta}>
                    <span>{hit.catalogTitle}</span>
                    <span>{formatDate(hit.publishTime)}</span>
                  </div>
                </li>
              ))}
            </ul>
          ) : search.loading || beyondLast ? null : (
            <Empty description="未找到相关内容" data-testid="search-empty" />
          )}
        </LightSpin>
        {result && result.totalCount > SEARCH_PAGE_SIZE ? (
          <Pagination
            className={styles.pager}
            current={pageNum}
            pageSize={SEARCH_PAGE_SIZE}
            total={result.totalCount}
            onChange={(page) => setQuery({ pageNum: String(page) })}
          />
        ) : null}
      </div>
    </div>
  );
}
