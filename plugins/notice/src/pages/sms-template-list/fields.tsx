import { InputTag, Typography } from '@arco-design/web-react';
import { SMS_TEMPLATE_CODE_PATTERN, SMS_VARIABLE_PATTERN } from '@cotton/sdk/validators';
import type { AdminFormConfig, ListOption } from '@cotton/sdk';
import type { AddSmsTemplateBody, SmsTemplateRow } from '@cotton/sdk/contracts';
import { smsTemplateCalls } from '@cotton/sdk/calls';
import type { TemplateListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface TemplateFilters {
  code?: string;
  name?: string;
  enabled?: string;
}

/**
 * The placeholders of a template's content, each once, in order: what 测试发送 asks values
 * for (the server checks the content again, with its own messages).
 */
export function placeholders(content: string): string[] {
  const names: string[] = [];
  let at = 0;
  for (;;) {
    const open = content.indexOf('${', at);
    if (open < 0) return names;
    const close = content.indexOf('}', open + 2);
    if (close < 0) return names;
    const name = content.slice(open + 2, close);
    if (SMS_VARIABLE_PATTERN.test(name) && !names.includes(name)) names.push(name);
    at = close + 1;
  }
}

/** The contract's limit on a template's variables. */
export const MAX_VARIABLES = 20;

/** What is wrong with the declared variables (null: nothing): names, repeats, count. */
export function variablesProblem(t: TemplateListLocale, variables: readonly unknown[]): string | null {
  if (!variables.every((name) => SMS_VARIABLE_PATTERN.test(String(name)))) return t['templateList.rules.variable'];
  const repeated = variables.filter((name, index) => variables.indexOf(name) !== index);
  if (repeated.length > 0) return t['templateList.rules.variableRepeated'].replace('{names}', repeated.join('、'));
  if (variables.length > MAX_VARIABLES) return t['templateList.rules.variableLimit'];
  return null;
}

/**
 * Why the content does not fit the declared variables (null: it does), in the words the
 * server refuses it with (server/src/modules/sms/templates.ts, templateProblem): shown as
 * the user types rather than after 保存.
 */
export function contentProblem(content: string, variables: readonly string[]): string | null {
  const used: string[] = [];
  let at = 0;
  for (;;) {
    const open = content.indexOf('${', at);
    if (open < 0) break;
    const close = content.indexOf('}', open + 2);
    if (close < 0) return `模板内容第 ${open + 1} 个字符起的“\${”缺少对应的“}”`;
    const name = content.slice(open + 2, close);
    if (!SMS_VARIABLE_PATTERN.test(name))
      return `变量“\${${name.slice(0, 40)}}”的名称不正确：应以字母开头，由字母、数字或下划线组成`;
    if (!used.includes(name)) used.push(name);
    at = close + 1;
  }
  const undeclared = used.filter((name) => !variables.includes(name));
  if (undeclared.length > 0) return `模板内容使用了未声明的变量：${undeclared.join('、')}`;
  const unused = variables.filter((name) => !used.includes(name));
  if (unused.length > 0) return `声明的变量未在模板内容中使用：${unused.join('、')}`;
  return null;
}

export function enabledOptions(t: TemplateListLocale): ListOption[] {
  return [
    { label: t['templateList.enabled'], value: '1' },
    { label: t['templateList.disabled'], value: '0' },
  ];
}

/**
 * 新增 / 编辑短信模板: code (fixed once created), name, content with `${name}` placeholders,
 * the declared variables and 启用. The placeholders are checked against the variables as the
 * user types, with the server's words (it checks them again; its refusal goes under the
 * content). A system template keeps its variables and stays enabled.
 */
export function getTemplateForm(t: TemplateListLocale): AdminFormConfig<SmsTemplateRow, AddSmsTemplateBody> {
  return {
    noun: t['templateList.noun'],
    width: 560,
    intro: (row) =>
      row?.system && <Typography.Paragraph type="secondary">{t['templateList.form.systemHint']}</Typography.Paragraph>,
    fields: [
      {
        name: 'code',
        label: t['templateList.fields.code'],
        unique: { tableName: 'sys_sms_templates', fieldName: 'code' },
        type: 'text',
        required: true,
        maxLength: 32,
        pattern: { match: SMS_TEMPLATE_CODE_PATTERN, message: t['templateList.rules.code'] },
        readOnlyOnEdit: true,
      },
      { name: 'name', label: t['templateList.fields.name'], type: 'text', required: true, maxLength: 32 },
      {
        name: 'content',
        label: t['templateList.fields.content'],
        type: 'textarea',
        required: true,
        maxLength: 500,
        hint: t['templateList.form.contentHint'],
        refusal: ['变量'],
        // Checked against the variables: a variable added or removed can fix or break it.
        dependencies: ['variables'],
        check: (value, values) =>
          contentProblem(
            typeof value === 'string' ? value : '',
            Array.isArray(values.variables) ? values.variables : [],
          ),
      },
      {
        name: 'variables',
        label: t['templateList.fields.variables'],
        type: 'multiselect',
        initialValue: [],
        disabled: (row) => row.system,
        check: (value) => variablesProblem(t, Array.isArray(value) ? value : []),
        render: ({ disabled }) => (
          <InputTag
            allowClear={!disabled}
            disabled={disabled}
            saveOnBlur
            // A repeated name is added, so that the check says why it is wrong (the default drops it silently).
            validate={(input: string) => input !== ''}
            placeholder={t['templateList.form.variablesPlaceholder']}
            data-testid="template-form-variables"
          />
        ),
      },
      {
        name: 'enabled',
        label: t['templateList.fields.enabled'],
        type: 'switch',
        initialValue: true,
        disabled: (row) => row.system,
      },
    ],
    add: { call: smsTemplateCalls.add },
    update: { call: smsTemplateCalls.update },
  };
}
