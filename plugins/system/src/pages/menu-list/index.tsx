import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Message, Popconfirm, Space, Table, Typography } from '@arco-design/web-react';
import { IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import { Authorized, fillText, toApiError } from '@cotton/sdk';
import type { MenuAdminNode, MenuTree } from '@cotton/sdk/contracts';
import { menuAdminCodes } from '@cotton/sdk/calls';
import { deleteMenu, queryMenuTree } from '../../api';
import { getMenuColumns } from './columns';
import locale from './locale/zh-CN';
import { MenuFormDrawer } from './menu-form';
import type { MenuFormTarget } from './menu-form';
import styles from './style/index.module.css';

function menuIds(nodes: MenuAdminNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.id, ...menuIds(node.children)] : []));
}

/** Arco's tree table expands rows with `children`; a node without any is a plain row. */
function rowsOf(nodes: MenuAdminNode[]): MenuAdminNode[] {
  return nodes.map((node) =>
    node.children.length > 0
      ? { ...node, children: rowsOf(node.children) }
      : ({ ...node, children: undefined } as unknown as MenuAdminNode),
  );
}

const EMPTY: MenuTree = { tree: [], components: [], icons: [], iframeOrigins: [] };

/**
 * 系统管理 › 菜单管理 (`/system/menu`, `system:menu:list`): the tree of menus and buttons that
 * every user's menu is built from — add at the top or under a menu, edit, delete a node
 * without children (by permission code). A change reaches each user at their next init.
 */
export function MenuList() {
  const t = locale;
  const [tree, setTree] = useState<MenuTree>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [target, setTarget] = useState<MenuFormTarget | null>(null);

  const load = useCallback(
    async (expandAll = false) => {
      setLoading(true);
      setError(null);
      try {
        const answer = await queryMenuTree();
        setTree(answer);
        if (expandAll) setExpanded(menuIds(answer.tree));
      } catch (failure) {
        const apiError = toApiError(failure);
        if (!apiError.handled) setError(fillText(t['menuList.loadFailed'], { message: apiError.message }));
      } finally {
        setLoading(false);
      }
    },
    [t],
  );

  useEffect(() => {
    void load(true);
  }, [load]);

  async function remove(node: MenuAdminNode) {
    try {
      await deleteMenu(node.id);
      Message.success(t['menuList.deleted']);
      await load();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) Message.error(apiError.message);
    }
  }

  const actions = (node: MenuAdminNode) => (
    <Space size={4}>
      {node.type === 'menu' && (
        <Authorized code={menuAdminCodes.edit}>
          <Button
            type="text"
            size="small"
            data-testid={`menu-add-child-${node.id}`}
            onClick={() => setTarget({ mode: 'add', parentId: node.id })}
          >
            {t['menuList.addChild']}
          </Button>
        </Authorized>
      )}
      <Authorized code={menuAdminCodes.edit}>
        <Button
          type="text"
          size="small"
          data-testid={`menu-edit-${node.id}`}
          onClick={() => setTarget({ mode: 'edit', node })}
        >
          {t['menuList.edit']}
        </Button>
      </Authorized>
      <Authorized code={menuAdminCodes.delete}>
        <Popconfirm
          title={fillText(t['menuList.confirm.delete'], { name: node.name })}
          okButtonProps={{ status: 'danger' }}
          onOk={() => remove(node)}
        >
          <Button type="text" size="small" status="danger" data-testid={`menu-delete-${node.id}`}>
            {t['menuList.delete']}
          </Button>
        </Popconfirm>
      </Authorized>
    </Space>
  );

  const columns = getMenuColumns(t, actions);
  const data = useMemo(() => rowsOf(tree.tree), [tree.tree]);

  return (
    <div className={styles.container} data-testid="menu-list">
      <Typography.Title heading={5} className={styles.title}>
        {t['menuList.title']}
      </Typography.Title>
      <Space className={styles.toolbar}>
        <Authorized code={menuAdminCodes.edit}>
          <Button
            type="primary"
            icon={<IconPlus />}
            data-testid="menu-add-root"
            onClick={() => setTarget({ mode: 'add', parentId: null })}
          >
            {t['menuList.addRoot']}
          </Button>
        </Authorized>
        <Button icon={<IconRefresh />} onClick={() => void load()}>
          {t['menuList.refresh']}
        </Button>
        <Button onClick={() => setExpanded(menuIds(tree.tree))}>{t['menuList.expandAll']}</Button>
        <Button onClick={() => setExpanded([])}>{t['menuList.collapseAll']}</Button>
      </Space>
      {error && <Alert type="error" content={error} className={styles.toolbar} />}
      <Table<MenuAdminNode>
        rowKey="id"
        columns={columns}
        data={data}
        loading={loading}
        pagination={false}
        scroll={{ x: 1100 }}
        border={false}
        expandedRowKeys={expanded}
        onExpandedRowsChange={(keys) => setExpanded(keys.map(String))}
      />
      <MenuFormDrawer
        t={t}
        target={target}
        tree={tree}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          void load();
        }}
      />
    </div>
  );
}
