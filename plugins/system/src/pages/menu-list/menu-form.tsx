import { useEffect, useMemo, useState } from 'react';
import { Form, Input, InputNumber, Message, Radio, Select, Switch, TreeSelect } from '@arco-design/web-react';
import { fillText, FormDrawer, refusedField, toApiError } from '@cotton/sdk';
import { MENU_PATH_PATTERN, MENU_URL_PATTERN, PERMISSION_CODE_PATTERN, trimmed } from '@cotton/sdk/validators';
import type { MenuAdminNode, MenuOpenMode, MenuTree } from '@cotton/sdk/contracts';
import { userAdminCodes } from '@cotton/sdk/calls';
import { saveMenu } from '../../api';
import type { MenuListLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

/** The form's values. */
export interface MenuFormValues {
  type: 'menu' | 'button';
  parentId?: string;
  name?: string;
  path?: string;
  componentPath?: string;
  icon?: string;
  code?: string;
  sort: number;
  hidden: boolean;
  openMode: MenuOpenMode;
  url?: string;
  keepAlive: boolean;
}

/** A menu icon as the side menu draws it (24×24 path data), beside its name in the picker. */
function IconOption({ icon }: { icon: MenuTree['icons'][number] }) {
  return (
    <span className={styles.iconOption} data-testid={`menu-icon-${icon.name}`}>
      <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor" aria-hidden="true">
        <path d={icon.svgPath} />
      </svg>
      {icon.name}
    </span>
  );
}

/** The origin of an http(s) address, or null (for the iframe check the server makes too). */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** What the drawer edits: a new node (under `parentId`, or at the top) or an existing one. */
export type MenuFormTarget = { mode: 'add'; parentId: string | null } | { mode: 'edit'; node: MenuAdminNode };

export interface MenuFormDrawerProps {
  t: MenuListLocale;
  target: MenuFormTarget | null;
  tree: MenuTree;
  onClose: () => void;
  onSaved: () => void;
}

/** The menus as parent choices, without `exclude` and what is under it (no loops). */
interface ParentChoice {
  key: string;
  title: string;
  children: ParentChoice[];
}

function parentChoices(nodes: MenuAdminNode[], exclude: string | null): ParentChoice[] {
  return nodes
    .filter((node) => node.type === 'menu' && node.id !== exclude)
    .map((node) => ({ key: node.id, title: node.name, children: parentChoices(node.children, exclude) }));
}

const optional = (value: string | undefined) => trimmed(value) || null;

/**
 * 新增 / 编辑 a menu or a button: a menu has a path, an open mode — a page with an optional
 * component (from the components the enabled plugins declare; none makes a group), an external
 * link (a new browser tab) or an embedded page (only from the allowed origins) with its
 * address — an icon (the picker draws them), 缓存 and a hidden flag; a button has a
 * permission code and sits under a menu. The server checks all of it again.
 */
export function MenuFormDrawer({ t, target, tree, onClose, onSaved }: MenuFormDrawerProps) {
  const [form] = Form.useForm<MenuFormValues>();
  const [type, setType] = useState<MenuFormValues['type']>('menu');
  const [openMode, setOpenMode] = useState<MenuOpenMode>('page');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = target?.mode === 'edit' ? target.node : null;
  const parents = useMemo(() => parentChoices(tree.tree, editing?.id ?? null), [tree.tree, editing]);

  useEffect(() => {
    if (!target) return;
    setError(null);
    form.resetFields();
    const values: MenuFormValues =
      target.mode === 'edit'
        ? {
            type: target.node.type,
            parentId: target.node.parentId ?? undefined,
            name: target.node.name,
            path: target.node.path ?? '',
            componentPath: target.node.componentPath ?? undefined,
            icon: target.node.icon ?? undefined,
            code: target.node.code ?? '',
            sort: target.node.sort,
            hidden: target.node.hidden,
            openMode: target.node.openMode,
            url: target.node.url ?? '',
            keepAlive: target.node.keepAlive,
          }
        : {
            type: 'menu',
            parentId: target.parentId ?? undefined,
            sort: 1,
            hidden: false,
            openMode: 'page',
            keepAlive: true,
          };
    form.setFieldsValue(values);
    setType(values.type);
    setOpenMode(values.openMode);
  }, [target, form]);

  async function save() {
    let values: MenuFormValues;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    const button = values.type === 'button';
    const mode = button ? 'page' : values.openMode;
    try {
      await saveMenu({
        ...(editing ? { id: editing.id } : {}),
        parentId: values.parentId ?? null,
        type: values.type,
        name: trimmed(values.name),
        code: optional(values.code),
        path: button ? null : optional(values.path),
        componentPath: mode === 'page' && !button ? (values.componentPath ?? null) : null,
        icon: button ? null : (values.icon ?? null),
        sort: values.sort,
        hidden: button ? false : values.hidden,
        openMode: mode,
        url: mode === 'page' ? null : optional(values.url),
        keepAlive: button || mode === 'link' ? true : values.keepAlive,
      });
      Message.success(t['menuList.saved']);
      onSaved();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.handled) return;
      const field = refusedField<keyof MenuFormValues>(apiError.message, [
        { field: 'path', names: [t['menuList.fields.path']] },
        { field: 'componentPath', names: [t['menuList.fields.component']] },
        { field: 'code', names: [t['menuList.fields.code']] },
        { field: 'icon', names: [t['menuList.fields.icon']] },
        { field: 'url', names: [t['menuList.fields.url'], 'IFRAME_ALLOWED_ORIGINS'] },
        { field: 'parentId', names: ['上级'] },
      ]);
      if (field) form.setFields({ [field]: { error: { message: apiError.message } } });
      else setError(apiError.message);
    } finally {
      setSaving(false);
    }
  }

  const button = type === 'button';
  return (
    <FormDrawer
      testId="menu-form"
      width={520}
      title={editing ? fillText(t['menuList.form.editTitle'], { name: editing.name }) : t['menuList.form.addTitle']}
      visible={target !== null}
      saving={saving}
      error={error}
      saveText={t['menuList.form.save']}
      cancelText={t['menuList.form.cancel']}
      onClose={onClose}
      onSave={() => void save()}
    >
      <Form<MenuFormValues>
        form={form}
        layout="vertical"
        onValuesChange={(changed) => {
          if (changed.type) setType(changed.type);
          if (changed.openMode) setOpenMode(changed.openMode);
        }}
      >
        <Form.Item field="type" label={t['menuList.fields.type']} required>
          <Radio.Group type="button" disabled={editing !== null && editing.children.length > 0}>
            <Radio value="menu">{t['menuList.type.menu']}</Radio>
            <Radio value="button">{t['menuList.type.button']}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          field="parentId"
          label={t['menuList.fields.parent']}
          required={button}
          rules={button ? [{ required: true, message: t['menuList.rules.parentRequired'] }] : []}
        >
          <TreeSelect
            treeData={parents}
            allowClear
            placeholder={t['menuList.form.root']}
            data-testid="menu-form-parent"
          />
        </Form.Item>
        <Form.Item
          field="name"
          label={t['menuList.fields.name']}
          required
          rules={[
            {
              validator: (value: unknown, callback: (message?: string) => void) =>
                callback(
                  typeof value === 'string' && value.trim() !== '' ? undefined : t['menuList.rules.nameRequired'],
                ),
            },
          ]}
          validateTrigger={['onBlur']}
        >
          <Input maxLength={32} placeholder={`请输入${t['menuList.fields.name']}`} />
        </Form.Item>
        {!button && (
          <>
            <Form.Item
              field="path"
              label={t['menuList.fields.path']}
              required
              rules={[
                { required: true, message: t['menuList.rules.pathRequired'] },
                { match: MENU_PATH_PATTERN, message: t['menuList.rules.path'] },
              ]}
              validateTrigger={['onBlur']}
            >
              <Input maxLength={128} placeholder="/system/user" />
            </Form.Item>
            <Form.Item field="openMode" label={t['menuList.fields.openMode']} required>
              <Radio.Group type="button" data-testid="menu-form-open-mode">
                <Radio value="page">{t['menuList.openMode.page']}</Radio>
                <Radio value="link">{t['menuList.openMode.link']}</Radio>
                <Radio value="iframe">{t['menuList.openMode.iframe']}</Radio>
              </Radio.Group>
            </Form.Item>
            {openMode === 'page' ? (
              <Form.Item field="componentPath" label={t['menuList.fields.component']}>
                <Select
                  allowClear
                  showSearch
                  placeholder={t['menuList.form.group']}
                  options={tree.components.map((component) => ({ label: component, value: component }))}
                  data-testid="menu-form-component"
                />
              </Form.Item>
            ) : (
              <Form.Item
                field="url"
                label={t['menuList.fields.url']}
                required
                extra={
                  openMode === 'iframe'
                    ? tree.iframeOrigins.length > 0
                      ? fillText(t['menuList.form.iframeOrigins'], { origins: tree.iframeOrigins.join('、') })
                      : t['menuList.rules.iframeNone']
                    : t['menuList.form.linkHint']
                }
                rules={[
                  { required: true, message: t['menuList.rules.urlRequired'] },
                  { match: MENU_URL_PATTERN, message: t['menuList.rules.url'] },
                  {
                    validator: (value: unknown, callback: (message?: string) => void) => {
                      if (openMode !== 'iframe' || typeof value !== 'string' || !MENU_URL_PATTERN.test(value)) {
                        callback();
                        return;
                      }
                      const origin = originOf(value);
                      callback(
                        origin !== null && tree.iframeOrigins.includes(origin)
                          ? undefined
                          : tree.iframeOrigins.length === 0
                            ? t['menuList.rules.iframeNone']
                            : fillText(t['menuList.rules.iframeOrigin'], {
                                origin: origin ?? value,
                                origins: tree.iframeOrigins.join('、'),
                              }),
                      );
                    },
                  },
                ]}
                validateTrigger={['onBlur']}
              >
                <Input maxLength={512} placeholder="https://" data-testid="menu-form-url" />
              </Form.Item>
            )}
            <Form.Item field="icon" label={t['menuList.fields.icon']}>
              <Select
                allowClear
                showSearch
                placeholder={t['menuList.form.noIcon']}
                filterOption={(input, option) =>
                  String((option as { props?: { value?: unknown } }).props?.value ?? '').includes(input.trim())
                }
                options={tree.icons.map((icon) => ({ label: <IconOption icon={icon} />, value: icon.name }))}
                data-testid="menu-form-icon"
              />
            </Form.Item>
            {openMode === 'link' ? null : (
              <Form.Item
                field="keepAlive"
                label={t['menuList.fields.keepAlive']}
                triggerPropName="checked"
                extra={t['menuList.form.keepAliveHint']}
              >
                <Switch data-testid="menu-form-keep-alive" />
              </Form.Item>
            )}
          </>
        )}
        <Form.Item
          field="code"
          label={t['menuList.fields.code']}
          required={button}
          extra={button ? undefined : t['menuList.form.codeHint']}
          rules={[
            ...(button ? [{ required: true, message: t['menuList.rules.codeRequired'] }] : []),
            { match: PERMISSION_CODE_PATTERN, message: t['menuList.rules.code'] },
          ]}
          validateTrigger={['onBlur']}
        >
          <Input maxLength={64} placeholder={userAdminCodes.add} />
        </Form.Item>
        <Form.Item field="sort" label={t['menuList.fields.sort']} required>
          <InputNumber min={0} max={99999} precision={0} />
        </Form.Item>
        {!button && (
          <Form.Item field="hidden" label={t['menuList.fields.hidden']} triggerPropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </FormDrawer>
  );
}
