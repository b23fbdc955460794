import { useEffect } from 'react';
import { Form, Input, InputNumber, Radio, Typography } from '@arco-design/web-react';
import { FormDrawer, notBlank, notTaken, useFormSave } from '@cotton/sdk';
import { POST_CODE_PATTERN, trimmed } from '@cotton/sdk/validators';
import type { AdminPostRow } from '@cotton/sdk/contracts';
import { addPost, updatePost } from '../../api';
import { statusOptions } from './fields';
import type { PostFormValues } from './fields';
import type { PostListLocale } from './locale/zh-CN';

export interface PostFormDrawerProps {
  t: PostListLocale;
  visible: boolean;
  /** The post edited; `null` adds one. */
  post: AdminPostRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 新增岗位 / 编辑岗位: code (fixed once created), name, order, status, description. The
 * server's refusal goes under the field it names (该岗位编码已被使用…), else above the fields.
 */
export function PostFormDrawer({ t, visible, post, onClose, onSaved }: PostFormDrawerProps) {
  const [form] = Form.useForm<PostFormValues>();
  const {
    error,
    setError,
    saving,
    save: submit,
  } = useFormSave<PostFormValues, keyof PostFormValues>(form, {
    targets: [
      { field: 'code', names: [t['postList.fields.code']] },
      { field: 'name', names: [t['postList.fields.name']] },
    ],
    savedText: t['postList.saved'],
    onSaved,
  });
  const editing = post !== null;

  useEffect(() => {
    if (!visible) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(
      post
        ? {
            code: post.code,
            name: post.name,
            sort: post.sort,
            status: post.status === '2' ? '2' : '1',
            description: post.description ?? '',
          }
        : { sort: 0, status: '1' },
    );
  }, [visible, post, form, setError]);

  function save() {
    void submit(async (values) => {
      const common = {
        name: trimmed(values.name),
        sort: values.sort ?? 0,
        status: values.status ?? '1',
        description: trimmed(values.description) || null,
      };
      if (post) await updatePost({ id: post.id, ...common });
      else await addPost({ code: trimmed(values.code), ...common });
    });
  }

  return (
    <FormDrawer
      testId="post-form"
      title={editing ? t['postList.form.editTitle'] : t['postList.form.addTitle']}
      visible={visible}
      saving={saving}
      error={error}
      saveText={t['postList.form.save']}
      cancelText={t['postList.form.cancel']}
      onClose={onClose}
      onSave={save}
    >
      <Form<PostFormValues> form={form} layout="vertical">
        <Form.Item
          field="code"
          label={t['postList.fields.code']}
          required
          validateTrigger={['onBlur']}
          rules={
            editing
              ? []
              : [
                  { required: true, message: t['postList.rules.codeRequired'] },
                  { match: POST_CODE_PATTERN, message: t['postList.rules.code'] },
                  notTaken({ tableName: 'sys_posts', fieldName: 'code' }),
                ]
          }
        >
          <Input maxLength={32} disabled={editing} placeholder={`请输入${t['postList.fields.code']}`} />
        </Form.Item>
        <Form.Item
          field="name"
          label={t['postList.fields.name']}
          required
          validateTrigger={['onBlur']}
          rules={[notBlank(t['postList.rules.nameRequired'])]}
        >
          <Input maxLength={32} placeholder={`请输入${t['postList.fields.name']}`} />
        </Form.Item>
        <Form.Item
          field="sort"
          label={t['postList.fields.sort']}
          rules={[{ type: 'number', min: 0, max: 9999, message: t['postList.rules.sort'] }]}
        >
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          field="status"
          label={t['postList.fields.status']}
          extra={<Typography.Text type="secondary">{t['postList.form.disabledHint']}</Typography.Text>}
        >
          <Radio.Group options={statusOptions(t)} />
        </Form.Item>
        <Form.Item field="description" label={t['postList.fields.description']}>
          <Input.TextArea maxLength={256} showWordLimit placeholder={`请输入${t['postList.fields.description']}`} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
