import { useEffect, useRef, useState } from 'react';
import { Form, Input, Radio, Select, Typography } from '@arco-design/web-react';
import { FormDrawer, notBlank, toApiError, useFormSave } from '@cotton/sdk';
import { trimmed } from '@cotton/sdk/validators';
import type { AdminNoticeRow, NoticeTarget } from '@cotton/sdk/contracts';
import { addNotice, queryNotice, queryNoticeTargets, updateNotice } from '../../api';
import { audienceOptions, typeOptions } from './fields';
import type { NoticeFormValues } from './fields';
import type { NoticeListLocale } from './locale/zh-CN';

export interface NoticeFormDrawerProps {
  t: NoticeListLocale;
  visible: boolean;
  /** The notice edited (a draft or withdrawn one); `null` adds one. */
  notice: AdminNoticeRow | null;
  onClose: () => void;
  onSaved: () => void;
}

const notEmpty = (message: string) => ({
  validator: (value: unknown, callback: (error?: string) => void) =>
    callback(Array.isArray(value) && value.length > 0 ? undefined : message),
});

/** Options without repeats, the chosen ones kept when a search narrows the rest. */
function merge(...lists: NoticeTarget[][]): NoticeTarget[] {
  const seen = new Map<string, NoticeTarget>();
  for (const list of lists) for (const target of list) seen.set(target.id, target);
  return [...seen.values()];
}

/**
 * 新增通知 / 编辑通知: title, type, audience (everyone, chosen users searched by name, chosen
 * roles) and the plain-text body. Saved as a draft: publishing is the list's 发布.
 */
export function NoticeFormDrawer({ t, visible, notice, onClose, onSaved }: NoticeFormDrawerProps) {
  const [form] = Form.useForm<NoticeFormValues>();
  const [users, setUsers] = useState<NoticeTarget[]>([]);
  const [roles, setRoles] = useState<NoticeTarget[]>([]);
  const chosenUsers = useRef<NoticeTarget[]>([]);
  const {
    error,
    setError,
    saving,
    save: submit,
  } = useFormSave<NoticeFormValues, keyof NoticeFormValues>(form, {
    targets: [
      { field: 'title', names: [t['noticeList.fields.title']] },
      { field: 'content', names: [t['noticeList.fields.content']] },
      { field: 'userIds', names: [t['noticeList.fields.users']] },
      { field: 'roleIds', names: [t['noticeList.fields.roles']] },
    ],
    savedText: t['noticeList.saved'],
    onSaved,
  });
  const audience = Form.useWatch('audience', form);

  useEffect(() => {
    if (!visible) return;
    let current = true;
    setError(null);
    form.resetFields();
    form.setFieldsValue({ type: '1', audience: 'all' });
    chosenUsers.current = [];
    void (async () => {
      try {
        const [targets, detail] = await Promise.all([queryNoticeTargets(), notice ? queryNotice(notice.id) : null]);
        if (!current) return;
        setRoles(targets.roles);
        setUsers(merge(detail?.users ?? [], targets.users));
        if (detail) {
          chosenUsers.current = detail.users;
          form.setFieldsValue({
            title: detail.title,
            type: detail.type === '2' ? '2' : '1',
            audience: detail.audience === 'users' ? 'users' : detail.audience === 'roles' ? 'roles' : 'all',
            userIds: detail.users.map((user) => user.id),
            roleIds: detail.roles.map((role) => role.id),
            content: detail.content,
          });
        }
      } catch (failure) {
        const apiError = toApiError(failure);
        if (current && !apiError.handled) setError(apiError.message);
      }
    })();
    return () => {
      current = false;
    };
  }, [visible, notice, form, setError]);

  async function searchUsers(keyword: string) {
    try {
      const targets = await queryNoticeTargets(keyword.trim() || undefined);
      setUsers(merge(chosenUsers.current, targets.users));
    } catch {
      // The options stay as they were; the search can be typed again.
    }
  }

  function save() {
    void submit(async (values) => {
      const body = {
        title: trimmed(values.title),
        type: values.type ?? '1',
        audience: values.audience ?? 'all',
        content: values.content ?? '',
        ...(values.audience === 'users' ? { userIds: values.userIds ?? [] } : {}),
        ...(values.audience === 'roles' ? { roleIds: values.roleIds ?? [] } : {}),
      };
      if (notice) await updateNotice({ id: notice.id, ...body });
      else await addNotice(body);
    });
  }

  return (
    <FormDrawer
      testId="notice-form"
      title={notice ? t['noticeList.form.editTitle'] : t['noticeList.form.addTitle']}
      visible={visible}
      width={560}
      saving={saving}
      error={error}
      saveText={t['noticeList.form.save']}
      cancelText={t['noticeList.form.cancel']}
      onClose={onClose}
      onSave={save}
    >
      <Typography.Paragraph type="secondary">{t['noticeList.form.hint']}</Typography.Paragraph>
      <Form<NoticeFormValues> form={form} layout="vertical">
        <Form.Item
          field="title"
          label={t['noticeList.fields.title']}
          required
          validateTrigger={['onBlur']}
          rules={[notBlank(t['noticeList.rules.titleRequired'])]}
        >
          <Input maxLength={100} showWordLimit placeholder={`请输入${t['noticeList.fields.title']}`} />
        </Form.Item>
        <Form.Item field="type" label={t['noticeList.fields.type']}>
          <Radio.Group options={typeOptions(t)} />
        </Form.Item>
        <Form.Item field="audience" label={t['noticeList.fields.audience']}>
          <Radio.Group options={audienceOptions(t)} data-testid="notice-form-audience" />
        </Form.Item>
        {audience === 'users' && (
          <Form.Item
            field="userIds"
            label={t['noticeList.fields.users']}
            required
            rules={[notEmpty(t['noticeList.rules.usersRequired'])]}
          >
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={(keyword) => void searchUsers(keyword)}
              onChange={(ids: string[]) => {
                chosenUsers.current = users.filter((user) => ids.includes(user.id));
              }}
              placeholder={t['noticeList.form.usersPlaceholder']}
              options={users.map((user) => ({ label: user.name, value: user.id }))}
              data-testid="notice-form-users"
            />
          </Form.Item>
        )}
        {audience === 'roles' && (
          <Form.Item
            field="roleIds"
            label={t['noticeList.fields.roles']}
            required
            rules={[notEmpty(t['noticeList.rules.rolesRequired'])]}
          >
            <Select
              mode="multiple"
              placeholder={t['noticeList.form.rolesPlaceholder']}
              options={roles.map((role) => ({ label: role.name, value: role.id }))}
              data-testid="notice-form-roles"
            />
          </Form.Item>
        )}
        <Form.Item
          field="content"
          label={t['noticeList.fields.content']}
          required
          validateTrigger={['onBlur']}
          rules={[notBlank(t['noticeList.rules.contentRequired'])]}
        >
          <Input.TextArea
            maxLength={4000}
            showWordLimit
            autoSize={{ minRows: 6, maxRows: 16 }}
            placeholder={`请输入${t['noticeList.fields.content']}`}
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
