import { useEffect, useState } from 'react';
import { Alert, Form, Input, Message, Modal } from '@arco-design/web-react';
import { toApiError } from '@cotton/sdk';
import { PASSWORD_MAX_LENGTH } from '@cotton/sdk/validators';
import type { AdminUserRow } from '@cotton/sdk/contracts';
import { CENTRE_USERS, resetUserPassword, type UserListRealm } from '../../api';
import { passwordRules } from './fields';
import type { UserListLocale } from './locale/zh-CN';

interface PasswordValues {
  password?: string;
  confirm?: string;
}

export interface ResetPasswordModalProps {
  t: UserListLocale;
  /** The user whose password is set; `null`: closed. */
  user: AdminUserRow | null;
  onClose: () => void;
  realm?: UserListRealm;
}

/** 重置密码: the administrator sets a new password (the password rules apply); the user's sessions end. */
export function ResetPasswordModal({ t, user, onClose, realm = CENTRE_USERS }: ResetPasswordModalProps) {
  const [form] = Form.useForm<PasswordValues>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const rules = passwordRules(() => form.getFieldValue('password') as string | undefined);

  useEffect(() => {
    if (!user) return;
    setError(null);
    form.resetFields();
  }, [user, form]);

  async function save() {
    if (!user) return;
    let values: PasswordValues;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await resetUserPassword({ id: user.id, password: values.password ?? '' }, realm);
      Message.success(t['userList.passwordReset']);
      onClose();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) setError(apiError.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={t['userList.password.title']}
      visible={user !== null}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      unmountOnExit
    >
      <div data-testid="reset-password">
        <p>{t['userList.password.user'].replace('{name}', user ? `${user.realname}（${user.loginName}）` : '')}</p>
        {error && <Alert type="error" content={error} style={{ marginBottom: 16 }} />}
        <Form<PasswordValues> form={form} layout="vertical">
          <Form.Item field="password" label={t['userList.password.new']} required rules={rules.password}>
            <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
          </Form.Item>
          <Form.Item field="confirm" label={t['userList.password.confirm']} required rules={rules.confirm}>
            <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
