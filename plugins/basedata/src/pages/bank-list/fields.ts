import type { AdminFormConfig, ListOption } from '@cotton/sdk';
import type { AddBankBody, AdminBankRow } from '@cotton/sdk/contracts';
import { bankCalls } from '@cotton/sdk/calls';
import { BANK_CODE_PATTERN } from '@cotton/sdk/validators';
import { STATUS_OPTIONS } from '../../components/status';
import type { BankListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface BankFilters {
  code?: string;
  name?: string;
  status?: string;
  accountBank?: string;
}

export function yesNoOptions(t: BankListLocale): ListOption[] {
  return [
    { label: t['bankList.yes'], value: '1' },
    { label: t['bankList.no'], value: '0' },
  ];
}

/**
 * 新增银行 / 编辑银行: code and name (both fixed once created: applications keep the name), order
 * (empty: after the last), status, settlement flag. The update sends the name as it is.
 */
export function getBankForm(t: BankListLocale): AdminFormConfig<AdminBankRow, AddBankBody> {
  return {
    noun: t['bankList.noun'],
    fields: [
      {
        name: 'code',
        label: t['bankList.fields.code'],
        unique: { tableName: 'banks', fieldName: 'code' },
        type: 'text',
        required: true,
        maxLength: 12,
        pattern: { match: BANK_CODE_PATTERN, message: t['bankList.rules.code'] },
        readOnlyOnEdit: true,
        hint: t['bankList.form.codeHint'],
      },
      {
        name: 'name',
        label: t['bankList.fields.name'],
        unique: { tableName: 'banks', fieldName: 'name' },
        type: 'text',
        required: t['bankList.rules.name'],
        minLength: { length: 2, message: t['bankList.rules.name'] },
        maxLength: 100,
        readOnlyOnEdit: true,
        hint: t['bankList.form.nameHint'],
      },
      { name: 'sort', label: t['bankList.fields.sort'], type: 'number', max: 9999 },
      {
        name: 'status',
        label: t['bankList.fields.status'],
        type: 'radio',
        options: STATUS_OPTIONS,
        initialValue: '1',
        hint: t['bankList.form.disabledHint'],
      },
      {
        name: 'accountBank',
        label: t['bankList.fields.accountBank'],
        type: 'checkbox',
        text: t['bankList.fields.accountBank'],
        initialValue: false,
        testId: 'bank-form-account',
        hint: t['bankList.form.accountHint'],
      },
    ],
    add: { call: bankCalls.add },
    update: { call: bankCalls.update, body: ({ code: _code, ...values }, row) => ({ id: row.id, ...values }) },
  };
}
