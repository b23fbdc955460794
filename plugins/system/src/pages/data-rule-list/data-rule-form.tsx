import { useEffect, useState } from 'react';
import { Form, Input, Radio, Select } from '@arco-design/web-react';
import { fillText, FormDrawer, toApiError, useFormSave } from '@cotton/sdk';
import { trimmed } from '@cotton/sdk/validators';
import type { AdminDataRuleRow, DataRuleOptions } from '@cotton/sdk/contracts';
import { addDataRule, queryDataRuleOptions, updateDataRule } from '../../api';
import { scopeOptions } from './fields';
import type { DataRuleFormValues } from './fields';
import type { DataRuleListLocale } from './locale/zh-CN';

export interface DataRuleFormDrawerProps {
  t: DataRuleListLocale;
  visible: boolean;
  /** The rule edited; `null` adds one. */
  rule: AdminDataRuleRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 新增 / 编辑数据权限: the menu (those whose lists honour rules), the rule's name, its scope
 * and the roles it is given to.
 */
export function DataRuleFormDrawer({ t, visible, rule, onClose, onSaved }: DataRuleFormDrawerProps) {
  const [form] = Form.useForm<DataRuleFormValues>();
  const [options, setOptions] = useState<DataRuleOptions>({ menus: [], roles: [] });
  const {
    error,
    setError,
    saving,
    save: submit,
  } = useFormSave<DataRuleFormValues, keyof DataRuleFormValues>(form, {
    targets: [
      { field: 'menuId', names: [t['dataRuleList.fields.menu']] },
      { field: 'name', names: [t['dataRuleList.fields.name'], '同名规则'] },
      { field: 'roleIds', names: [t['dataRuleList.fields.roles']] },
    ],
    savedText: t['dataRuleList.saved'],
    onSaved,
  });

  useEffect(() => {
    if (!visible) return;
    let live = true;
    setError(null);
    form.resetFields();
    form.setFieldsValue(
      rule
        ? { menuId: rule.menuId, name: rule.name, scope: rule.scope, roleIds: rule.roleIds }
        : { scope: 'org_and_below', roleIds: [] },
    );
    queryDataRuleOptions()
      .then((answer) => {
        if (!live) return;
        setOptions(answer);
        if (!rule && answer.menus.length === 1) form.setFieldValue('menuId', answer.menus[0]!.id);
      })
      .catch((failure: unknown) => {
        const apiError = toApiError(failure);
        if (live && !apiError.handled)
          setError(fillText(t['dataRuleList.form.optionsFailed'], { message: apiError.message }));
      });
    return () => {
      live = false;
    };
  }, [visible, rule, form, t, setError]);

  function save() {
    void submit(async (values) => {
      const body = {
        menuId: values.menuId ?? '',
        name: trimmed(values.name),
        scope: values.scope ?? 'org_and_below',
        roleIds: values.roleIds ?? [],
      };
      if (rule) await updateDataRule({ id: rule.id, ...body });
      else await addDataRule(body);
    });
  }

  return (
    <FormDrawer
      testId="data-rule-form"
      title={rule ? t['dataRuleList.form.editTitle'] : t['dataRuleList.form.addTitle']}
      visible={visible}
      saving={saving}
      error={error}
      saveText={t['dataRuleList.form.save']}
      cancelText={t['dataRuleList.form.cancel']}
      onClose={onClose}
      onSave={save}
    >
      <Form<DataRuleFormValues> form={form} layout="vertical">
        <Form.Item
          field="menuId"
          label={t['dataRuleList.fields.menu']}
          required
          rules={[{ required: true, message: t['dataRuleList.rules.menuRequired'] }]}
        >
          <Select
            placeholder={t['dataRuleList.form.menuPlaceholder']}
            options={options.menus.map((menu) => ({ label: menu.name, value: menu.id }))}
          />
        </Form.Item>
        <Form.Item
          field="name"
          label={t['dataRuleList.fields.name']}
          required
          validateTrigger={['onBlur']}
          rules={[
            {
              validator: (value: unknown, callback: (error?: string) => void) =>
                callback(
                  typeof value === 'string' && value.trim() !== '' ? undefined : t['dataRuleList.rules.nameRequired'],
                ),
            },
          ]}
        >
          <Input maxLength={32} placeholder={`请输入${t['dataRuleList.fields.name']}`} />
        </Form.Item>
        <Form.Item
          field="scope"
          label={t['dataRuleList.fields.scope']}
          required
          rules={[{ required: true, message: t['dataRuleList.rules.scopeRequired'] }]}
        >
          <Radio.Group direction="vertical" options={scopeOptions(t)} />
        </Form.Item>
        <Form.Item field="roleIds" label={t['dataRuleList.fields.roles']}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t['dataRuleList.form.rolesPlaceholder']}
            data-testid="data-rule-form-roles"
            options={options.roles.map((role) => ({ label: role.name, value: role.id }))}
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
