import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Input, Message } from '@arco-design/web-react';
import { getSession, getSessionService, toApiError } from '@cotton/sdk';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  checkConfirmPassword,
  checkNewPassword,
  fieldOfPasswordMessage,
} from '@cotton/sdk/validators';
import type { PasswordChangeValues } from '@cotton/sdk/validators';
import { updatePassword, validatePassword } from '../../api';
import type { AccountCenterLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

type Callback = (error?: string) => void;

/** Where a user goes once the initial password is changed: the back office's main page. */
const MAIN_PAGE_PATH = '/project/display';

/** Rule failures the server reports on a field: 504, and the lockout after repeated wrong passwords. */
const FIELD_ERROR_CODES = new Set(['504', '1002']);

/**
 * 修改密码. The old password is checked with the server when the field loses focus (the
 * answer is remembered for that value, so submitting does not ask again); the new one with
 * the shared rules; a rule the server still refuses on submit is shown on its field.
 */
export function PasswordForm({ t }: { t: AccountCenterLocale }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordChangeValues>();
  const [submitting, setSubmitting] = useState(false);
  /**
   * The last old password asked about and the server's verdict (message, or null when
   * right), kept as a promise so a submit while the blur's check is under way waits for it.
   */
  const lastCheck = useRef<{ value: string; verdict: Promise<string | null> } | null>(null);

  function verdictOf(value: string): Promise<string | null> {
    if (lastCheck.current?.value === value) return lastCheck.current.verdict;
    const verdict: Promise<string | null> = validatePassword(value).then(
      () => null,
      (error: unknown) => {
        const apiError = toApiError(error);
        if (FIELD_ERROR_CODES.has(apiError.code)) return apiError.message || PASSWORD_MESSAGES.oldWrong;
        // Not a verdict (network, …): forget it, and let the submit's own check decide.
        if (lastCheck.current?.verdict === verdict) lastCheck.current = null;
        return null;
      },
    );
    lastCheck.current = { value, verdict };
    return verdict;
  }

  async function checkOldPassword(value: string | undefined, callback: Callback) {
    if (!value) return callback(PASSWORD_MESSAGES.oldRequired);
    callback((await verdictOf(value)) ?? undefined);
  }

  function revalidate(field: keyof PasswordChangeValues) {
    if (form.getFieldValue(field)) form.validate([field]).catch(() => undefined);
  }

  async function submit() {
    let values: PasswordChangeValues;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSubmitting(true);
    try {
      await updatePassword({
        oldPassword: values.oldPassword ?? '',
        newPassword: values.newPassword ?? '',
        confirmPassword: values.confirmPassword ?? '',
      });
      Message.success(t['accountCenter.password.success']);
      lastCheck.current = null;
      form.resetFields();
      // An initial password changed: the session starts over (the server now opens everything)
      // and the user goes on to the back office's main page (spec §2: /project/display).
      if (getSession().mustChangePassword) {
        await getSessionService().reload();
        navigate(MAIN_PAGE_PATH);
      }
    } catch (error) {
      const apiError = toApiError(error);
      const field = FIELD_ERROR_CODES.has(apiError.code) ? fieldOfPasswordMessage(apiError.message) : null;
      if (field) {
        if (field === 'oldPassword' && values.oldPassword) {
          lastCheck.current = { value: values.oldPassword, verdict: Promise.resolve(apiError.message) };
        }
        form.setFields({ [field]: { error: { message: apiError.message } } });
      } else if (!apiError.handled) {
        Message.error(apiError.message);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <Alert className={styles.tip} type="info" content={t['accountCenter.password.tip']} />
      <Form<PasswordChangeValues>
        form={form}
        className={styles.form}
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 19 }}
        data-testid="account-password-form"
        onValuesChange={(changed) => {
          if ('oldPassword' in changed) revalidate('newPassword');
          if ('newPassword' in changed) revalidate('confirmPassword');
        }}
      >
        <Form.Item
          label={t['accountCenter.password.old']}
          field="oldPassword"
          required
          validateTrigger="onBlur"
          rules={[{ validator: checkOldPassword }]}
        >
          <Input.Password
            autoComplete="current-password"
            maxLength={64}
            placeholder={t['accountCenter.password.old.placeholder']}
            data-testid="account-password-old"
          />
        </Form.Item>
        <Form.Item
          label={t['accountCenter.password.new']}
          field="newPassword"
          required
          rules={[
            {
              validator: (value: string | undefined, callback: Callback) =>
                callback(checkNewPassword(value, form.getFieldValue('oldPassword')) ?? undefined),
            },
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            placeholder={t['accountCenter.password.new.placeholder']}
            data-testid="account-password-new"
          />
        </Form.Item>
        <Form.Item
          label={t['accountCenter.password.confirm']}
          field="confirmPassword"
          required
          rules={[
            {
              validator: (value: string | undefined, callback: Callback) =>
                callback(checkConfirmPassword(value, form.getFieldValue('newPassword')) ?? undefined),
            },
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            placeholder={t['accountCenter.password.confirm.placeholder']}
            data-testid="account-password-confirm"
          />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5 }}>
          <div className={styles.buttons}>
            <Button
              type="primary"
              loading={submitting}
              onClick={() => void submit()}
              data-testid="account-password-submit"
            >
              {t['accountCenter.password.submit']}
            </Button>
            <Button
              onClick={() => {
                lastCheck.current = null;
                form.resetFields();
              }}
            >
              {t['accountCenter.password.reset']}
            </Button>
          </div>
        </Form.Item>
      </Form>
    </>
  );
}
