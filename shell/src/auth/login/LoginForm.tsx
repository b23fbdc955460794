import { Button, Checkbox, Form, Input } from '@arco-design/web-react';
import { IconEye, IconEyeInvisible } from '@arco-design/web-react/icon';
import { SliderVerify, storage } from '@cotton/sdk';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { AgreementCheckbox, type AgreementState } from './Agreement';
import { formLogin, validateLogin, type LoginResult } from './api';
import { LOGIN_TEXT, REMEMBERED_ACCOUNT } from './locale';
import { notifyLoginFailed } from './notify';
import styles from './login.module.css';

interface AccountValues {
  code?: string;
  username?: string;
  password?: string;
  proof?: string | null;
}

interface RememberedAccount {
  code: string;
  username: string;
}

export interface LoginFormProps {
  /** The page's `redirect` query, sent as `service`. */
  redirect: string | null;
  /** The login agreement: its box is shown above the button, and whether it was ticked is sent. */
  agreement: AgreementState;
  /** Token and user obtained: the session takes over. False when that failed (already told). */
  onLoggedIn(result: LoginResult, redirect: string): Promise<boolean>;
}

function required(message: string) {
  return {
    validator(value: unknown, callback: (error?: string) => void) {
      callback(typeof value === 'string' && value.trim() !== '' ? undefined : message);
    },
  };
}

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Business code, username, password, slider, 记住账号; Enter in a field submits. */
export function LoginForm({ redirect, agreement, onLoggedIn }: LoginFormProps) {
  const [form] = Form.useForm<AccountValues>();
  const [remembered] = useState(() => storage.get<RememberedAccount>(REMEMBERED_ACCOUNT));
  const [passwordShown, setPasswordShown] = useState(false);
  const [remember, setRemember] = useState(remembered !== null);
  const [submitting, setSubmitting] = useState(false);
  const [sliderKey, setSliderKey] = useState(0);

  async function submit(values: AccountValues) {
    if (submitting || !agreement.ensure()) return;
    const code = trim(values.code);
    const username = trim(values.username);
    setSubmitting(true);
    try {
      const target = await formLogin(
        { code, username, password: trim(values.password), proof: values.proof ?? '', agreed: agreement.agreed },
        redirect,
      );
      const result = await validateLogin();
      if (remember) storage.set(REMEMBERED_ACCOUNT, { code, username } satisfies RememberedAccount);
      else storage.remove(REMEMBERED_ACCOUNT);
      if (await onLoggedIn(result, target)) return;
    } catch (error) {
      notifyLoginFailed(error);
    }
    // The proof is spent whatever happened: a fresh slider (no error on it) for the next try,
    // drawn before any next input is handled. Rendered at default priority instead, the reset
    // waited behind the next drag's pointer events and then undid that drag.
    form.resetFields(['proof']);
    flushSync(() => {
      setSliderKey((key) => key + 1);
      setSubmitting(false);
    });
  }

  return (
    <Form<AccountValues>
      form={form}
      layout="vertical"
      className={styles.form}
      initialValues={{ code: remembered?.code ?? '', username: remembered?.username ?? '' }}
      onSubmit={(values) => void submit(values)}
      data-testid="login-form"
      autoComplete="on"
    >
      <Form.Item
        field="code"
        label={LOGIN_TEXT.code}
        validateTrigger="onBlur"
        rules={[required(LOGIN_TEXT.codeRequired)]}
      >
        <Input
          name="organization"
          autoComplete="organization"
          placeholder={LOGIN_TEXT.codeRequired}
          maxLength={32}
          data-testid="login-code"
        />
      </Form.Item>
      <Form.Item field="username" label={LOGIN_TEXT.username} rules={[required(LOGIN_TEXT.usernameRequired)]}>
        <Input
          name="username"
          autoComplete="username"
          placeholder={LOGIN_TEXT.usernameRequired}
          maxLength={64}
          data-testid="login-username"
        />
      </Form.Item>
      <Form.Item field="password" label={LOGIN_TEXT.password} rules={[required(LOGIN_TEXT.passwordRequired)]}>
        {/* Our own show-password button: Arco's is a focusable icon with no name or role. */}
        <Input.Password
          name="password"
          autoComplete="current-password"
          placeholder={LOGIN_TEXT.passwordRequired}
          maxLength={64}
          data-testid="login-password"
          visibilityToggle={false}
          visibility={passwordShown}
          suffix={
            <button
              type="button"
              className={styles.passwordToggle}
              aria-label={LOGIN_TEXT.showPassword}
              aria-pressed={passwordShown}
              onClick={() => setPasswordShown((shown) => !shown)}
              data-testid="login-password-toggle"
            >
              {passwordShown ? <IconEye /> : <IconEyeInvisible />}
            </button>
          }
        />
      </Form.Item>
      <Form.Item field="proof" rules={[required(LOGIN_TEXT.sliderRequired)]}>
        <SliderVerify resetKey={sliderKey} />
      </Form.Item>
      <div className={styles.options}>
        <Checkbox checked={remember} onChange={setRemember} data-testid="login-remember">
          {LOGIN_TEXT.remember}
        </Checkbox>
      </div>
      <AgreementCheckbox state={agreement} />
      <Button
        type="primary"
        htmlType="submit"
        long
        size="large"
        loading={submitting}
        disabled={submitting}
        className={styles.submit}
        data-testid="login-submit"
      >
        {LOGIN_TEXT.submit}
      </Button>
    </Form>
  );
}
