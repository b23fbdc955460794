import { useRef, useState } from 'react';
import { Alert, Button, Drawer, Popconfirm, Skeleton, Space } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { Authorized, fillText, useTabDrawer } from '@cotton/sdk';
import { registerReviewCodes } from '@cotton/sdk/calls';
import { useApplyDetail } from '../hooks/useApplyDetail';
import { useReviewActions } from '../hooks/useReviewActions';
import type { RegisterReviewLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';
import { ApplySection } from './ApplySection';
import { ApplySummary } from './ApplySummary';
import { ReasonModal } from './ReasonModal';
import { ReviewHistory } from './ReviewHistory';
import { RoundChanges } from './RoundChanges';

/** The application shown: kept while the drawer closes, so its content stays during the animation. */
export interface ReviewDrawerTarget {
  id: string | null;
  visible: boolean;
  /** Counts the openings: each one loads the application afresh. */
  opening: number;
}

export interface ReviewDrawerProps {
  t: RegisterReviewLocale;
  target: ReviewDrawerTarget;
  onClose: () => void;
  /** A decision was taken: reload the list (on its page). */
  onDecided: () => void;
}

/**
 * 查看 / 审核: the application (head, each section with its files, 审核记录) and, while it
 * waits for review (status '0'), 退回修改, 驳回 (each with a reason) and 审核通过 (confirmed).
 * After a decision the detail and the list are loaded again.
 */
export function ReviewDrawer({ t, target, onClose, onDecided }: ReviewDrawerProps) {
  const { id, visible, opening } = target;
  const { detail, loading, error, reload } = useApplyDetail(id, opening);
  const [reasonKind, setReasonKind] = useState<'return' | 'reject' | null>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const { pending, approve, decide } = useReviewActions({
    t,
    onDecided: () => {
      setReasonKind(null);
      reload();
      onDecided();
    },
  });

  const reviewable = detail !== null && detail.status === '0';
  // A returned application its applicant has not corrected may still be closed (驳回), which frees its name and code.
  const closable = detail !== null && detail.status === '3';

  const rejectButton = (
    <Button
      status="danger"
      disabled={pending !== null}
      onClick={() => setReasonKind('reject')}
      data-testid="register-review-reject"
    >
      {t['registerReview.reject']}
    </Button>
  );

  const footer = (
    <div className={styles.footer} ref={footerRef}>
      <Space>
        <Button onClick={onClose}>{t['registerReview.drawer.close']}</Button>
        {reviewable && (
          <Authorized code={registerReviewCodes.review}>
            <Button
              status="warning"
              disabled={pending !== null}
              onClick={() => setReasonKind('return')}
              data-testid="register-review-return"
            >
              {t['registerReview.return']}
            </Button>
            {rejectButton}
            <Popconfirm
              title={fillText(
                t[detail.kind === 'change' ? 'registerReview.confirm.approveChange' : 'registerReview.confirm.approve'],
                { name: detail.traderName },
              )}
              // Inside the drawer: a popup on document.body would sit under the drawer's layer.
              getPopupContainer={() => footerRef.current ?? document.body}
              onOk={() => approve(detail.id, detail.round)}
            >
              <Button
                type="primary"
                status="success"
                loading={pending === 'approve'}
                disabled={pending !== null && pending !== 'approve'}
                data-testid="register-review-approve"
              >
                {t['registerReview.approve']}
              </Button>
            </Popconfirm>
          </Authorized>
        )}
        {closable && <Authorized code={registerReviewCodes.review}>{rejectButton}</Authorized>}
      </Space>
    </div>
  );

  let body;
  if (detail) {
    body = (
      <>
        <ApplySummary t={t} detail={detail} />
        <RoundChanges t={t} round={detail.round} changes={detail.changes} kind={detail.kind} />
        {detail.sections.map((section, index) => (
          <ApplySection key={`${section.title}-${index}`} t={t} section={section} />
        ))}
        <ReviewHistory t={t} reviews={detail.reviews} />
      </>
    );
  } else if (error && !loading) {
    body = (
      <Alert
        type="error"
        content={
          error.handled
            ? t['registerReview.drawer.loadFailedShort']
            : fillText(t['registerReview.drawer.loadFailed'], { message: error.message })
        }
        action={
          <Button size="small" onClick={reload}>
            {t['registerReview.drawer.retry']}
          </Button>
        }
      />
    );
  } else {
    body = <Skeleton animation text={{ rows: 8 }} />;
  }

  // A drawer of the page belongs to its tab (kept open, as left, when switching tabs and back).
  const tabDrawer = useTabDrawer();
  return (
    <>
      <Drawer
        {...tabDrawer}
        width="min(1080px, 90vw)"
        title={
          <Space>
            {detail?.kind === 'change' ? t['registerReview.drawer.changeTitle'] : t['registerReview.drawer.title']}
            <Button
              type="text"
              size="mini"
              icon={<IconRefresh />}
              loading={loading && detail !== null}
              disabled={id === null}
              onClick={reload}
              aria-label={t['registerReview.drawer.refresh']}
              data-testid="register-review-refresh"
            />
          </Space>
        }
        visible={visible}
        onCancel={onClose}
        footer={footer}
        unmountOnExit
        // The reason dialog is a portal of its own outside the drawer: a drawer that locks focus
        // would take it back from the dialog's text area (two focus locks; the drawer's may win).
        focusLock={false}
        data-testid="register-review-drawer"
      >
        {body}
      </Drawer>
      <ReasonModal
        t={t}
        kind={reviewable || closable ? reasonKind : null}
        submitting={pending === 'return' || pending === 'reject'}
        onCancel={() => setReasonKind(null)}
        onSubmit={(reason) =>
          detail && reasonKind ? decide(reasonKind, detail.id, detail.round, reason) : Promise.resolve(null)
        }
      />
    </>
  );
}
