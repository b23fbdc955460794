import { Select } from '@arco-design/web-react';
import { fillText } from '@cotton/sdk';
import type { AdminFormConfig } from '@cotton/sdk';
import { MENU_PATH_PATTERN, MENU_URL_PATTERN, PERMISSION_CODE_PATTERN } from '@cotton/sdk/validators';
import type { MenuAdminNode, MenuOpenMode, MenuTree, SaveMenuBody } from '@cotton/sdk/contracts';
import { menuAdminCalls, userAdminCodes } from '@cotton/sdk/calls';
import type { MenuListLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

/** A row of the tree page: a node without its children (the page nests the rows again). */
export type MenuRow = Omit<MenuAdminNode, 'children'> & {
  /** Nodes directly below (a node with children keeps its 类型). */
  childCount: number;
  /** First or last among its siblings (no 上移 / 下移 there). */
  first: boolean;
  last: boolean;
};

/** The tree answer's rows, flat, parents before their children, in display order. */
export function menuRows(nodes: readonly MenuAdminNode[]): MenuRow[] {
  return nodes.flatMap(({ children, ...node }, index) => [
    { ...node, childCount: children.length, first: index === 0, last: index === nodes.length - 1 },
    ...menuRows(children),
  ]);
}

/** What the form needs from the tree answer besides the rows. */
export type MenuChoices = Omit<MenuTree, 'tree'>;

/** The form's values: the save body's fields as the form holds them. */
export interface MenuFormValues {
  type: 'menu' | 'button';
  parentId?: string | null;
  name?: string | null;
  path?: string | null;
  openMode?: MenuOpenMode;
  componentPath?: string | null;
  url?: string | null;
  icon?: string | null;
  keepAlive?: boolean;
  code?: string | null;
  sort?: number;
  hidden?: boolean;
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

const isMenu = (values: Partial<MenuFormValues>) => values.type !== 'button';
const modeOf = (values: Partial<MenuFormValues>): MenuOpenMode => values.openMode ?? 'page';

/**
 * The save body from the form's cleaned values: a button has no path, component, icon or
 * address and is never hidden; a page has no address; a link is always kept (nothing to keep).
 */
export function menuBody(values: MenuFormValues, row?: MenuRow): SaveMenuBody {
  const button = values.type === 'button';
  const mode = button ? 'page' : modeOf(values);
  return {
    ...(row ? { id: row.id } : {}),
    parentId: values.parentId ?? null,
    type: values.type,
    name: values.name ?? '',
    code: values.code ?? null,
    path: button ? null : (values.path ?? null),
    componentPath: mode === 'page' && !button ? (values.componentPath ?? null) : null,
    icon: button ? null : (values.icon ?? null),
    sort: values.sort ?? 0,
    hidden: button ? false : values.hidden === true,
    openMode: mode,
    url: mode === 'page' ? null : (values.url ?? null),
    keepAlive: button || mode === 'link' ? true : values.keepAlive !== false,
  };
}

/**
 * 新增菜单 / 编辑菜单 (the parent first, added by the tree page): a menu has a path, an open mode
 * — a page with an optional component (from the components the enabled plugins declare; none
 * makes a group), an external link (a new browser tab) or an embedded page (only from the
 * allowed origins) with its address — an icon (the picker draws them), 缓存 and a hidden flag;
 * a button has a permission code and sits under a menu. The server checks all of it again.
 */
export function getMenuForm(t: MenuListLocale, choices: MenuChoices): AdminFormConfig<MenuRow, MenuFormValues> {
  const origins = choices.iframeOrigins;
  return {
    noun: t['menuList.noun'],
    width: 520,
    savedText: t['menuList.saved'],
    fields: [
      {
        name: 'type',
        label: t['menuList.fields.type'],
        type: 'radio',
        options: [
          { label: t['menuList.type.menu'], value: 'menu' },
          { label: t['menuList.type.button'], value: 'button' },
        ],
        initialValue: 'menu',
        // A node with children stays what it is.
        disabled: (row) => row.childCount > 0,
      },
      {
        name: 'name',
        label: t['menuList.fields.name'],
        type: 'text',
        required: t['menuList.rules.nameRequired'],
        maxLength: 32,
      },
      {
        name: 'path',
        label: t['menuList.fields.path'],
        type: 'text',
        required: t['menuList.rules.pathRequired'],
        pattern: { match: MENU_PATH_PATTERN, message: t['menuList.rules.path'] },
        maxLength: 128,
        placeholder: '/system/user',
        when: isMenu,
      },
      {
        name: 'openMode',
        label: t['menuList.fields.openMode'],
        type: 'radio',
        options: [
          { label: t['menuList.openMode.page'], value: 'page' },
          { label: t['menuList.openMode.link'], value: 'link' },
          { label: t['menuList.openMode.iframe'], value: 'iframe' },
        ],
        initialValue: 'page',
        testId: 'menu-form-open-mode',
        when: isMenu,
      },
      {
        name: 'componentPath',
        label: t['menuList.fields.component'],
        type: 'select',
        options: choices.components.map((component) => ({ label: component, value: component })),
        placeholder: t['menuList.form.group'],
        testId: 'menu-form-component',
        when: (values) => isMenu(values) && modeOf(values) === 'page',
      },
      {
        name: 'url',
        label: t['menuList.fields.url'],
        type: 'text',
        required: t['menuList.rules.urlRequired'],
        pattern: { match: MENU_URL_PATTERN, message: t['menuList.rules.url'] },
        maxLength: 512,
        placeholder: 'https://',
        testId: 'menu-form-url',
        refusal: ['IFRAME_ALLOWED_ORIGINS'],
        when: (values) => isMenu(values) && modeOf(values) !== 'page',
        hint: (values) =>
          modeOf(values) !== 'iframe'
            ? t['menuList.form.linkHint']
            : origins.length > 0
              ? fillText(t['menuList.form.iframeOrigins'], { origins: origins.join('、') })
              : t['menuList.rules.iframeNone'],
        // An embedded page only from the allowed origins (the pattern speaks first).
        check: (value, values) => {
          if (modeOf(values) !== 'iframe' || typeof value !== 'string' || !MENU_URL_PATTERN.test(value)) return null;
          const origin = originOf(value);
          if (origin !== null && origins.includes(origin)) return null;
          return origins.length === 0
            ? t['menuList.rules.iframeNone']
            : fillText(t['menuList.rules.iframeOrigin'], { origin: origin ?? value, origins: origins.join('、') });
        },
      },
      {
        name: 'icon',
        label: t['menuList.fields.icon'],
        type: 'select',
        when: isMenu,
        // The picker draws each icon beside its name.
        render: ({ disabled }) => (
          <Select
            allowClear
            showSearch
            disabled={disabled}
            placeholder={t['menuList.form.noIcon']}
            filterOption={(input, option) =>
              String((option as { props?: { value?: unknown } }).props?.value ?? '').includes(input.trim())
            }
            options={choices.icons.map((icon) => ({ label: <IconOption icon={icon} />, value: icon.name }))}
            data-testid="menu-form-icon"
          />
        ),
      },
      {
        name: 'keepAlive',
        label: t['menuList.fields.keepAlive'],
        type: 'switch',
        initialValue: true,
        hint: t['menuList.form.keepAliveHint'],
        testId: 'menu-form-keep-alive',
        when: (values) => isMenu(values) && modeOf(values) !== 'link',
      },
      {
        name: 'code',
        label: t['menuList.fields.code'],
        unique: { tableName: 'sys_permissions', fieldName: 'code' },
        type: 'text',
        maxLength: 64,
        pattern: { match: PERMISSION_CODE_PATTERN, message: t['menuList.rules.code'] },
        placeholder: userAdminCodes.add,
        hint: (values) => (isMenu(values) ? t['menuList.form.codeHint'] : undefined),
        check: (value, values) =>
          !isMenu(values) && (typeof value !== 'string' || value.trim() === '')
            ? t['menuList.rules.codeRequired']
            : null,
      },
      { name: 'sort', label: t['menuList.fields.sort'], type: 'number', max: 99999, initialValue: 1 },
      { name: 'hidden', label: t['menuList.fields.hidden'], type: 'switch', initialValue: false, when: isMenu },
    ],
    add: { call: menuAdminCalls.save, body: (values) => menuBody(values) },
    update: { call: menuAdminCalls.save, body: (values, row) => menuBody(values, row) },
  };
}
