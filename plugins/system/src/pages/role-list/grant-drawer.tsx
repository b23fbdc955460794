import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Drawer, Message, Space, Spin, Tag, Tree } from '@arco-design/web-react';
import type { TreeProps } from '@arco-design/web-react';
import { fillText, toApiError, useTabDrawer } from '@cotton/sdk';
import type { AdminRoleRow, GrantApp, GrantNode } from '@cotton/sdk/contracts';
import { queryRolePermissions, saveRolePermissions } from '../../api';
import { allGrantable, expandableKeys, grantViewState, groupByApp, toggleViewGrant } from './grant-tree';
import type { GrantViewNode } from './grant-tree';
import type { RoleListLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

type TreeDataType = NonNullable<TreeProps['treeData']>[number];

export interface GrantDrawerProps {
  t: RoleListLocale;
  /** The role whose grants are edited; `null`: closed. */
  role: AdminRoleRow | null;
  onClose: () => void;
}

const TAG_COLOR: Record<GrantViewNode['kind'], string> = { app: 'green', menu: 'arcoblue', button: 'orangered' };

/**
 * 角色授权: the tree of menus and their buttons (getRolePermissions) grouped by app — apps →
 * menus → buttons, menus of no app under 未归属应用 (grant-tree.ts `groupByApp`) — checked as
 * the role holds them, half-checked where part of what is under a node is granted; a menu in
 * several apps is checked in all at once (the grant is by permission id). 保存 sends the coded
 * ids (saveRolePermissions), and the server's refusal stays on screen.
 */
export function GrantDrawer({ t, role, onClose }: GrantDrawerProps) {
  const [tree, setTree] = useState<GrantNode[]>([]);
  const [apps, setApps] = useState<GrantApp[]>([]);
  const [granted, setGranted] = useState<Set<string>>(new Set());
  /** The role holds every code (系统管理员): shown whole, read-only. */
  const [holdsAll, setHoldsAll] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!role) return;
    let live = true;
    setLoading(true);
    setError(null);
    setTree([]);
    setApps([]);
    setHoldsAll(false);
    queryRolePermissions(role.id)
      .then((answer) => {
        if (!live) return;
        setTree(answer.tree);
        setApps(answer.apps);
        setGranted(new Set(answer.grantedIds));
        setHoldsAll(answer.holdsAll);
        setExpanded(expandableKeys(groupByApp(answer.tree, answer.apps, t['roleList.grant.unassigned'])));
      })
      .catch((failure: unknown) => {
        const apiError = toApiError(failure);
        if (live && !apiError.handled)
          setError(fillText(t['roleList.grant.loadFailed'], { message: apiError.message }));
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [role, t]);

  const view = useMemo(() => groupByApp(tree, apps, t['roleList.grant.unassigned']), [tree, apps, t]);
  const state = useMemo(() => grantViewState(view, granted), [view, granted]);
  const treeData = useMemo(() => {
    const disabled = new Set(state.disabledKeys);
    const convert = (nodes: GrantViewNode[]): TreeDataType[] =>
      nodes.map((node) => ({
        key: node.key,
        title: (
          <span data-testid={`grant-node-${node.code ?? node.key}`}>
            {node.name}
            <Tag size="small" className={styles.nodeType} color={TAG_COLOR[node.kind]}>
              {t[`roleList.grant.${node.kind}`]}
            </Tag>
          </span>
        ),
        disableCheckbox: holdsAll || disabled.has(node.key),
        children: convert(node.children),
      }));
    return convert(view);
  }, [view, state.disabledKeys, t, holdsAll]);

  async function save() {
    if (!role) return;
    setSaving(true);
    setError(null);
    try {
      await saveRolePermissions({ id: role.id, permissionIds: [...granted].sort((a, b) => Number(a) - Number(b)) });
      Message.success(t['roleList.grant.saved']);
      onClose();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) setError(apiError.message);
    } finally {
      setSaving(false);
    }
  }

  // A drawer of the page belongs to its tab (kept open, as left, when switching tabs and back).
  const tabDrawer = useTabDrawer();
  return (
    <Drawer
      {...tabDrawer}
      width={520}
      title={role ? fillText(t['roleList.grant.title'], { name: role.name }) : ''}
      visible={role !== null}
      onCancel={onClose}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={onClose}>{t['roleList.grant.cancel']}</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={loading || tree.length === 0 || holdsAll}
            onClick={() => void save()}
            data-testid="grant-save"
          >
            {t['roleList.grant.save']}
          </Button>
        </Space>
      }
    >
      <div data-testid="grant-drawer">
        {holdsAll ? (
          <Alert
            type="success"
            className={styles.grantHint}
            content={t['roleList.grant.holdsAll']}
            data-testid="grant-holds-all"
          />
        ) : (
          <Alert className={styles.grantHint} content={t['roleList.grant.hint']} />
        )}
        {error && <Alert type="error" content={error} className={styles.grantHint} data-testid="grant-error" />}
        <Space className={styles.grantToolbar}>
          <Button
            size="small"
            disabled={holdsAll}
            onClick={() => setGranted(new Set(allGrantable(tree)))}
            data-testid="grant-check-all"
          >
            {t['roleList.grant.checkAll']}
          </Button>
          <Button size="small" disabled={holdsAll} onClick={() => setGranted(new Set())} data-testid="grant-clear">
            {t['roleList.grant.clear']}
          </Button>
          <Button size="small" onClick={() => setExpanded(expandableKeys(view))}>
            {t['roleList.grant.expandAll']}
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            {t['roleList.grant.collapseAll']}
          </Button>
        </Space>
        <Spin loading={loading} block>
          <Tree
            checkable
            checkStrictly
            blockNode
            actionOnClick="check"
            treeData={treeData}
            checkedKeys={state.checkedKeys}
            halfCheckedKeys={state.halfCheckedKeys}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys)}
            onCheck={(_, extra) => {
              const key = extra.node.props._key;
              if (key !== undefined) setGranted((current) => toggleViewGrant(tree, view, current, key, extra.checked));
            }}
            // A click on the title checks too; nothing is "selected".
            selectedKeys={[]}
          />
        </Spin>
      </div>
    </Drawer>
  );
}
