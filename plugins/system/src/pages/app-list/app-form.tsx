import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Select } from '@arco-design/web-react';
import { fillText, FormDrawer, toApiError, useFormSave } from '@cotton/sdk';
import { trimmed } from '@cotton/sdk/validators';
import type { AdminAppRow, AppFormOptions } from '@cotton/sdk/contracts';
import { addApp, queryAppOptions, updateApp } from '../../api';
import { getFormRules } from './fields';
import type { AppFormValues } from './fields';
import type { AppListLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

export interface AppFormDrawerProps {
  t: AppListLocale;
  visible: boolean;
  /** The app edited; `null` adds one. */
  app: AdminAppRow | null;
  onClose: () => void;
  /** After a successful save. */
  onSaved: () => void;
}

const NO_OPTIONS: AppFormOptions = { menus: [], icons: [] };

/**
 * 新增应用 / 编辑应用: code (fixed once created), name, address, icon, the menus it groups
 * (the menus with a permission code, getAppOptions) and its place in the switcher. The
 * server's refusal is shown under the field it names (该应用编码已被使用…), else above the fields.
 */
export function AppFormDrawer({ t, visible, app, onClose, onSaved }: AppFormDrawerProps) {
  const [form] = Form.useForm<AppFormValues>();
  const {
    error,
    setError,
    saving,
    save: submit,
  } = useFormSave<AppFormValues, keyof AppFormValues>(form, {
    targets: [
      { field: 'appCode', names: [t['appList.fields.appCode']] },
      { field: 'appName', names: [t['appList.fields.appName']] },
      { field: 'visitUrl', names: [t['appList.fields.visitUrl']] },
      { field: 'icon', names: [t['appList.fields.icon']] },
      { field: 'menus', names: ['菜单'] },
      { field: 'sort', names: [t['appList.fields.sort']] },
    ],
    savedText: t['appList.saved'],
    onSaved,
  });
  const [options, setOptions] = useState<AppFormOptions>(NO_OPTIONS);
  const editing = app !== null;
  const rules = getFormRules(t);

  useEffect(() => {
    if (!visible) return;
    setError(null);
    form.resetFields();
    if (app) {
      form.setFieldsValue({
        appCode: app.appCode,
        appName: app.appName,
        visitUrl: app.visitUrl,
        icon: app.icon ?? undefined,
        menus: app.menus.map((menu) => menu.code),
        sort: app.sort,
      });
    } else {
      form.setFieldsValue({ menus: [], sort: 0 });
    }
  }, [visible, app, form, setError]);

  useEffect(() => {
    if (!visible) return;
    let live = true;
    queryAppOptions()
      .then((answer) => {
        if (live) setOptions(answer);
      })
      .catch((failure: unknown) => {
        const apiError = toApiError(failure);
        if (live && !apiError.handled)
          setError(fillText(t['appList.form.optionsFailed'], { message: apiError.message }));
      });
    return () => {
      live = false;
    };
  }, [visible, t, setError]);

  function save() {
    void submit(async (values) => {
      const body = {
        appCode: app ? app.appCode : trimmed(values.appCode),
        appName: trimmed(values.appName),
        visitUrl: trimmed(values.visitUrl),
        icon: values.icon || null,
        menus: values.menus ?? [],
        sort: values.sort ?? 0,
      };
      if (app) await updateApp(body);
      else await addApp(body);
    });
  }

  // A code kept by the app whose menu is gone still shows (and the server names it on save).
  const known = new Set(options.menus.map((menu) => menu.code));
  const kept = (app?.menus ?? []).filter((menu) => !known.has(menu.code));
  const menuOptions = [
    ...options.menus.map((menu) => ({ label: menu.fullName, value: menu.code })),
    ...kept.map((menu) => ({ label: fillText(t['appList.menus.gone'], { code: menu.code }), value: menu.code })),
  ];

  return (
    <FormDrawer
      testId="app-form"
      title={editing ? t['appList.form.editTitle'] : t['appList.form.addTitle']}
      visible={visible}
      width={560}
      saving={saving}
      error={error}
      saveText={t['appList.form.save']}
      cancelText={t['appList.form.cancel']}
      onClose={onClose}
      onSave={save}
    >
      <Form<AppFormValues> form={form} layout="vertical">
        <Form.Item
          field="appCode"
          label={t['appList.fields.appCode']}
          required
          rules={editing ? [] : rules.appCode}
          validateTrigger={['onBlur']}
        >
          <Input maxLength={32} disabled={editing} placeholder={`请输入${t['appList.fields.appCode']}`} />
        </Form.Item>
        <Form.Item
          field="appName"
          label={t['appList.fields.appName']}
          required
          rules={rules.appName}
          validateTrigger={['onBlur']}
        >
          <Input maxLength={64} placeholder={`请输入${t['appList.fields.appName']}`} />
        </Form.Item>
        <Form.Item
          field="visitUrl"
          label={t['appList.fields.visitUrl']}
          required
          rules={rules.visitUrl}
          validateTrigger={['onBlur']}
        >
          <Input maxLength={256} placeholder="/project/display 或 https://…" />
        </Form.Item>
        <Form.Item field="icon" label={t['appList.fields.icon']}>
          <Select
            allowClear
            showSearch
            placeholder={t['appList.form.iconPlaceholder']}
            options={options.icons.map((icon) => ({ label: icon, value: icon }))}
            data-testid="app-form-icon"
          />
        </Form.Item>
        <Form.Item
          field="menus"
          label={t['appList.fields.menus']}
          extra={<span className={styles.hint}>{t['appList.form.menusHint']}</span>}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch
            placeholder={t['appList.form.menusPlaceholder']}
            options={menuOptions}
            data-testid="app-form-menus"
          />
        </Form.Item>
        <Form.Item field="sort" label={t['appList.fields.sort']}>
          <InputNumber min={0} max={99999} precision={0} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
