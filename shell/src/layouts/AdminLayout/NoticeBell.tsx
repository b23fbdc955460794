import { Badge, Empty, Popover } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { CHINA_TIME_LABEL, NOTICE_READ_EVENT, formatDate, request, useSession } from '@cotton/sdk';
import { noticeCalls } from '@cotton/sdk/calls';
import type { HeaderNotice } from '@cotton/sdk/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styles from './NoticeBell.module.css';

/** 我的消息, plugin `notice`'s page for every user. */
export const MY_NOTICES_PATH = '/account/notice';
/**
 * How often a visible tab asks again. Polling, not server-sent events: a notice is not urgent
 * to the second, one small query per user every half minute is nothing for the database, and
 * it needs no long-lived connection per tab through proxies nor a fan-out across the server's
 * processes. A hidden tab does not ask; it asks at once when shown again, and when a page of
 * this tab marks notices read (NOTICE_READ_EVENT).
 */
export const NOTICE_POLL_MS = 30_000;

const EMPTY: HeaderNotice = { unreadCount: 0, latest: [] };

/** The bell of the back office's header: unread count, the latest unread in a popover, 查看全部. */
export function NoticeBell() {
  const navigate = useNavigate();
  // Until an initial password is changed the server answers nothing else (docs/auth.md).
  const enabled = !useSession().mustChangePassword;
  const [notice, setNotice] = useState<HeaderNotice>(EMPTY);
  const [open, setOpen] = useState(false);

  const refresh = useCallback(async () => {
    try {
      // The header's call: the unread count and the latest unread few (docs/architecture.md "Notices").
      setNotice(await request.call(noticeCalls.header, {}));
    } catch {
      // The count stays as it was; the next poll tries again (a lost session is the host's to show).
    }
  }, []);

  useEffect(() => {
    if (!enabled) return;
    void refresh();
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer === null) timer = setInterval(() => void refresh(), NOTICE_POLL_MS);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        void refresh();
        start();
      } else stop();
    };
    const onRead = () => void refresh();
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener(NOTICE_READ_EVENT, onRead);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener(NOTICE_READ_EVENT, onRead);
    };
  }, [enabled, refresh]);

  function go(path: string) {
    setOpen(false);
    navigate(path);
  }

  const content = (
    <div className={styles.panel} data-testid="notice-bell-panel">
      {notice.latest.length === 0 ? (
        <Empty description="暂无未读消息" />
      ) : (
        <ul className={styles.list}>
          {notice.latest.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={styles.item}
                data-testid={`notice-bell-item-${item.id}`}
                onClick={() => go(`${MY_NOTICES_PATH}?id=${encodeURIComponent(item.id)}`)}
              >
                <span className={styles.title}>{item.title}</span>
                <span
                  className={styles.time}
                  title={`${formatDate(item.publishTime, 'YYYY-MM-DD HH:mm')} ${CHINA_TIME_LABEL}`}
                >
                  {formatDate(item.publishTime, 'MM-DD HH:mm')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className={styles.all} data-testid="notice-bell-all" onClick={() => go(MY_NOTICES_PATH)}>
        查看全部
      </button>
    </div>
  );

  if (!enabled) return null;

  return (
    <Popover
      trigger="click"
      position="br"
      popupVisible={open}
      onVisibleChange={(visible) => {
        setOpen(visible);
        if (visible) void refresh();
      }}
      content={content}
    >
      <button
        type="button"
        className={styles.bell}
        aria-label={notice.unreadCount > 0 ? `消息，${notice.unreadCount} 条未读` : '消息'}
        data-testid="notice-bell"
        data-unread={notice.unreadCount}
      >
        <Badge count={notice.unreadCount} maxCount={99} dot={false} offset={[6, -2]}>
          <IconNotification className={styles.icon} />
        </Badge>
      </button>
    </Popover>
  );
}
