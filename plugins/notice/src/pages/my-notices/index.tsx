import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Input, List, Message, Modal, Radio, Space, Tag, Typography } from '@arco-design/web-react';
import { fillText, formatDate, NOTICE_READ_EVENT, showFailure } from '@cotton/sdk';
import type { UserNoticePageBody, UserNoticeRow } from '@cotton/sdk/contracts';
import { useSearchParams } from 'react-router-dom';
import { markNoticesRead, queryMyNotices, queryNotice } from '../../api';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

type ReadFilter = '' | '0' | '1';

interface Query {
  title: string;
  read: ReadFilter;
  pageNum: number;
}

const PAGE_SIZE = 10;

/** Tells the header's bell to count again (it would at its next poll anyway). */
function announceRead() {
  window.dispatchEvent(new Event(NOTICE_READ_EVENT));
}

/**
 * 我的消息 (`/account/notice`, every user): the notices addressed to me, newest first, by read
 * state and title; opening one shows it and marks it read; 全部已读. `?id=` (the header's bell)
 * opens that notice.
 */
export function MyNotices() {
  const t = locale;
  const [searchParams, setSearchParams] = useSearchParams();
  const [query, setQuery] = useState<Query>({ title: '', read: '', pageNum: 1 });
  const [titleInput, setTitleInput] = useState('');
  const [rows, setRows] = useState<UserNoticeRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [opened, setOpened] = useState<UserNoticeRow | null>(null);

  const load = useCallback(async (current: Query) => {
    setLoading(true);
    try {
      const body: UserNoticePageBody = {
        pageNum: current.pageNum,
        pageSize: PAGE_SIZE,
        ...(current.title ? { title: current.title } : {}),
        ...(current.read ? { read: current.read } : {}),
      };
      const page = await queryMyNotices(body);
      setRows(page.pagination.result);
      setTotal(page.pagination.totalCount);
    } catch (failure) {
      showFailure(failure);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(query);
  }, [load, query]);

  const open = useCallback(async (notice: UserNoticeRow) => {
    setOpened(notice);
    if (notice.read) return;
    try {
      await markNoticesRead([notice.id]);
      setRows((current) => current.map((row) => (row.id === notice.id ? { ...row, read: true } : row)));
      announceRead();
    } catch (failure) {
      showFailure(failure);
    }
  }, []);

  const linkedId = searchParams.get('id');
  useEffect(() => {
    if (!linkedId) return;
    let current = true;
    void (async () => {
      try {
        const detail = await queryNotice(linkedId);
        if (!current) return;
        await open({
          id: detail.id,
          title: detail.title,
          content: detail.content,
          type: detail.type,
          publishTime: detail.publishTime ?? '',
          authorName: detail.authorName,
          read: false,
        });
        void load(query);
      } catch (failure) {
        showFailure(failure);
      }
    })();
    return () => {
      current = false;
    };
    // Only a new link opens a notice; the query's own changes reload through the effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkedId, open]);

  async function readAll() {
    try {
      await markNoticesRead('all');
      Message.success(t['myNotices.readAllDone']);
      announceRead();
      void load(query);
    } catch (failure) {
      showFailure(failure);
    }
  }

  function close() {
    setOpened(null);
    if (linkedId) setSearchParams({}, { replace: true });
  }

  const typeName = (type: string) => (type === '2' ? t['myNotices.type.announcement'] : t['myNotices.type.notice']);

  return (
    <div className={styles.container} data-testid="my-notices">
      <Typography.Title heading={5} className={styles.title}>
        {t['myNotices.title']}
      </Typography.Title>
      <div className={styles.toolbar}>
        <Radio.Group
          type="button"
          value={query.read}
          onChange={(read: ReadFilter) => setQuery((current) => ({ ...current, read, pageNum: 1 }))}
          options={[
            { label: t['myNotices.filter.all'], value: '' },
            { label: t['myNotices.filter.unread'], value: '0' },
            { label: t['myNotices.filter.read'], value: '1' },
          ]}
          data-testid="my-notices-filter"
        />
        <Input.Search
          allowClear
          maxLength={100}
          style={{ width: 240 }}
          placeholder={t['myNotices.search']}
          value={titleInput}
          onChange={setTitleInput}
          onSearch={(title) => setQuery((current) => ({ ...current, title: title.trim(), pageNum: 1 }))}
        />
        <Button onClick={() => void readAll()} data-testid="my-notices-read-all">
          {t['myNotices.readAll']}
        </Button>
      </div>
      <List<UserNoticeRow>
        loading={loading}
        dataSource={rows}
        noDataElement={<Typography.Text type="secondary">{t['myNotices.empty']}</Typography.Text>}
        pagination={{
          current: query.pageNum,
          pageSize: PAGE_SIZE,
          total,
          showTotal: (count: number) => fillText(t['myNotices.total'], { total: String(count) }),
          onChange: (pageNum: number) => setQuery((current) => ({ ...current, pageNum })),
        }}
        render={(row) => (
          <List.Item key={row.id} data-testid={`my-notice-${row.id}`}>
            <button type="button" className={styles.item} onClick={() => void open(row)}>
              <span className={`${styles.itemTitle} ${row.read ? '' : styles.unreadTitle}`}>
                {row.read ? null : <Badge status="error" data-testid="my-notice-unread" />}
                <Tag size="small">{typeName(row.type)}</Tag>
                {row.title}
              </span>
              <div className={styles.meta}>
                {formatDate(row.publishTime, 'YYYY-MM-DD HH:mm')} ·{' '}
                {fillText(t['myNotices.from'], { name: row.authorName })}
              </div>
            </button>
          </List.Item>
        )}
      />
      <Modal
        visible={opened !== null}
        title={opened?.title}
        onCancel={close}
        footer={<Button onClick={close}>{t['myNotices.close']}</Button>}
      >
        {opened && (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="my-notice-detail">
            <Typography.Text type="secondary">
              {typeName(opened.type)} · {formatDate(opened.publishTime, 'YYYY-MM-DD HH:mm')} ·{' '}
              {fillText(t['myNotices.from'], { name: opened.authorName })}
            </Typography.Text>
            <div className={styles.body}>{opened.content}</div>
          </Space>
        )}
      </Modal>
    </div>
  );
}
