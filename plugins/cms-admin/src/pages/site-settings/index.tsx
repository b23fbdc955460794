import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Message, Result, Space, Spin, Typography } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
// The rules the server's contract checks (sdk/src/contracts/cms-admin.ts).
import { fillText, hasPermission, toApiError, useQuery } from '@cotton/sdk';
import { CMS_LINK_PATTERN, HOTLINE_PHONE_PATTERN, SERVICE_PHONE_PATTERN, trimmed } from '@cotton/sdk/validators';
import type { AdminSite, SaveSiteBody } from '@cotton/sdk/contracts';
import { cmsAdminCodes } from '@cotton/sdk/calls';
import { getSite, updateSite } from '../../api';
import locale from '../../locale/zh-CN';
import styles from './style/index.module.css';

type SiteFormValues = Omit<SaveSiteBody, 'hotlines' | 'friendlyLinks'> & {
  hotlines: Array<{ label?: string; phone?: string }>;
  friendlyLinks: Array<{ title?: string; url?: string }>;
};

/**
 * 内容管理 › 站点设置 (`/cms/site`): the default site's name, display name (the browser title),
 * copyright, filing number, service phone, hotlines and friendly links — what the portal's
 * header and footer show, read at the next visit. Read-only without cms:site:edit.
 */
export function SiteSettings() {
  const t = locale;
  const [form] = Form.useForm<SiteFormValues>();
  const site = useQuery(() => getSite(), []);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editable = hasPermission(cmsAdminCodes.siteEdit);
  const required = (label: string) => ({ required: true, message: fillText(t['site.rules.required'], { label }) });

  useEffect(() => {
    if (site.data) form.setFieldsValue(site.data);
  }, [site.data, form]);

  async function save() {
    let values: SiteFormValues;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const saved: AdminSite = await updateSite({
        name: trimmed(values.name),
        displayName: trimmed(values.displayName),
        copyright: trimmed(values.copyright),
        filingNumber: trimmed(values.filingNumber),
        servicePhone: trimmed(values.servicePhone),
        hotlines: (values.hotlines ?? []).map((line) => ({ label: trimmed(line.label), phone: trimmed(line.phone) })),
        friendlyLinks: (values.friendlyLinks ?? []).map((link) => ({
          title: trimmed(link.title),
          url: trimmed(link.url),
        })),
      });
      form.setFieldsValue(saved);
      Message.success(t['common.saved']);
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) setError(apiError.message);
    } finally {
      setSaving(false);
    }
  }

  if (site.loading && !site.data) return <Spin className={styles.container} />;
  // An empty form here would save blanks over the site's settings: the reason and 重试 instead.
  if (!site.data)
    return (
      <div className={styles.container} data-testid="site-settings">
        <Result
          status="error"
          title={t['site.loadFailed']}
          subTitle={site.error?.message}
          extra={
            <Button type="primary" onClick={site.reload} data-testid="site-retry">
              {t['common.retry']}
            </Button>
          }
        />
      </div>
    );
  return (
    <div className={styles.container} data-testid="site-settings">
      <Typography.Title heading={5} className={styles.title}>
        {t['site.title']}
      </Typography.Title>
      {error ? <Alert type="error" content={error} style={{ marginBottom: 16 }} data-testid="site-error" /> : null}
      <Form<SiteFormValues> form={form} layout="vertical" disabled={!editable} style={{ maxWidth: 720 }}>
        <Form.Item field="name" label={t['site.name']} required rules={[required(t['site.name'])]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          field="displayName"
          label={t['site.displayName']}
          required
          rules={[required(t['site.displayName'])]}
          extra={t['site.displayNameHint']}
        >
          <Input maxLength={64} data-testid="site-display-name" />
        </Form.Item>
        <Form.Item field="copyright" label={t['site.copyright']}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item field="filingNumber" label={t['site.filingNumber']}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          field="servicePhone"
          label={t['site.servicePhone']}
          rules={[{ match: SERVICE_PHONE_PATTERN, message: t['site.rules.phone'] }]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item label={t['site.hotlines']}>
          <Form.List field="hotlines">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((item, index) => (
                  <Space key={item.key} align="start">
                    <Form.Item field={`${item.field}.label`} rules={[required(t['site.hotlineLabel'])]} noStyle={false}>
                      <Input maxLength={32} placeholder={t['site.hotlineLabel']} style={{ width: 200 }} />
                    </Form.Item>
                    <Form.Item
                      field={`${item.field}.phone`}
                      rules={[
                        required(t['site.hotlinePhone']),
                        { match: HOTLINE_PHONE_PATTERN, message: t['site.rules.phone'] },
                      ]}
                    >
                      <Input maxLength={32} placeholder={t['site.hotlinePhone']} style={{ width: 220 }} />
                    </Form.Item>
                    <Button
                      icon={<IconDelete />}
                      aria-label={`${t['common.delete']} ${index + 1}`}
                      onClick={() => remove(index)}
                    />
                  </Space>
                ))}
                {fields.length < 10 ? (
                  <Button icon={<IconPlus />} onClick={() => add({ label: '', phone: '' })}>
                    {t['site.addRow']}
                  </Button>
                ) : null}
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item label={t['site.friendlyLinks']}>
          <Form.List field="friendlyLinks">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((item, index) => (
                  <Space key={item.key} align="start">
                    <Form.Item field={`${item.field}.title`} rules={[required(t['site.linkTitle'])]}>
                      <Input maxLength={32} placeholder={t['site.linkTitle']} style={{ width: 200 }} />
                    </Form.Item>
                    <Form.Item
                      field={`${item.field}.url`}
                      rules={[required(t['site.linkUrl']), { match: CMS_LINK_PATTERN, message: t['site.rules.link'] }]}
                    >
                      <Input maxLength={256} placeholder={t['site.linkUrl']} style={{ width: 360 }} />
                    </Form.Item>
                    <Button
                      icon={<IconDelete />}
                      aria-label={`${t['common.delete']} ${index + 1}`}
                      onClick={() => remove(index)}
                    />
                  </Space>
                ))}
                {fields.length < 20 ? (
                  <Button icon={<IconPlus />} onClick={() => add({ title: '', url: '' })}>
                    {t['site.addRow']}
                  </Button>
                ) : null}
              </Space>
            )}
          </Form.List>
        </Form.Item>
        {editable ? (
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="site-save">
            {t['common.save']}
          </Button>
        ) : null}
      </Form>
    </div>
  );
}
