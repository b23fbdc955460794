import { useEffect } from 'react';
import { Checkbox, Form, Input, InputNumber, Radio, Typography } from '@arco-design/web-react';
import { FormDrawer, useFormSave } from '@cotton/sdk';
import { trimmed } from '@cotton/sdk/validators';
import type { AdminBankRow } from '@cotton/sdk/contracts';
import { addBank, updateBank } from '../../api';
import { STATUS_OPTIONS } from '../../components/status';
import { BANK_CODE_PATTERN } from '@cotton/sdk/validators';
import type { BankListLocale } from './locale/zh-CN';

interface BankFormValues {
  code?: string;
  name?: string;
  sort?: number;
  status?: '1' | '2';
  accountBank?: boolean;
}

export interface BankFormDrawerProps {
  t: BankListLocale;
  visible: boolean;
  /** The bank edited; `null` adds one. */
  bank: AdminBankRow | null;
  onClose: () => void;
  onSaved: () => void;
}

const nameRule = (message: string) => ({
  validator: (value: unknown, callback: (error?: string) => void) =>
    callback(typeof value === 'string' && value.trim().length >= 2 ? undefined : message),
});

/** 新增银行 / 编辑银行: code and name (both fixed once created), order (empty: after the last), status, settlement flag. */
export function BankFormDrawer({ t, visible, bank, onClose, onSaved }: BankFormDrawerProps) {
  const [form] = Form.useForm<BankFormValues>();
  const {
    error,
    setError,
    saving,
    save: submit,
  } = useFormSave<BankFormValues, keyof BankFormValues>(form, {
    targets: [
      { field: 'code', names: [t['bankList.fields.code']] },
      { field: 'name', names: [t['bankList.fields.name']] },
    ],
    savedText: t['bankList.saved'],
    onSaved,
  });
  const editing = bank !== null;

  useEffect(() => {
    if (!visible) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(
      bank
        ? {
            code: bank.code,
            name: bank.name,
            sort: bank.sort,
            status: bank.status === '2' ? '2' : '1',
            accountBank: bank.accountBank,
          }
        : { status: '1', accountBank: false },
    );
  }, [visible, bank, form, setError]);

  function save() {
    void submit(async (values) => {
      const common = {
        name: trimmed(values.name),
        sort: values.sort ?? undefined,
        status: values.status ?? '1',
        accountBank: values.accountBank === true,
      };
      if (bank) await updateBank({ id: bank.id, ...common });
      else await addBank({ code: trimmed(values.code), ...common });
    });
  }

  return (
    <FormDrawer
      testId="bank-form"
      title={editing ? t['bankList.form.editTitle'] : t['bankList.form.addTitle']}
      visible={visible}
      saving={saving}
      error={error}
      saveText={t['bankList.form.save']}
      cancelText={t['bankList.form.cancel']}
      onClose={onClose}
      onSave={save}
    >
      <Form<BankFormValues> form={form} layout="vertical">
        <Form.Item
          field="code"
          label={t['bankList.fields.code']}
          required
          validateTrigger={['onBlur']}
          extra={<Typography.Text type="secondary">{t['bankList.form.codeHint']}</Typography.Text>}
          rules={
            editing
              ? []
              : [
                  { required: true, message: t['bankList.rules.codeRequired'] },
                  { match: BANK_CODE_PATTERN, message: t['bankList.rules.code'] },
                ]
          }
        >
          <Input maxLength={12} disabled={editing} placeholder={`请输入${t['bankList.fields.code']}`} />
        </Form.Item>
        <Form.Item
          field="name"
          label={t['bankList.fields.name']}
          required
          validateTrigger={['onBlur']}
          extra={<Typography.Text type="secondary">{t['bankList.form.nameHint']}</Typography.Text>}
          rules={editing ? [] : [nameRule(t['bankList.rules.name'])]}
        >
          <Input maxLength={100} disabled={editing} placeholder={`请输入${t['bankList.fields.name']}`} />
        </Form.Item>
        <Form.Item
          field="sort"
          label={t['bankList.fields.sort']}
          rules={[{ type: 'number', min: 0, max: 9999, message: t['bankList.rules.sort'] }]}
        >
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          field="status"
          label={t['bankList.fields.status']}
          extra={<Typography.Text type="secondary">{t['bankList.form.disabledHint']}</Typography.Text>}
        >
          <Radio.Group options={STATUS_OPTIONS} />
        </Form.Item>
        <Form.Item
          field="accountBank"
          triggerPropName="checked"
          extra={<Typography.Text type="secondary">{t['bankList.form.accountHint']}</Typography.Text>}
        >
          <Checkbox data-testid="bank-form-account">{t['bankList.fields.accountBank']}</Checkbox>
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
