import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal } from '@arco-design/web-react';
import { fillText, toApiError } from '@cotton/sdk';
import { MOBILE_PATTERN } from '@cotton/sdk/validators';
import type { MsgSent, SmsTemplateRow } from '@cotton/sdk/contracts';
import { sendTemplateMessage } from '../../api';
import type { TemplateListLocale } from './locale/zh-CN';

export interface SendDialogProps {
  t: TemplateListLocale;
  /** The template to try; `null`: closed. */
  template: SmsTemplateRow | null;
  onClose: () => void;
}

/**
 * 测试发送: a mobile and a value for each declared variable, sent through sendMsg. What was
 * sent (codes masked, as the SMS log keeps it) and its outcome show below; a refusal too.
 */
export function SendDialog({ t, template, onClose }: SendDialogProps) {
  const [form] = Form.useForm<{ mobile?: string } & Record<string, string | undefined>>();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<MsgSent | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!template) return;
    form.resetFields();
    setResult(null);
    setError(null);
  }, [template, form]);

  async function send() {
    if (!template) return;
    let values: Record<string, string | undefined>;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSending(true);
    setError(null);
    setResult(null);
    try {
      const variables = Object.fromEntries(template.variables.map((name) => [name, values[`var_${name}`] ?? '']));
      setResult(await sendTemplateMessage({ code: template.code, mobile: (values.mobile ?? '').trim(), variables }));
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) setError(apiError.message);
    } finally {
      setSending(false);
    }
  }

  const statusKey = result ? (`templateList.sendForm.status.${result.status}` as keyof TemplateListLocale) : null;

  return (
    <Modal
      visible={template !== null}
      title={template ? fillText(t['templateList.sendForm.title'], { name: template.name }) : ''}
      okText={t['templateList.sendForm.submit']}
      cancelText={t['templateList.sendForm.cancel']}
      confirmLoading={sending}
      onOk={() => void send()}
      onCancel={onClose}
      unmountOnExit
    >
      <div data-testid="template-send">
        <Form form={form} layout="vertical">
          <Form.Item
            field="mobile"
            label={t['templateList.sendForm.mobile']}
            required
            validateTrigger={['onBlur']}
            rules={[{ required: true, match: MOBILE_PATTERN, message: t['templateList.sendForm.mobileRule'] }]}
          >
            <Input maxLength={11} placeholder={`请输入${t['templateList.sendForm.mobile']}`} />
          </Form.Item>
          {template?.variables.map((name) => (
            <Form.Item
              key={name}
              field={`var_${name}`}
              label={name}
              required
              rules={[{ required: true, message: fillText(t['templateList.sendForm.valueRequired'], { name }) }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          ))}
        </Form>
        {error && <Alert type="error" content={error} data-testid="template-send-error" />}
        {result && statusKey && (
          <Alert
            type={result.status === '2' ? 'error' : result.status === '1' ? 'success' : 'warning'}
            title={t[statusKey]}
            content={result.content}
            data-testid="template-send-result"
          />
        )}
      </div>
    </Modal>
  );
}
