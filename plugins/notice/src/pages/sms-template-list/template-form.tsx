import { useEffect } from 'react';
import { Form, Input, InputTag, Switch, Typography } from '@arco-design/web-react';
import { FormDrawer, notBlank, useFormSave } from '@cotton/sdk';
import { SMS_TEMPLATE_CODE_PATTERN, trimmed } from '@cotton/sdk/validators';
import type { SmsTemplateRow } from '@cotton/sdk/contracts';
import { addTemplate, updateTemplate } from '../../api';
import { contentProblem, variablesProblem } from './fields';
import type { TemplateFormValues } from './fields';
import type { TemplateListLocale } from './locale/zh-CN';

export interface TemplateFormDrawerProps {
  t: TemplateListLocale;
  visible: boolean;
  /** The template edited; `null` adds one. */
  template: SmsTemplateRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 新增 / 编辑短信模板: code (fixed once created), name, content with `${name}` placeholders,
 * the declared variables and 启用. The placeholders are checked against the variables as
 * the user types, with the server's words (it checks them again; its refusal goes under the
 * content). A system template keeps its variables.
 */
export function TemplateFormDrawer({ t, visible, template, onClose, onSaved }: TemplateFormDrawerProps) {
  const [form] = Form.useForm<TemplateFormValues>();
  const {
    error,
    setError,
    saving,
    save: submit,
  } = useFormSave<TemplateFormValues, keyof TemplateFormValues>(form, {
    targets: [
      { field: 'code', names: [t['templateList.fields.code']] },
      { field: 'name', names: [t['templateList.fields.name']] },
      { field: 'content', names: [t['templateList.fields.content'], '变量'] },
    ],
    savedText: t['templateList.saved'],
    onSaved,
  });
  const system = template?.system ?? false;

  useEffect(() => {
    if (!visible) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(
      template
        ? {
            code: template.code,
            name: template.name,
            content: template.content,
            variables: template.variables,
            enabled: template.enabled,
          }
        : { variables: [], enabled: true },
    );
  }, [visible, template, form, setError]);

  function save() {
    void submit(async (values) => {
      const common = {
        name: trimmed(values.name),
        content: trimmed(values.content),
        variables: values.variables ?? [],
        enabled: values.enabled ?? true,
      };
      if (template) await updateTemplate({ id: template.id, ...common });
      else await addTemplate({ code: trimmed(values.code), ...common });
    });
  }

  return (
    <FormDrawer
      testId="template-form"
      title={template ? t['templateList.form.editTitle'] : t['templateList.form.addTitle']}
      visible={visible}
      width={560}
      saving={saving}
      error={error}
      saveText={t['templateList.form.save']}
      cancelText={t['templateList.form.cancel']}
      onClose={onClose}
      onSave={save}
    >
      {system && <Typography.Paragraph type="secondary">{t['templateList.form.systemHint']}</Typography.Paragraph>}
      <Form<TemplateFormValues> form={form} layout="vertical">
        <Form.Item
          field="code"
          label={t['templateList.fields.code']}
          required
          validateTrigger={['onBlur']}
          rules={
            template
              ? []
              : [
                  { required: true, message: t['templateList.rules.codeRequired'] },
                  { match: SMS_TEMPLATE_CODE_PATTERN, message: t['templateList.rules.code'] },
                ]
          }
        >
          <Input maxLength={32} disabled={template !== null} placeholder={`请输入${t['templateList.fields.code']}`} />
        </Form.Item>
        <Form.Item
          field="name"
          label={t['templateList.fields.name']}
          required
          validateTrigger={['onBlur']}
          rules={[notBlank(t['templateList.rules.nameRequired'])]}
        >
          <Input maxLength={32} placeholder={`请输入${t['templateList.fields.name']}`} />
        </Form.Item>
        <Form.Item
          field="content"
          label={t['templateList.fields.content']}
          required
          validateTrigger={['onBlur', 'onChange']}
          // Checked against the variables: a variable added or removed can fix or break it.
          dependencies={['variables']}
          rules={[
            notBlank(t['templateList.rules.contentRequired']),
            {
              validator: (value: unknown, callback: (error?: string) => void) => {
                const variables = form.getFieldValue('variables');
                callback(
                  contentProblem(typeof value === 'string' ? value : '', Array.isArray(variables) ? variables : []) ??
                    undefined,
                );
              },
            },
          ]}
          extra={<Typography.Text type="secondary">{t['templateList.form.contentHint']}</Typography.Text>}
        >
          <Input.TextArea
            maxLength={500}
            showWordLimit
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={`请输入${t['templateList.fields.content']}`}
          />
        </Form.Item>
        <Form.Item
          field="variables"
          label={t['templateList.fields.variables']}
          rules={[
            {
              validator: (value: unknown, callback: (error?: string) => void) =>
                callback(variablesProblem(t, Array.isArray(value) ? value : []) ?? undefined),
            },
          ]}
        >
          <InputTag
            allowClear={!system}
            disabled={system}
            saveOnBlur
            // A repeated name is added, so that the rule above says why it is wrong (the default drops it silently).
            validate={(input: string) => input !== ''}
            placeholder={t['templateList.form.variablesPlaceholder']}
            data-testid="template-form-variables"
          />
        </Form.Item>
        <Form.Item field="enabled" label={t['templateList.fields.enabled']} triggerPropName="checked">
          <Switch disabled={system} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
