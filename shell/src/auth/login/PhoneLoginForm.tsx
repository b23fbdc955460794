import { Button, Form, Input, Message } from '@arco-design/web-react';
import { useCountdown } from '@cotton/sdk';
import { isMobile, messages } from '@cotton/sdk/validators';
import { useState } from 'react';
import { AgreementCheckbox, type AgreementState } from './Agreement';
import { phoneLogin, sendSmsCode, type LoginResult } from './api';
import { CAPTCHA_COUNTDOWN_S, LOGIN_TEXT } from './locale';
import { notifyLoginFailed } from './notify';
import styles from './login.module.css';

interface PhoneValues {
  mobile?: string;
  captcha?: string;
}

export interface PhoneLoginFormProps {
  /** The login agreement: its box is shown above the button, and whether it was ticked is sent. */
  agreement: AgreementState;
  redirect: string | null;
  onLoggedIn(result: LoginResult, redirect: string): Promise<boolean>;
}

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const mobileRules = [
  {
    validator(value: unknown, callback: (error?: string) => void) {
      const mobile = trim(value);
      if (!mobile) callback(LOGIN_TEXT.mobileRequired);
      else if (!isMobile(mobile)) callback(messages.mobile);
      else callback();
    },
  },
];

const captchaRules = [
  {
    validator(value: unknown, callback: (error?: string) => void) {
      callback(trim(value) ? undefined : LOGIN_TEXT.captchaRequired);
    },
  },
];

/** Mobile number and an SMS code (获取验证码, then 60 s before another). */
export function PhoneLoginForm({ agreement, redirect, onLoggedIn }: PhoneLoginFormProps) {
  const [form] = Form.useForm<PhoneValues>();
  const { remaining: countdown, start: startCountdown } = useCountdown(CAPTCHA_COUNTDOWN_S);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function sendCode() {
    if (sending || countdown > 0) return;
    try {
      await form.validate(['mobile']);
    } catch {
      return;
    }
    setSending(true);
    try {
      await sendSmsCode(trim(form.getFieldValue('mobile')));
      Message.success(LOGIN_TEXT.captchaSent);
      startCountdown();
    } catch (error) {
      Message.error(error instanceof Error && error.message ? error.message : LOGIN_TEXT.failedFallback);
    } finally {
      setSending(false);
    }
  }

  async function submit(values: PhoneValues) {
    if (submitting || !agreement.ensure()) return;
    setSubmitting(true);
    try {
      const result = await phoneLogin(trim(values.mobile), trim(values.captcha), agreement.agreed);
      if (await onLoggedIn(result, redirect ?? '/')) return;
    } catch (error) {
      notifyLoginFailed(error);
    }
    setSubmitting(false);
  }

  return (
    <Form<PhoneValues>
      form={form}
      layout="vertical"
      className={styles.form}
      onSubmit={(values) => void submit(values)}
      data-testid="phone-login-form"
    >
      <Form.Item field="mobile" label={LOGIN_TEXT.mobile} rules={mobileRules}>
        <Input
          name="mobile"
          autoComplete="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder={LOGIN_TEXT.mobileRequired}
          data-testid="phone-mobile"
        />
      </Form.Item>
      <Form.Item field="captcha" label={LOGIN_TEXT.captcha} rules={captchaRules}>
        <Input
          name="captcha"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={8}
          placeholder={LOGIN_TEXT.captchaRequired}
          data-testid="phone-captcha"
          addAfter={
            <button
              type="button"
              className={styles.captchaButton}
              disabled={sending || countdown > 0}
              onClick={() => void sendCode()}
              data-testid="phone-send-captcha"
            >
              {countdown > 0 ? LOGIN_TEXT.resendIn(countdown) : LOGIN_TEXT.sendCaptcha}
            </button>
          }
        />
      </Form.Item>
      <AgreementCheckbox state={agreement} />
      <Button
        type="primary"
        htmlType="submit"
        long
        size="large"
        loading={submitting}
        disabled={submitting}
        className={styles.submit}
        data-testid="phone-submit"
      >
        {LOGIN_TEXT.submit}
      </Button>
    </Form>
  );
}
