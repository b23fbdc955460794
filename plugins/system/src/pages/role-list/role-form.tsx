import { useEffect } from 'react';
import { Form, Input, Switch } from '@arco-design/web-react';
import { FormDrawer, useFormSave } from '@cotton/sdk';
import { trimmed } from '@cotton/sdk/validators';
import type { AdminRoleRow } from '@cotton/sdk/contracts';
import { addRole, updateRole } from '../../api';
import { getFormFields } from './fields';
import type { RoleFormValues } from './fields';
import type { RoleListLocale } from './locale/zh-CN';

export interface RoleFormDrawerProps {
  t: RoleListLocale;
  visible: boolean;
  /** The role edited; `null` adds one. */
  role: AdminRoleRow | null;
  onClose: () => void;
  /** After a successful save. */
  onSaved: () => void;
}

/**
 * 新增角色 / 编辑角色: code (fixed once created), name, description. The server's refusal is
 * shown under the field it names (该角色编码已被使用…), else above the fields.
 */
export function RoleFormDrawer({ t, visible, role, onClose, onSaved }: RoleFormDrawerProps) {
  const [form] = Form.useForm<RoleFormValues>();
  const editing = role !== null;
  const fields = getFormFields(t);
  const {
    error,
    setError,
    saving,
    save: submit,
  } = useFormSave<RoleFormValues, keyof RoleFormValues>(form, {
    targets: fields.map((candidate) => ({ field: candidate.field, names: [candidate.label] })),
    savedText: t['roleList.saved'],
    onSaved,
  });

  useEffect(() => {
    if (!visible) return;
    setError(null);
    form.resetFields();
    if (role)
      form.setFieldsValue({
        code: role.code,
        name: role.name,
        description: role.description ?? '',
        enterpriseGrantable: role.enterpriseGrantable,
      });
  }, [visible, role, form, setError]);

  function save() {
    void submit(async (values) => {
      const common = {
        name: trimmed(values.name),
        description: trimmed(values.description) || null,
        enterpriseGrantable: values.enterpriseGrantable ?? false,
      };
      if (role) await updateRole({ id: role.id, ...common });
      else await addRole({ code: trimmed(values.code), ...common });
    });
  }

  return (
    <FormDrawer
      testId="role-form"
      title={editing ? t['roleList.form.editTitle'] : t['roleList.form.addTitle']}
      visible={visible}
      saving={saving}
      error={error}
      saveText={t['roleList.form.save']}
      cancelText={t['roleList.form.cancel']}
      onClose={onClose}
      onSave={save}
    >
      <Form<RoleFormValues> form={form} layout="vertical">
        {fields.map((field) => (
          <Form.Item
            key={field.field}
            field={field.field}
            label={field.label}
            required={field.required}
            rules={editing && field.fixedOnEdit ? [] : field.rules}
            validateTrigger={['onBlur']}
          >
            {field.textarea ? (
              <Input.TextArea maxLength={field.maxLength} showWordLimit placeholder={`请输入${field.label}`} />
            ) : (
              <Input
                maxLength={field.maxLength}
                disabled={editing && field.fixedOnEdit}
                placeholder={`请输入${field.label}`}
              />
            )}
          </Form.Item>
        ))}
        <Form.Item
          field="enterpriseGrantable"
          label={t['roleList.fields.enterpriseGrantable']}
          triggerPropName="checked"
          extra={t['roleList.form.enterpriseGrantableHint']}
        >
          <Switch data-testid="role-form-enterprise-grantable" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
