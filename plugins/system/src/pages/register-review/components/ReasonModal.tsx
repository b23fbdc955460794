import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space } from '@arco-design/web-react';
import { fillText } from '@cotton/sdk';
import type { RegisterReviewLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

/** The reason's length as the contract bounds it (RegisterApplyDecisionBody). */
export const REASON_MAX_LENGTH = 200;

interface ReasonValues {
  reason?: string;
}

export interface ReasonModalProps {
  t: RegisterReviewLocale;
  /** 退回修改 or 驳回; null: closed. */
  kind: 'return' | 'reject' | null;
  /** The decision is being sent. */
  submitting: boolean;
  /**
   * Sends the trimmed reason. Resolves null when the server took it (the caller closes the
   * dialog), else the refusal to show above the reason ('' when the user was told already).
   */
  onSubmit: (reason: string) => Promise<string | null>;
  onCancel: () => void;
}

/** 退回修改 / 驳回申请: a required reason (at most 200 characters, counted as typed), told to the applicant. */
export function ReasonModal({ t, kind, submitting, onSubmit, onCancel }: ReasonModalProps) {
  const [form] = Form.useForm<ReasonValues>();
  const [error, setError] = useState<string | null>(null);
  const returning = kind === 'return';
  const label = returning ? t['registerReview.modal.returnReason'] : t['registerReview.modal.rejectReason'];
  const required = returning ? t['registerReview.modal.returnRequired'] : t['registerReview.modal.rejectRequired'];

  useEffect(() => {
    if (!kind) return;
    setError(null);
    form.resetFields();
  }, [kind, form]);

  async function submit() {
    let values: ReasonValues;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setError(null);
    const refusal = await onSubmit((values.reason ?? '').trim());
    if (refusal) setError(refusal);
  }

  return (
    <Modal
      title={returning ? t['registerReview.modal.returnTitle'] : t['registerReview.modal.rejectTitle']}
      visible={kind !== null}
      onCancel={onCancel}
      maskClosable={false}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={onCancel} disabled={submitting}>
            {t['registerReview.modal.cancel']}
          </Button>
          <Button
            type="primary"
            status={returning ? undefined : 'danger'}
            loading={submitting}
            onClick={() => void submit()}
            data-testid="register-review-confirm"
          >
            {t['registerReview.modal.ok']}
          </Button>
        </Space>
      }
    >
      <div data-testid="register-review-reason-form">
        <div className={styles.modalHint}>
          {returning ? t['registerReview.modal.returnHint'] : t['registerReview.modal.rejectHint']}
        </div>
        {error && (
          <Alert type="error" content={error} style={{ marginBottom: 16 }} data-testid="register-review-error" />
        )}
        <Form<ReasonValues> form={form} layout="vertical">
          <Form.Item
            field="reason"
            label={label}
            required
            rules={[
              {
                validator: (value: unknown, callback: (message?: string) => void) =>
                  callback(typeof value === 'string' && value.trim() !== '' ? undefined : required),
              },
            ]}
          >
            <Input.TextArea
              maxLength={REASON_MAX_LENGTH}
              showWordLimit
              autoSize={{ minRows: 4, maxRows: 8 }}
              placeholder={fillText(t['registerReview.modal.placeholder'], { label })}
              data-testid="register-review-reason"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
