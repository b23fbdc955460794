import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Input, Message, Space } from '@arco-design/web-react';
import { Authorized, dash, formatDate, toApiError, useTabDrawer } from '@cotton/sdk';
import type { AdminComplaintRow, HandleComplainBody } from '@cotton/sdk/contracts';
import { complainCodes } from '@cotton/sdk/calls';
import { handleComplaint } from '../../api';
import type { CmsLocale } from '../../locale/zh-CN';
import { statusTag, typeName } from './fields';
import styles from './style/index.module.css';

export interface ComplaintDetailProps {
  t: CmsLocale;
  complaint: AdminComplaintRow | null;
  onClose: () => void;
  onHandled: (row: AdminComplaintRow) => void;
}

/**
 * One complaint: the sender's words as text (never HTML), its status, and — for holders of
 * cms:complain:handle — 开始处理, then 答复 with a reply.
 */
export function ComplaintDetail({ t, complaint, onClose, onHandled }: ComplaintDetailProps) {
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setReply('');
    setError(null);
  }, [complaint?.id]);

  async function handle(status: HandleComplainBody['status']) {
    if (!complaint) return;
    if (status === 'ANSWERED' && reply.trim() === '') {
      setError(t['complaint.rules.reply']);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const row = await handleComplaint({
        id: complaint.id,
        status,
        reply: status === 'ANSWERED' ? reply.trim() : null,
      });
      Message.success(t['complaint.handled']);
      onHandled(row);
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) setError(apiError.message);
    } finally {
      setSaving(false);
    }
  }

  const open = complaint !== null && complaint.status !== 'ANSWERED';
  const started = complaint?.status === 'HANDLING';
  // A drawer of the page belongs to its tab (kept open, as left, when switching tabs and back).
  const tabDrawer = useTabDrawer();
  return (
    <Drawer
      {...tabDrawer}
      width={560}
      title={t['complaint.detail']}
      visible={complaint !== null}
      onCancel={onClose}
      footer={null}
    >
      {complaint ? (
        <div data-testid="complaint-detail">
          <Descriptions
            column={1}
            border
            labelStyle={{ width: 100 }}
            data={[
              { label: t['complaint.name'], value: complaint.name },
              { label: t['complaint.phone'], value: complaint.phone },
              { label: t['complaint.email'], value: dash(complaint.email) },
              { label: t['complaint.type'], value: typeName(t, complaint.complaintType) },
              { label: t['complaint.createTime'], value: formatDate(complaint.createTime, 'YYYY-MM-DD HH:mm:ss') },
              {
                label: t['complaint.content'],
                value: (
                  <div className={styles.text} data-testid="complaint-content">
                    {complaint.content}
                  </div>
                ),
              },
              {
                label: t['complaint.status'],
                value: <span data-testid="complaint-status">{statusTag(t, complaint.status)}</span>,
              },
              { label: t['complaint.handler'], value: dash(complaint.handlerName) },
              {
                label: t['complaint.handleTime'],
                value: complaint.handleTime ? formatDate(complaint.handleTime, 'YYYY-MM-DD HH:mm:ss') : dash(null),
              },
              {
                label: t['complaint.reply'],
                value: complaint.reply ? <div className={styles.text}>{complaint.reply}</div> : dash(null),
              },
            ]}
          />
          {open ? (
            <Authorized code={complainCodes.handle}>
              <div style={{ marginTop: 16 }}>
                {error ? (
                  <Alert type="error" content={error} style={{ marginBottom: 12 }} data-testid="complaint-error" />
                ) : null}
                {/* 开始处理 saves no reply: the box opens once handling has started, so no text is typed in vain. */}
                <Input.TextArea
                  value={reply}
                  onChange={setReply}
                  maxLength={1000}
                  showWordLimit
                  disabled={!started}
                  autoSize={{ minRows: 3, maxRows: 8 }}
                  placeholder={started ? t['complaint.replyPlaceholder'] : t['complaint.replyAfterStart']}
                  data-testid="complaint-reply"
                />
                <Space style={{ marginTop: 12 }}>
                  {complaint.status === 'NEW' ? (
                    <Button loading={saving} onClick={() => void handle('HANDLING')} data-testid="complaint-start">
                      {t['complaint.startHandling']}
                    </Button>
                  ) : null}
                  <Button
                    type="primary"
                    loading={saving}
                    disabled={!started}
                    onClick={() => void handle('ANSWERED')}
                    data-testid="complaint-answer"
                  >
                    {t['complaint.answer']}
                  </Button>
                </Space>
              </div>
            </Authorized>
          ) : null}
        </div>
      ) : null}
    </Drawer>
  );
}
