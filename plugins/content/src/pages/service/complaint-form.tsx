import { Alert, Button, Form, Input, Message, Radio } from '@arco-design/web-react';
import { IconClose } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { addComplain } from '../../api';
import { toApiError } from '@cotton/sdk';
import { COMPLAINT_LIMITS, checkComplaint, type ComplaintType, type ComplaintValues } from '@cotton/sdk/validators';
import { COMPLAINT_TYPE_OPTIONS } from './complaint-rules';
import styles from './style/index.module.css';

/** 投诉建议: checked here with the server's rules, then sent; the server's message is shown on failure. */
export function ComplaintForm() {
  const [form] = Form.useForm<ComplaintValues>();
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const rule = (field: keyof ComplaintValues) => ({
    validator: (_value: unknown, callback: (error?: string) => void) => {
      callback(checkComplaint(form.getFieldsValue())[field]);
    },
  });

  async function submit() {
    setServerError(null);
    try {
      await form.validate();
    } catch {
      return;
    }
    const values = form.getFieldsValue();
    setSubmitting(true);
    try {
      const email = values.email?.trim();
      await addComplain({
        name: (values.name ?? '').trim(),
        phone: (values.phone ?? '').trim(),
        ...(email ? { email } : {}),
        complaintType: values.complaintType as ComplaintType,
        content: (values.content ?? '').trim(),
      });
      Message.success('提交成功，感谢您的反馈');
      form.resetFields();
      setDone(true);
    } catch (error) {
      setServerError(toApiError(error).message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className={styles.complaint} data-testid="complaint-form">
      <h5 className={styles.panelTitle}>投诉建议</h5>
      <p className={styles.panelIntro}>
        您对交易、仓储监管或本网站服务有任何投诉、建议或咨询，请填写下表，我们将在3个工作日内与您联系。
      </p>
      {done ? (
        <Alert
          type="success"
          content="提交成功，感谢您的反馈！"
          className={styles.alert}
          data-testid="complaint-success"
          closable
          // Arco's close button holds only an icon: named here, so a screen reader says 关闭.
          closeElement={<IconClose role="img" aria-hidden={false} aria-label="关闭" />}
          onClose={() => setDone(false)}
        />
      ) : null}
      {serverError ? (
        <Alert type="error" content={serverError} className={styles.alert} data-testid="complaint-error" />
      ) : null}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 18 }}
        initialValues={{ complaintType: 'SUGGESTION' }}
        onValuesChange={() => {
          if (done) setDone(false);
        }}
      >
        <Form.Item label="类型" field="complaintType" required rules={[rule('complaintType')]}>
          <Radio.Group options={COMPLAINT_TYPE_OPTIONS.map(({ value, label }) => ({ value, label }))} />
        </Form.Item>
        <Form.Item label="姓名" field="name" required rules={[rule('name')]}>
          <Input placeholder="请输入姓名" maxLength={COMPLAINT_LIMITS.nameMax} data-testid="complaint-name" />
        </Form.Item>
        <Form.Item label="联系电话" field="phone" required rules={[rule('phone')]}>
          <Input placeholder="手机号码或固定电话，如 0991-1234567" maxLength={16} data-testid="complaint-phone" />
        </Form.Item>
        <Form.Item label="邮箱" field="email" rules={[rule('email')]}>
          <Input placeholder="选填" maxLength={COMPLAINT_LIMITS.emailMax} data-testid="complaint-email" />
        </Form.Item>
        <Form.Item label="内容" field="content" required rules={[rule('content')]}>
          <Input.TextArea
            placeholder={`请详细描述您的问题或建议（${COMPLAINT_LIMITS.contentMin}—${COMPLAINT_LIMITS.contentMax} 字）`}
            maxLength={COMPLAINT_LIMITS.contentMax}
            showWordLimit
            autoSize={{ minRows: 5, maxRows: 10 }}
            data-testid="complaint-content"
          />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" loading={submitting} onClick={() => void submit()} data-testid="complaint-submit">
            提交
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}
