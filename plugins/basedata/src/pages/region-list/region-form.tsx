import { useEffect } from 'react';
import { Form, Input, InputNumber, Typography } from '@arco-design/web-react';
import { FormDrawer, notBlank, useFormSave } from '@cotton/sdk';
import { trimmed } from '@cotton/sdk/validators';
import type { AdminRegionRow } from '@cotton/sdk/contracts';
import { addRegion, updateRegion } from '../../api';
import { REGION_CODE_PATTERN } from '@cotton/sdk/validators';
import type { RegionListLocale } from './locale/zh-CN';

interface RegionFormValues {
  code?: string;
  name?: string;
  sort?: number;
}

export type RegionFormTarget =
  { mode: 'add'; parent: { code: string; name: string } } | { mode: 'edit'; region: AdminRegionRow };

export interface RegionFormDrawerProps {
  t: RegionListLocale;
  /** What is added under or edited; `null`: closed. */
  target: RegionFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增区域 (under a parent; the server checks the code's shape against it) / 编辑区域 (name and order). */
export function RegionFormDrawer({ t, target, onClose, onSaved }: RegionFormDrawerProps) {
  const [form] = Form.useForm<RegionFormValues>();
  const {
    error,
    setError,
    saving,
    save: submit,
  } = useFormSave<RegionFormValues, keyof RegionFormValues>(form, {
    targets: [
      { field: 'code', names: ['区域代码', '代码'] },
      { field: 'name', names: ['同名', t['regionList.fields.name']] },
    ],
    savedText: t['regionList.saved'],
    onSaved,
  });
  const editing = target?.mode === 'edit';

  useEffect(() => {
    if (!target) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(
      target.mode === 'edit'
        ? { code: target.region.code, name: target.region.name, sort: target.region.sort }
        : { sort: 0 },
    );
  }, [target, form, setError]);

  function save() {
    if (!target) return;
    void submit(async (values) => {
      const common = { name: trimmed(values.name), sort: values.sort ?? 0 };
      if (target.mode === 'edit') await updateRegion({ code: target.region.code, ...common });
      else await addRegion({ parentCode: target.parent.code, code: trimmed(values.code), ...common });
    });
  }

  return (
    <FormDrawer
      testId="region-form"
      title={editing ? t['regionList.form.editTitle'] : t['regionList.form.addTitle']}
      visible={target !== null}
      saving={saving}
      error={error}
      saveText={t['regionList.form.save']}
      cancelText={t['regionList.form.cancel']}
      onClose={onClose}
      onSave={save}
    >
      <Form<RegionFormValues> form={form} layout="vertical">
        {target?.mode === 'add' && (
          <Form.Item label={t['regionList.form.parent']}>
            <Typography.Text data-testid="region-form-parent">
              {target.parent.name}（{target.parent.code}）
            </Typography.Text>
          </Form.Item>
        )}
        <Form.Item
          field="code"
          label={t['regionList.fields.code']}
          required
          validateTrigger={['onBlur']}
          extra={<Typography.Text type="secondary">{t['regionList.form.codeHint']}</Typography.Text>}
          rules={
            editing
              ? []
              : [
                  { required: true, message: t['regionList.rules.codeRequired'] },
                  { match: REGION_CODE_PATTERN, message: t['regionList.rules.code'] },
                ]
          }
        >
          <Input maxLength={6} disabled={editing} placeholder={`请输入${t['regionList.fields.code']}`} />
        </Form.Item>
        <Form.Item
          field="name"
          label={t['regionList.fields.name']}
          required
          validateTrigger={['onBlur']}
          rules={[notBlank(t['regionList.rules.nameRequired'])]}
        >
          <Input maxLength={64} placeholder={`请输入${t['regionList.fields.name']}`} />
        </Form.Item>
        <Form.Item
          field="sort"
          label={t['regionList.fields.sort']}
          rules={[{ type: 'number', min: 0, max: 9999, message: t['regionList.rules.sort'] }]}
        >
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
