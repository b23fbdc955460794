import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { getSessionService, toApiError, useCountdown } from '@cotton/sdk';
import { messages, validateField } from '@cotton/sdk/validators';
import type { UpdUserDefaultBody, UserInfo } from '@cotton/sdk/contracts';
import { sendBindPhoneCode, updateUserDefault } from '../../api';
import type { AccountCenterLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

export interface BasicInfoFormProps {
  t: AccountCenterLocale;
  user: UserInfo;
  /** After a successful save, with the saved user. */
  onSaved: (user: UserInfo) => void;
}

function toFormValues(user: UserInfo): UpdUserDefaultBody {
  return { realname: user.realname ?? '', phone: user.phone ?? '', email: user.email ?? '', phoneCode: '' };
}

type Callback = (error?: string) => void;

/** Seconds before another code may be asked for (the server allows one a minute). */
export const PHONE_CODE_COUNTDOWN_S = 60;

/** The field a server rule message (504 of UpdUserDefault) belongs to. */
export function fieldOfBasicInfoMessage(message: string): keyof UpdUserDefaultBody | null {
  if (/验证码|短信服务/.test(message)) return 'phoneCode';
  if (/姓名/.test(message)) return 'realname';
  if (message === messages.mobile || /手机/.test(message)) return 'phone';
  if (message === messages.email || /邮箱/.test(message)) return 'email';
  return null;
}

/**
 * 基本信息: realname (required), phone and email (SDK validators); saved, then the session
 * reloads. A new phone number needs the code the server sends to it.
 */
export function BasicInfoForm({ t, user, onSaved }: BasicInfoFormProps) {
  const [form] = Form.useForm<UpdUserDefaultBody>();
  const [saving, setSaving] = useState(false);
  const [sendingCode, setSendingCode] = useState(false);
  const countdown = useCountdown(PHONE_CODE_COUNTDOWN_S);
  const phone = (Form.useWatch('phone', form) as string | undefined)?.trim() ?? '';
  const phoneChanged = phone !== '' && phone !== (user.phone ?? '');

  async function sendCode() {
    if (sendingCode || countdown.remaining > 0) return;
    try {
      await form.validate(['phone']);
    } catch {
      return;
    }
    setSendingCode(true);
    try {
      await sendBindPhoneCode(phone);
      Message.success(t['accountCenter.basic.phoneCode.sent']);
      countdown.start();
    } catch (error) {
      const apiError = toApiError(error);
      const field = apiError.code === '504' ? fieldOfBasicInfoMessage(apiError.message) : null;
      if (field) form.setFields({ [field]: { error: { message: apiError.message } } });
      else if (!apiError.handled) Message.error(apiError.message);
    } finally {
      setSendingCode(false);
    }
  }

  // The profile read again (after a save): the form shows it. Not on mount, where
  // `initialValues` has drawn it already: setting it again from the effect, which may run
  // after the first keystrokes, would put back what was just typed.
  const shownUser = useRef(user);
  useEffect(() => {
    if (shownUser.current === user) return;
    shownUser.current = user;
    form.setFieldsValue(toFormValues(user));
  }, [form, user]);

  async function submit() {
    let values: UpdUserDefaultBody;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const { userInfo } = await updateUserDefault(values, user);
      Message.success(t['accountCenter.basic.saved']);
      onSaved(userInfo);
      // The header shows the name from the session: refresh it. A failure there is not the
      // save's failure (the next init call catches up).
      try {
        await getSessionService().reload();
      } catch {
        /* ignored */
      }
    } catch (error) {
      const apiError = toApiError(error);
      const field = apiError.code === '504' ? fieldOfBasicInfoMessage(apiError.message) : null;
      if (field) form.setFields({ [field]: { error: { message: apiError.message } } });
      else if (!apiError.handled) Message.error(apiError.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<UpdUserDefaultBody>
      form={form}
      className={styles.form}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 19 }}
      initialValues={toFormValues(user)}
      data-testid="account-basic-form"
    >
      <Form.Item
        label={t['accountCenter.basic.realname']}
        field="realname"
        required
        rules={[
          {
            validator: (value: string | undefined, callback: Callback) =>
              callback(value?.trim() ? undefined : t['accountCenter.basic.realname.required']),
          },
        ]}
      >
        <Input maxLength={32} placeholder={t['accountCenter.basic.realname.placeholder']} />
      </Form.Item>
      <Form.Item
        label={t['accountCenter.basic.phone']}
        field="phone"
        rules={[
          {
            validator: (value: string | undefined, callback: Callback) =>
              callback(validateField('mobile', value) ?? undefined),
          },
        ]}
      >
        <Input maxLength={11} placeholder={t['accountCenter.basic.phone.placeholder']} />
      </Form.Item>
      {phoneChanged && (
        <Form.Item
          label={t['accountCenter.basic.phoneCode']}
          field="phoneCode"
          required
          extra={t['accountCenter.basic.phoneCode.tip']}
          rules={[
            {
              validator: (value: string | undefined, callback: Callback) =>
                callback(value?.trim() ? undefined : t['accountCenter.basic.phoneCode.required']),
            },
          ]}
        >
          <Input
            maxLength={6}
            placeholder={t['accountCenter.basic.phoneCode.placeholder']}
            data-testid="account-phone-code"
            addAfter={
              <Button
                type="text"
                size="mini"
                loading={sendingCode}
                disabled={countdown.remaining > 0}
                onClick={() => void sendCode()}
                data-testid="account-phone-code-send"
              >
                {countdown.remaining > 0
                  ? `${countdown.remaining} ${t['accountCenter.basic.phoneCode.resend']}`
                  : t['accountCenter.basic.phoneCode.send']}
              </Button>
            }
          />
        </Form.Item>
      )}
      <Form.Item
        label={t['accountCenter.basic.email']}
        field="email"
        rules={[
          {
            validator: (value: string | undefined, callback: Callback) =>
              callback(validateField('email', value) ?? undefined),
          },
        ]}
      >
        <Input maxLength={64} placeholder={t['accountCenter.basic.email.placeholder']} />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 5 }}>
        <div className={styles.buttons}>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="account-basic-save">
            {t['accountCenter.basic.save']}
          </Button>
          <Button onClick={() => form.setFieldsValue(toFormValues(user))}>{t['accountCenter.basic.reset']}</Button>
        </div>
      </Form.Item>
    </Form>
  );
}
