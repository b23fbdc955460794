import { useMemo, useState } from 'react';
import { AdminTreePage, fillText } from '@cotton/sdk';
import type { MenuTree } from '@cotton/sdk/contracts';
import { menuAdminCalls, menuAdminCodes } from '@cotton/sdk/calls';
import { getMenuColumns } from './columns';
import locale from './locale/zh-CN';
import { getMenuForm, menuRows } from './menu-form';
import type { MenuChoices, MenuFormValues, MenuRow } from './menu-form';

const t = locale;
const NONE: MenuChoices = { components: [], icons: [], iframeOrigins: [] };

/**
 * 系统管理 › 菜单管理 (`/system/menu`, `system:menu:list`): the tree of menus and buttons that
 * every user's menu is built from — add at the top or under a menu, edit (another 上级菜单 moves
 * it), delete a node without children, 详情; each by permission code. A change reaches each
 * user at their next init. The tree page draws it; the page's own are the form's kinds (menu
 * or button; page, external link or embedded page), the icon picker and 缓存.
 */
export function MenuList() {
  // The components, icons and embeddable origins come with the tree.
  const [choices, setChoices] = useState<MenuChoices>(NONE);
  const form = useMemo(() => getMenuForm(t, choices), [choices]);
  return (
    <AdminTreePage<MenuRow, MenuFormValues>
      title={t['menuList.title']}
      testId="menu"
      addRootText={t['menuList.addRoot']}
      form={form}
      parent={{
        name: 'parentId',
        label: t['menuList.fields.parent'],
        rootLabel: t['menuList.form.root'],
        refusal: ['上级'],
        // Only a menu holds others.
        choosable: (row) => row.type === 'menu',
        check: (value, values) => (values.type === 'button' && !value ? t['menuList.rules.parentRequired'] : null),
      }}
      tree={{
        rowKey: 'id',
        parentKey: 'parentId',
        load: {
          call: menuAdminCalls.tree,
          rows: (answer: MenuTree) => {
            setChoices({ components: answer.components, icons: answer.icons, iframeOrigins: answer.iframeOrigins });
            return menuRows(answer.tree);
          },
        },
        columns: getMenuColumns(t),
        permissions: { add: menuAdminCodes.edit, edit: menuAdminCodes.edit, delete: menuAdminCodes.delete },
        canAddUnder: (row) => row.type === 'menu',
        delete: {
          call: menuAdminCalls.delete,
          confirm: (row) => fillText(t['menuList.confirm.delete'], { name: row.name }),
        },
        actionsWidth: 260,
      }}
    />
  );
}
