import { useEffect } from 'react';
import { Form, Input, InputNumber, Radio, Typography } from '@arco-design/web-react';
import { FormDrawer, notBlank, useFormSave } from '@cotton/sdk';
import { DICT_ITEM_CODE_PATTERN, trimmed } from '@cotton/sdk/validators';
import type { AdminDictItemRow } from '@cotton/sdk/contracts';
import { addDictItem, updateDictItem } from '../../api';
import { STATUS_OPTIONS } from '../../components/status';
import type { DictListLocale } from './locale/zh-CN';

interface ItemFormValues {
  itemCode?: string;
  itemValue?: string;
  sort?: number;
  status?: '1' | '2';
}

export interface ItemFormDrawerProps {
  t: DictListLocale;
  categoryCode: string;
  visible: boolean;
  /** The item edited; `null` adds one. */
  item: AdminDictItemRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增字典项 / 编辑字典项: code (fixed once created), name, order (empty: after the last), status. */
export function ItemFormDrawer({ t, categoryCode, visible, item, onClose, onSaved }: ItemFormDrawerProps) {
  const [form] = Form.useForm<ItemFormValues>();
  const {
    error,
    setError,
    saving,
    save: submit,
  } = useFormSave<ItemFormValues, keyof ItemFormValues>(form, {
    targets: [
      { field: 'itemCode', names: [t['items.fields.itemCode']] },
      { field: 'itemValue', names: [t['items.fields.itemValue']] },
    ],
    savedText: t['dictList.saved'],
    onSaved,
  });
  const editing = item !== null;

  useEffect(() => {
    if (!visible) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(
      item
        ? {
            itemCode: item.itemCode,
            itemValue: item.itemValue,
            sort: item.sort,
            status: item.status === '2' ? '2' : '1',
          }
        : { status: '1' },
    );
  }, [visible, item, form, setError]);

  function save() {
    void submit(async (values) => {
      const common = {
        itemValue: trimmed(values.itemValue),
        sort: values.sort ?? undefined,
        status: values.status ?? '1',
      };
      if (item) await updateDictItem({ id: item.id, ...common });
      else await addDictItem({ categoryCode, itemCode: trimmed(values.itemCode), ...common });
    });
  }

  return (
    <FormDrawer
      testId="dict-item-form"
      title={editing ? t['items.form.editTitle'] : t['items.form.addTitle']}
      visible={visible}
      saving={saving}
      error={error}
      saveText={t['dictList.form.save']}
      cancelText={t['dictList.form.cancel']}
      onClose={onClose}
      onSave={save}
    >
      <Form<ItemFormValues> form={form} layout="vertical">
        <Form.Item
          field="itemCode"
          label={t['items.fields.itemCode']}
          required
          validateTrigger={['onBlur']}
          extra={<Typography.Text type="secondary">{t['items.form.codeHint']}</Typography.Text>}
          rules={
            editing
              ? []
              : [
                  { required: true, message: t['items.rules.codeRequired'] },
                  { match: DICT_ITEM_CODE_PATTERN, message: t['items.rules.code'] },
                ]
          }
        >
          <Input maxLength={32} disabled={editing} placeholder={`请输入${t['items.fields.itemCode']}`} />
        </Form.Item>
        <Form.Item
          field="itemValue"
          label={t['items.fields.itemValue']}
          required
          validateTrigger={['onBlur']}
          rules={[notBlank(t['items.rules.valueRequired'])]}
        >
          <Input maxLength={128} placeholder={`请输入${t['items.fields.itemValue']}`} />
        </Form.Item>
        <Form.Item
          field="sort"
          label={t['items.fields.sort']}
          rules={[{ type: 'number', min: 0, max: 9999, message: t['items.rules.sort'] }]}
        >
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          field="status"
          label={t['items.fields.status']}
          extra={<Typography.Text type="secondary">{t['items.form.disabledHint']}</Typography.Text>}
        >
          <Radio.Group options={STATUS_OPTIONS} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
