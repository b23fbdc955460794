import { useMemo, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp } from '@arco-design/web-react/icon';
import { AdminTreePage, fillText, request, toApiError } from '@cotton/sdk';
import type { AdminTreeHandle } from '@cotton/sdk';
import type { MenuTree } from '@cotton/sdk/contracts';
import { menuAdminCalls, menuAdminCodes } from '@cotton/sdk/calls';
import { getMenuColumns } from './columns';
import locale from './locale/zh-CN';
import { getMenuForm, menuRows } from './menu-form';
import type { MenuChoices, MenuFormValues, MenuRow } from './menu-form';

const t = locale;
const NONE: MenuChoices = { components: [], icons: [], iframeOrigins: [] };

/** 上移 / 下移: one place among the node's siblings, then the tree again. */
async function move(page: AdminTreeHandle<MenuRow>, row: MenuRow, direction: 'up' | 'down') {
  try {
    await request.call(menuAdminCalls.move, { id: row.id, direction });
    await page.reload();
  } catch (failure) {
    const error = toApiError(failure);
    if (!error.handled) Message.error(error.message);
  }
}

/**
 * 系统管理 › 菜单管理 (`/system/menu`, `system:menu:list`): the tree of menus and buttons that
 * every user's menu is built from — add at the top or under a menu, edit (another 上级菜单 moves
 * it), delete a node without children, 详情, 导出 of the tree or the ticked nodes
 * (菜单列表.xlsx); each by permission code. A change reaches each user at their next init. The
 * tree page draws it; the page's own are the form's kinds (menu or button; page, external link
 * or embedded page), the icon picker, 缓存 and 上移 / 下移.
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
      tree={(page) => ({
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
        permissions: {
          add: menuAdminCodes.edit,
          edit: menuAdminCodes.edit,
          delete: menuAdminCodes.delete,
          export: menuAdminCodes.export,
        },
        export: { call: menuAdminCalls.export, fileName: '菜单列表.xlsx' },
        canAddUnder: (row) => row.type === 'menu',
        actions: [
          {
            key: 'up',
            label: t['menuList.up'],
            icon: <IconArrowUp />,
            permission: menuAdminCodes.edit,
            visible: (row) => !row.first,
            onClick: (row) => move(page, row, 'up'),
          },
          {
            key: 'down',
            label: t['menuList.down'],
            icon: <IconArrowDown />,
            permission: menuAdminCodes.edit,
            visible: (row) => !row.last,
            onClick: (row) => move(page, row, 'down'),
          },
        ],
        delete: {
          call: menuAdminCalls.delete,
          confirm: (row) => fillText(t['menuList.confirm.delete'], { name: row.name }),
        },
        actionsWidth: 300,
      })}
    />
  );
}
