import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Select } from '@arco-design/web-react';
import { FormDrawer, toApiError, useFormSave } from '@cotton/sdk';
import { CMS_LINK_PATTERN, trimmed } from '@cotton/sdk/validators';
import type { AdminCatalogRow } from '@cotton/sdk/contracts';
import { addContent, getContent, updateContent } from '../../api';
import { ImageUpload } from '../../components/image-upload';
import { catalogOptions } from '../../components/use-catalogs';
import type { CmsLocale } from '../../locale/zh-CN';

interface BannerFormValues {
  catalogId?: string;
  title?: string;
  linkUrl?: string;
  sort?: number;
}

export interface BannerFormProps {
  t: CmsLocale;
  visible: boolean;
  /** The banner edited; null adds one (a draft until published). */
  contentId: string | null;
  catalogs: AdminCatalogRow[];
  onClose: () => void;
  onSaved: () => void;
}

/** 新增轮播图 / 编辑轮播图: catalogue (a BANNER one), title, the uploaded image, where it leads, order. */
export function BannerForm({ t, visible, contentId, catalogs, onClose, onSaved }: BannerFormProps) {
  const [form] = Form.useForm<BannerFormValues>();
  const [cover, setCover] = useState<{ url: string; previewUrl: string } | null>(null);
  const { error, setError, saving, save } = useFormSave<BannerFormValues, keyof BannerFormValues>(form, {
    targets: [
      { field: 'title', names: [t['common.title']] },
      { field: 'linkUrl', names: [t['banner.linkUrl']] },
    ],
    savedText: t['common.saved'],
    onSaved,
  });
  const options = catalogOptions(catalogs, 'BANNER');

  useEffect(() => {
    if (!visible) return;
    let current = true;
    setError(null);
    form.resetFields();
    setCover(null);
    if (!contentId) {
      form.setFieldsValue({ sort: 0, catalogId: options[0]?.value });
      return;
    }
    getContent(contentId).then(
      (content) => {
        if (!current) return;
        form.setFieldsValue({
          catalogId: content.catalogId,
          title: content.title,
          linkUrl: content.linkUrl ?? '',
          sort: content.sort,
        });
        if (content.coverUrl)
          setCover({ url: content.coverUrl, previewUrl: content.coverPreviewUrl ?? content.coverUrl });
      },
      (failure: unknown) => current && setError(toApiError(failure).message),
    );
    return () => {
      current = false;
    };
    // `options` follows `catalogs`; the form is filled when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, contentId, form, setError]);

  function submit() {
    if (!cover) {
      setError(t['banner.rules.image']);
      return;
    }
    void save(async (values) => {
      const fields = {
        catalogId: values.catalogId ?? '',
        title: trimmed(values.title),
        coverUrl: cover.url,
        linkUrl: trimmed(values.linkUrl) || null,
        sort: values.sort ?? 0,
      };
      if (contentId) await updateContent({ id: contentId, ...fields });
      else await addContent(fields);
    });
  }

  return (
    <FormDrawer
      testId="banner-form"
      title={contentId ? t['banner.form.editTitle'] : t['banner.form.addTitle']}
      visible={visible}
      width={560}
      saving={saving}
      error={error}
      saveText={t['common.save']}
      cancelText={t['common.cancel']}
      onClose={onClose}
      onSave={submit}
    >
      <Form<BannerFormValues> form={form} layout="vertical">
        <Form.Item
          field="catalogId"
          label={t['common.catalog']}
          required
          rules={[{ required: true, message: t['article.rules.catalog'] }]}
        >
          <Select options={options} />
        </Form.Item>
        <Form.Item
          field="title"
          label={t['common.title']}
          required
          validateTrigger={['onBlur']}
          rules={[{ required: true, message: t['article.rules.title'] }]}
        >
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item label={t['banner.image']} required>
          <ImageUpload
            testId="banner-image"
            previewUrl={cover?.previewUrl ?? null}
            buttonText={t['banner.upload']}
            hint={t['banner.imageHint']}
            onUploaded={(image) => setCover({ url: image.url, previewUrl: image.previewUrl })}
          />
        </Form.Item>
        <Form.Item
          field="linkUrl"
          label={t['banner.linkUrl']}
          validateTrigger={['onBlur']}
          rules={[
            {
              validator: (value: unknown, callback: (message?: string) => void) =>
                callback(
                  typeof value !== 'string' || value.trim() === '' || CMS_LINK_PATTERN.test(value.trim())
                    ? undefined
                    : t['banner.rules.link'],
                ),
            },
          ]}
        >
          <Input maxLength={256} placeholder="/service 或 https://…" />
        </Form.Item>
        <Form.Item field="sort" label={t['common.sort']}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
