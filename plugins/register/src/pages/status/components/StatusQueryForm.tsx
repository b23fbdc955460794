import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { SliderVerify, toApiError, useCountdown } from '@cotton/sdk';
import type { RegisterApplicantView } from '@cotton/sdk/contracts';
import { SMS_CODE_PATTERN } from '@cotton/sdk/validators';
import { queryStatus, sendStatusCode } from '../../../api';
import styles from '../style/index.module.css';

/** Seconds before 获取验证码 may be pressed again (the server allows one code a minute). */
const RESEND_SECONDS = 60;

interface QueryValues {
  uniformCreditCode: string;
  /** The slider's one-time proof: each code sent takes one. */
  proof?: string;
  smsCode: string;
}

export interface StatusQueryFormProps {
  onFound: (view: RegisterApplicantView) => void;
}

/** 统一社会信用代码 and 短信验证码 (sent to the mobile the application gave), then 查询. */
export function StatusQueryForm({ onFound }: StatusQueryFormProps) {
  const [form] = Form.useForm<QueryValues>();
  const { remaining, start } = useCountdown(RESEND_SECONDS);
  const [sending, setSending] = useState(false);
  const [querying, setQuerying] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sliderKey, setSliderKey] = useState(0);

  async function send() {
    let values: Partial<QueryValues>;
    try {
      values = await form.validate(['uniformCreditCode', 'proof']);
    } catch {
      return;
    }
    setSending(true);
    try {
      const { mobile } = await sendStatusCode((values.uniformCreditCode ?? '').trim(), values.proof ?? '');
      setSentTo(mobile);
      start();
      Message.success(`验证码已发送至 ${mobile}`);
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.handled) return;
      if (error.code === '404') form.setFields({ uniformCreditCode: { error: { message: error.message } } });
      else Message.error(error.message);
    } finally {
      // The proof is used (or refused): a fresh slider for the next code.
      // (Only this field: resetting it would clear the other fields' messages too.)
      // Drawn before any next input is handled (shell/src/auth/login/LoginForm.tsx).
      form.setFields({ proof: { value: undefined } });
      flushSync(() => {
        setSliderKey((key) => key + 1);
        setSending(false);
      });
    }
  }

  async function query() {
    let values: Partial<QueryValues>;
    try {
      values = await form.validate(['uniformCreditCode', 'smsCode']);
    } catch {
      return;
    }
    setQuerying(true);
    try {
      onFound(await queryStatus((values.uniformCreditCode ?? '').trim(), (values.smsCode ?? '').trim()));
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.handled) return;
      if (error.code === '404') form.setFields({ uniformCreditCode: { error: { message: error.message } } });
      else if (error.code === '400') form.setFields({ smsCode: { error: { message: error.message } } });
      else Message.error(error.message);
    } finally {
      setQuerying(false);
    }
  }

  return (
    <Form form={form} layout="vertical" className={styles.queryForm} data-testid="register-status-form">
      <Form.Item
        label="统一社会信用代码"
        field="uniformCreditCode"
        rules={[{ required: true, validator: requiredText('请输入统一社会信用代码') }]}
      >
        <Input maxLength={20} placeholder="提交注册申请时填写的统一社会信用代码" data-testid="register-status-code" />
      </Form.Item>
      <Form.Item
        label="安全验证"
        field="proof"
        extra="获取验证码前请先完成滑块验证"
        rules={[{ validator: (value, callback) => callback(value ? undefined : '请先完成滑块验证') }]}
      >
        <SliderVerify resetKey={sliderKey} width={420} />
      </Form.Item>
      <Form.Item
        label="短信验证码"
        field="smsCode"
        extra={sentTo ? `验证码已发送至注册时填写的手机 ${sentTo}，5 分钟内有效` : '验证码将发送至注册时填写的手机号码'}
        rules={[{ required: true, validator: smsCodeRule }]}
      >
        <Input
          maxLength={6}
          placeholder="6 位数字"
          onPressEnter={() => void query()}
          data-testid="register-status-sms"
          addAfter={
            <Button
              type="text"
              size="small"
              loading={sending}
              disabled={remaining > 0}
              onClick={() => void send()}
              data-testid="register-status-send"
            >
              {remaining > 0 ? `${remaining} 秒后重新获取` : '获取验证码'}
            </Button>
          }
        />
      </Form.Item>
      <Button type="primary" long loading={querying} onClick={() => void query()} data-testid="register-status-query">
        查询
      </Button>
    </Form>
  );
}

function requiredText(message: string) {
  return (value: unknown, callback: (error?: string) => void) =>
    callback(typeof value === 'string' && value.trim() !== '' ? undefined : message);
}

function smsCodeRule(value: unknown, callback: (error?: string) => void) {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') callback('请输入短信验证码');
  else if (!SMS_CODE_PATTERN.test(text)) callback('请输入 6 位数字验证码');
  else callback();
}
