import { useEffect } from 'react';
import { Form, Input, Typography } from '@arco-design/web-react';
import { FormDrawer, notBlank, notTaken, useFormSave } from '@cotton/sdk';
import { DICT_CODE_PATTERN, trimmed } from '@cotton/sdk/validators';
import type { AdminDictRow } from '@cotton/sdk/contracts';
import { addDict, updateDict } from '../../api';
import type { DictListLocale } from './locale/zh-CN';

interface DictFormValues {
  code?: string;
  name?: string;
  description?: string;
}

export interface DictFormDrawerProps {
  t: DictListLocale;
  visible: boolean;
  /** The category edited; `null` adds one. */
  dict: AdminDictRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增字典 / 编辑字典: code (fixed once created), name, description. */
export function DictFormDrawer({ t, visible, dict, onClose, onSaved }: DictFormDrawerProps) {
  const [form] = Form.useForm<DictFormValues>();
  const {
    error,
    setError,
    saving,
    save: submit,
  } = useFormSave<DictFormValues, keyof DictFormValues>(form, {
    targets: [
      { field: 'code', names: [t['dictList.fields.code']] },
      { field: 'name', names: [t['dictList.fields.name']] },
    ],
    savedText: t['dictList.saved'],
    onSaved,
  });
  const editing = dict !== null;

  useEffect(() => {
    if (!visible) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(dict ? { code: dict.code, name: dict.name, description: dict.description ?? '' } : {});
  }, [visible, dict, form, setError]);

  function save() {
    void submit(async (values) => {
      const common = { name: trimmed(values.name), description: trimmed(values.description) || null };
      if (dict) await updateDict({ id: dict.id, ...common });
      else await addDict({ code: trimmed(values.code), ...common });
    });
  }

  return (
    <FormDrawer
      testId="dict-form"
      title={editing ? t['dictList.form.editTitle'] : t['dictList.form.addTitle']}
      visible={visible}
      saving={saving}
      error={error}
      saveText={t['dictList.form.save']}
      cancelText={t['dictList.form.cancel']}
      onClose={onClose}
      onSave={save}
    >
      <Form<DictFormValues> form={form} layout="vertical">
        <Form.Item
          field="code"
          label={t['dictList.fields.code']}
          required
          validateTrigger={['onBlur']}
          extra={<Typography.Text type="secondary">{t['dictList.form.codeHint']}</Typography.Text>}
          rules={
            editing
              ? []
              : [
                  { required: true, message: t['dictList.rules.codeRequired'] },
                  { match: DICT_CODE_PATTERN, message: t['dictList.rules.code'] },
                  notTaken({ tableName: 'dict_categories', fieldName: 'code' }),
                ]
          }
        >
          <Input maxLength={64} disabled={editing} placeholder={`请输入${t['dictList.fields.code']}`} />
        </Form.Item>
        <Form.Item
          field="name"
          label={t['dictList.fields.name']}
          required
          validateTrigger={['onBlur']}
          rules={[notBlank(t['dictList.rules.nameRequired'])]}
        >
          <Input maxLength={64} placeholder={`请输入${t['dictList.fields.name']}`} />
        </Form.Item>
        <Form.Item field="description" label={t['dictList.fields.description']}>
          <Input.TextArea maxLength={256} showWordLimit placeholder={`请输入${t['dictList.fields.description']}`} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
