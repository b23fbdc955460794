import { useEffect } from 'react';
import { Form, Input, InputNumber, Radio, Switch, TreeSelect } from '@arco-design/web-react';
import { FormDrawer, useFormSave } from '@cotton/sdk';
import { CATALOG_CODE_PATTERN, trimmed } from '@cotton/sdk/validators';
import type { AdminCatalogRow } from '@cotton/sdk/contracts';
import { addCatalog, updateCatalog } from '../../api';
import { catalogTree, subtreeIds } from '../../components/catalog-options';
import type { CmsLocale } from '../../locale/zh-CN';

interface CatalogFormValues {
  parentId?: string;
  code?: string;
  title?: string;
  catalogType?: 'COLUMN' | 'BANNER';
  sort?: number;
  visible?: boolean;
  description?: string;
}

export type CatalogFormTarget = { kind: 'add'; parentId: string | null } | { kind: 'edit'; catalog: AdminCatalogRow };

export interface CatalogFormProps {
  t: CmsLocale;
  target: CatalogFormTarget | null;
  catalogs: AdminCatalogRow[];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 新增栏目 / 编辑栏目. Choosing another 上级栏目 moves it with its subtree (not under itself;
 * the server refuses more than 5 levels). The code and type are fixed once created.
 */
export function CatalogForm({ t, target, catalogs, onClose, onSaved }: CatalogFormProps) {
  const [form] = Form.useForm<CatalogFormValues>();
  const { error, setError, saving, save } = useFormSave<CatalogFormValues, keyof CatalogFormValues>(form, {
    targets: [
      { field: 'code', names: [t['catalog.code']] },
      { field: 'title', names: [t['catalog.name']] },
      { field: 'parentId', names: [t['catalog.parent'], '级'] },
    ],
    savedText: t['common.saved'],
    onSaved,
  });
  const editing = target?.kind === 'edit' ? target.catalog : null;
  const excluded = editing ? subtreeIds(catalogs, editing.id) : new Set<string>();

  useEffect(() => {
    if (!target) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(
      target.kind === 'edit'
        ? {
            parentId: target.catalog.parentId ?? undefined,
            code: target.catalog.code,
            title: target.catalog.title,
            catalogType: target.catalog.catalogType === 'BANNER' ? 'BANNER' : 'COLUMN',
            sort: target.catalog.sort,
            visible: target.catalog.visible,
            description: target.catalog.description ?? '',
          }
        : { parentId: target.parentId ?? undefined, catalogType: 'COLUMN', sort: 0, visible: true },
    );
  }, [target, form, setError]);

  function submit() {
    void save(async (values) => {
      const common = {
        parentId: values.parentId ?? null,
        title: trimmed(values.title),
        sort: values.sort ?? 0,
        visible: values.visible ?? true,
        description: trimmed(values.description) || null,
      };
      if (editing) await updateCatalog({ id: editing.id, ...common });
      else await addCatalog({ code: trimmed(values.code), catalogType: values.catalogType ?? 'COLUMN', ...common });
    });
  }

  return (
    <FormDrawer
      testId="catalog-form"
      title={editing ? t['catalog.form.editTitle'] : t['catalog.form.addTitle']}
      visible={target !== null}
      saving={saving}
      error={error}
      saveText={t['common.save']}
      cancelText={t['common.cancel']}
      onClose={onClose}
      onSave={submit}
    >
      <Form<CatalogFormValues> form={form} layout="vertical">
        <Form.Item field="parentId" label={t['catalog.parent']}>
          <TreeSelect
            allowClear
            placeholder={t['catalog.parentNone']}
            treeData={catalogTree(catalogs, (row) => !excluded.has(row.id))}
            fieldNames={{ key: 'id', title: 'title', children: 'children' }}
          />
        </Form.Item>
        <Form.Item
          field="code"
          label={t['catalog.code']}
          required
          validateTrigger={['onBlur']}
          rules={editing ? [] : [{ required: true, match: CATALOG_CODE_PATTERN, message: t['catalog.rules.code'] }]}
        >
          <Input maxLength={48} disabled={editing !== null} />
        </Form.Item>
        <Form.Item
          field="title"
          label={t['catalog.name']}
          required
          validateTrigger={['onBlur']}
          rules={[{ required: true, message: t['catalog.rules.name'] }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item field="catalogType" label={t['catalog.type']}>
          <Radio.Group
            disabled={editing !== null}
            options={[
              { label: t['catalog.type.COLUMN'], value: 'COLUMN' },
              { label: t['catalog.type.BANNER'], value: 'BANNER' },
            ]}
          />
        </Form.Item>
        <Form.Item field="sort" label={t['common.sort']}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item field="visible" label={t['catalog.visible']} triggerPropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item field="description" label={t['catalog.description']}>
          <Input.TextArea maxLength={256} showWordLimit />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
