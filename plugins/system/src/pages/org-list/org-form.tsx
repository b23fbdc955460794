import { useEffect, useMemo } from 'react';
import { Form, Input, InputNumber, TreeSelect } from '@arco-design/web-react';
import { FormDrawer, useFormSave } from '@cotton/sdk';
import { ORG_CODE_PATTERN, trimmed } from '@cotton/sdk/validators';
import type { AdminOrgRow } from '@cotton/sdk/contracts';
import { addOrg, updateOrg } from '../../api';
import { buildOrgTree, orgAndBelow, type OrgNode } from '../../components/org-tree';
import type { OrgListLocale } from './locale/zh-CN';

/** What the drawer does: add at the top or under an organisation, or edit one. */
export type OrgFormTarget = { mode: 'add'; parentId: string | null } | { mode: 'edit'; org: AdminOrgRow };

interface OrgFormValues {
  parentId?: string;
  code?: string;
  name?: string;
  sort?: number;
}

const ROOT = '';

interface TreeData {
  key: string;
  title: string;
  disabled?: boolean;
  children?: TreeData[];
}

function treeData(nodes: Array<OrgNode<AdminOrgRow>>, blocked: ReadonlySet<string>): TreeData[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.name,
    disabled: blocked.has(node.id),
    children: node.children.length > 0 ? treeData(node.children, blocked) : undefined,
  }));
}

export interface OrgFormDrawerProps {
  t: OrgListLocale;
  target: OrgFormTarget | null;
  orgs: AdminOrgRow[];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 新增机构 / 编辑机构: the parent (any organisation but the edited one and those below it — a
 * move takes the subtree along), code, name and order.
 */
export function OrgFormDrawer({ t, target, orgs, onClose, onSaved }: OrgFormDrawerProps) {
  const [form] = Form.useForm<OrgFormValues>();
  const {
    error,
    setError,
    saving,
    save: submit,
  } = useFormSave<OrgFormValues, keyof OrgFormValues>(form, {
    targets: [
      { field: 'code', names: [t['orgList.fields.code']] },
      { field: 'name', names: ['同名机构', t['orgList.fields.name']] },
      { field: 'parentId', names: [t['orgList.fields.parent'], '下级机构之下', '层级'] },
    ],
    savedText: t['orgList.saved'],
    onSaved,
  });
  const editing = target?.mode === 'edit' ? target.org : null;

  const parents = useMemo(() => {
    const blocked = new Set(editing ? orgAndBelow(orgs, editing.id) : []);
    return [{ key: ROOT, title: t['orgList.form.rootParent'] }, ...treeData(buildOrgTree(orgs), blocked)];
  }, [orgs, editing, t]);

  useEffect(() => {
    if (!target) return;
    setError(null);
    form.resetFields();
    if (target.mode === 'edit') {
      const { org } = target;
      form.setFieldsValue({ parentId: org.parentId ?? ROOT, code: org.code, name: org.name, sort: org.sort });
    } else {
      form.setFieldsValue({ parentId: target.parentId ?? ROOT, sort: 0 });
    }
  }, [target, form, setError]);

  function save() {
    void submit(async (values) => {
      const body = {
        parentId: values.parentId ? values.parentId : null,
        code: trimmed(values.code),
        name: trimmed(values.name),
        sort: values.sort ?? 0,
      };
      if (editing) await updateOrg({ id: editing.id, ...body });
      else await addOrg(body);
    });
  }

  return (
    <FormDrawer
      testId="org-form"
      title={editing ? t['orgList.form.editTitle'] : t['orgList.form.addTitle']}
      visible={target !== null}
      saving={saving}
      error={error}
      saveText={t['orgList.form.save']}
      cancelText={t['orgList.form.cancel']}
      onClose={onClose}
      onSave={save}
    >
      <Form<OrgFormValues> form={form} layout="vertical">
        <Form.Item field="parentId" label={t['orgList.fields.parent']}>
          <TreeSelect treeData={parents} data-testid="org-form-parent" />
        </Form.Item>
        <Form.Item
          field="code"
          label={t['orgList.fields.code']}
          required
          validateTrigger={['onBlur']}
          rules={[
            { required: true, message: t['orgList.rules.codeRequired'] },
            { match: ORG_CODE_PATTERN, message: t['orgList.rules.code'] },
          ]}
        >
          <Input maxLength={32} placeholder={`请输入${t['orgList.fields.code']}`} />
        </Form.Item>
        <Form.Item
          field="name"
          label={t['orgList.fields.name']}
          required
          validateTrigger={['onBlur']}
          rules={[
            {
              validator: (value: unknown, callback: (error?: string) => void) =>
                callback(
                  typeof value === 'string' && value.trim() !== '' ? undefined : t['orgList.rules.nameRequired'],
                ),
            },
          ]}
        >
          <Input maxLength={64} placeholder={`请输入${t['orgList.fields.name']}`} />
        </Form.Item>
        <Form.Item
          field="sort"
          label={t['orgList.fields.sort']}
          rules={[{ type: 'number', min: 0, max: 9999, message: t['orgList.rules.sort'] }]}
        >
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
