import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Message,
  Space,
  Spin,
  TreeSelect,
  Typography,
} from '@arco-design/web-react';
import {
  LazySuspense,
  getSession,
  lazyPart,
  notBlank,
  refusedField,
  toApiError,
  useTabDrawer,
  useUnsavedChanges,
} from '@cotton/sdk';
import { trimmed } from '@cotton/sdk/validators';
import type { AdminCatalogRow } from '@cotton/sdk/contracts';
import { addContent, getContent, updateContent } from '../../api';
import { catalogTree } from '../../components/catalog-options';
import type { CmsLocale } from '../../locale/zh-CN';

// The editor (Tiptap, ~100 KB gz) is a chunk of its own, fetched when the drawer first opens.
const RichTextEditor = lazyPart(
  () => import('./editor/rich-text-editor').then((module) => module.RichTextEditor),
  'RichTextEditor',
);

export interface ArticleFormValues {
  catalogId?: string;
  title?: string;
  summary?: string;
  author?: string;
  source?: string;
  sort?: number;
}

export interface ArticleFormProps {
  t: CmsLocale;
  visible: boolean;
  /** The content edited; null adds one (saved as a draft). */
  contentId: string | null;
  catalogs: AdminCatalogRow[];
  onClose: () => void;
  /** After a save; `preview`: 保存并预览 was pressed. */
  onSaved: (id: string, preview: boolean) => void;
}

/**
 * 新增文章 / 编辑文章: catalogue, title, summary, author, source, order and the body in the
 * rich-text editor. 保存 keeps the status (a new article is a draft); 保存并预览 then opens
 * the preview. The server's refusal goes under the field it names, else above the fields.
 */
export function ArticleForm({ t, visible, contentId, catalogs, onClose, onSaved }: ArticleFormProps) {
  const [form] = Form.useForm<ArticleFormValues>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [initialHtml, setInitialHtml] = useState<string | null>(null);
  const [published, setPublished] = useState(false);
  // In a tab of the back office the drawer belongs to the tab, and a typed-in form (its
  // fields or the editor, whose typing is no input event) makes closing the tab ask first.
  const tabDrawer = useTabDrawer();
  const [typedIn, setTypedIn] = useState(false);
  if (!visible && typedIn) setTypedIn(false);
  useUnsavedChanges(visible && typedIn);
  const body = useRef('');

  useEffect(() => {
    if (!visible) return;
    let current = true;
    setError(null);
    form.resetFields();
    setInitialHtml(null);
    setPublished(false);
    if (!contentId) {
      body.current = '';
      // The author is who writes it (the signed-in user's name), changed at will (e.g. 市场部).
      form.setFieldsValue({ sort: 0, author: getSession().user?.realname ?? '' });
      setInitialHtml('');
      return;
    }
    getContent(contentId).then(
      (content) => {
        if (!current) return;
        form.setFieldsValue({
          catalogId: content.catalogId,
          title: content.title,
          summary: content.summary ?? '',
          author: content.author ?? '',
          source: content.source ?? '',
          sort: content.sort,
        });
        body.current = content.body;
        setInitialHtml(content.body);
        setPublished(content.status === '1');
      },
      (failure: unknown) => current && setError(toApiError(failure).message),
    );
    return () => {
      current = false;
    };
  }, [visible, contentId, form]);

  async function save(preview: boolean) {
    let values: ArticleFormValues;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    if (body.current.trim() === '') {
      setError(t['article.rules.body']);
      return;
    }
    setSaving(true);
    setError(null);
    const fields = {
      catalogId: values.catalogId ?? '',
      title: trimmed(values.title),
      summary: trimmed(values.summary) || null,
      author: trimmed(values.author) || null,
      source: trimmed(values.source) || null,
      sort: values.sort ?? 0,
      body: body.current,
    };
    try {
      let id = contentId;
      if (id) await updateContent({ id, ...fields });
      else id = (await addContent(fields)).id;
      Message.success(t['common.saved']);
      onSaved(id, preview);
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.handled) return;
      const field = refusedField<keyof ArticleFormValues>(apiError.message, [
        { field: 'title', names: [t['common.title']] },
        { field: 'catalogId', names: [t['common.catalog']] },
      ]);
      if (field) form.setFields({ [field]: { error: { message: apiError.message } } });
      else setError(apiError.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Drawer
      width={960}
      title={contentId ? t['article.form.editTitle'] : t['article.form.addTitle']}
      visible={visible}
      onCancel={onClose}
      unmountOnExit
      {...tabDrawer}
      footer={
        <Space>
          {published ? (
            // 保存 keeps the status: on a published article the visitors see the change at once.
            <Typography.Text type="warning" data-testid="article-form-live">
              {t['article.form.liveHint']}
            </Typography.Text>
          ) : null}
          <Button onClick={onClose}>{t['common.cancel']}</Button>
          <Button loading={saving} onClick={() => void save(true)} data-testid="article-form-save-preview">
            {t['article.saveAndPreview']}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save(false)} data-testid="article-form-save">
            {t['article.saveDraft']}
          </Button>
        </Space>
      }
    >
      <div data-testid="article-form" onChange={() => setTypedIn(true)}>
        {error ? (
          <Alert type="error" content={error} style={{ marginBottom: 16 }} data-testid="article-form-error" />
        ) : null}
        <Form<ArticleFormValues> form={form} layout="vertical">
          <Form.Item
            field="catalogId"
            label={t['common.catalog']}
            required
            rules={[{ required: true, message: t['article.rules.catalog'] }]}
          >
            <TreeSelect
              data-testid="article-form-catalog"
              treeData={catalogTree(catalogs, (row) => row.catalogType === 'COLUMN')}
              fieldNames={{ key: 'id', title: 'title', children: 'children' }}
              placeholder={t['article.rules.catalog']}
            />
          </Form.Item>
          <Form.Item
            field="title"
            label={t['common.title']}
            required
            validateTrigger={['onBlur']}
            rules={[notBlank(t['article.rules.title'])]}
          >
            <Input
              maxLength={128}
              showWordLimit
              placeholder={t['article.rules.title']}
              data-testid="article-form-title"
            />
          </Form.Item>
          <Form.Item field="summary" label={t['article.summary']}>
            <Input.TextArea maxLength={512} showWordLimit autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Space size={16} style={{ display: 'flex' }}>
            <Form.Item field="author" label={t['common.author']}>
              <Input maxLength={64} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item field="source" label={t['article.source']}>
              <Input maxLength={64} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item field="sort" label={t['common.sort']}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: 120 }} />
            </Form.Item>
          </Space>
          <Form.Item label={t['article.body']} required>
            {initialHtml === null ? (
              <Spin />
            ) : (
              <LazySuspense fallback={<Spin tip={t['article.editorLoading']} />}>
                <RichTextEditor
                  key={contentId ?? 'new'}
                  t={t}
                  initialHtml={initialHtml}
                  onChange={(html) => {
                    body.current = html;
                    setTypedIn(true);
                  }}
                />
              </LazySuspense>
            )}
          </Form.Item>
        </Form>
      </div>
    </Drawer>
  );
}
