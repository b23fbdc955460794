import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Message, Popconfirm, Space, Table, Typography } from '@arco-design/web-react';
import { IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import { Authorized, fillText, ImportStore, ListImportButtons, ListImportResultModal, toApiError } from '@cotton/sdk';
import type { AdminOrgRow } from '@cotton/sdk/contracts';
import { orgAdminCalls, orgAdminCodes } from '@cotton/sdk/calls';
import { deleteOrg, queryOrgTree } from '../../api';
import { buildOrgTree, parentIds, type OrgNode } from '../../components/org-tree';
import { getOrgColumns } from './columns';
import locale from './locale/zh-CN';
import { OrgFormDrawer, type OrgFormTarget } from './org-form';
import styles from './style/index.module.css';

/** Arco's tree table expands rows with `children`; a leaf is a plain row. */
function rowsOf(nodes: Array<OrgNode<AdminOrgRow>>): AdminOrgRow[] {
  return nodes.map(({ children, ...org }) => (children.length > 0 ? { ...org, children: rowsOf(children) } : org));
}

/**
 * 系统管理 › 机构管理 (`/system/org`, `system:org:list`): the enterprise's organisation tree —
 * add at the top or below an organisation, edit (a new parent moves the subtree), delete one
 * without children or users (the server says which), 导入 from a file (上级机构 by its code);
 * each by permission code.
 */
export function OrgList() {
  const t = locale;
  const [orgs, setOrgs] = useState<AdminOrgRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [target, setTarget] = useState<OrgFormTarget | null>(null);
  const tree = useMemo(() => buildOrgTree(orgs), [orgs]);

  const load = useCallback(
    async (expandAll = false) => {
      setLoading(true);
      setError(null);
      try {
        const answer = await queryOrgTree();
        setOrgs(answer.orgs);
        if (expandAll) setExpanded(parentIds(buildOrgTree(answer.orgs)));
      } catch (failure) {
        const apiError = toApiError(failure);
        if (!apiError.handled) setError(fillText(t['orgList.loadFailed'], { message: apiError.message }));
      } finally {
        setLoading(false);
      }
    },
    [t],
  );

  useEffect(() => {
    void load(true);
  }, [load]);

  // 导入: the tree has no list store, so its own; the tree reloads, opened, once rows are stored.
  const [importer] = useState(
    () =>
      new ImportStore({
        calls: { call: orgAdminCalls.import, template: orgAdminCalls.importTemplate },
        onStored: () => load(true),
      }),
  );

  async function remove(org: AdminOrgRow) {
    try {
      await deleteOrg(org.id);
      Message.success(t['orgList.deleted']);
      await load();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) Message.error(apiError.message);
    }
  }

  const actions = (org: AdminOrgRow) => (
    <Space size={4}>
      <Authorized code={orgAdminCodes.add}>
        <Button
          type="text"
          size="small"
          data-testid={`org-add-child-${org.code}`}
          onClick={() => setTarget({ mode: 'add', parentId: org.id })}
        >
          {t['orgList.addChild']}
        </Button>
      </Authorized>
      <Authorized code={orgAdminCodes.edit}>
        <Button
          type="text"
          size="small"
          data-testid={`org-edit-${org.code}`}
          onClick={() => setTarget({ mode: 'edit', org })}
        >
          {t['orgList.edit']}
        </Button>
      </Authorized>
      <Authorized code={orgAdminCodes.delete}>
        <Popconfirm
          title={fillText(t['orgList.confirm.delete'], { name: org.name })}
          okButtonProps={{ status: 'danger' }}
          onOk={() => remove(org)}
        >
          <Button type="text" size="small" status="danger" data-testid={`org-delete-${org.code}`}>
            {t['orgList.delete']}
          </Button>
        </Popconfirm>
      </Authorized>
    </Space>
  );

  return (
    <div className={styles.container} data-testid="org-list">
      <Typography.Title heading={5} className={styles.title}>
        {t['orgList.title']}
      </Typography.Title>
      <Space className={styles.toolbar}>
        <Authorized code={orgAdminCodes.add}>
          <Button
            type="primary"
            icon={<IconPlus />}
            data-testid="org-add-root"
            onClick={() => setTarget({ mode: 'add', parentId: null })}
          >
            {t['orgList.addRoot']}
          </Button>
        </Authorized>
        <Authorized code={orgAdminCodes.import}>
          <ListImportButtons importer={importer} />
        </Authorized>
        <Button icon={<IconRefresh />} onClick={() => void load()}>
          {t['orgList.refresh']}
        </Button>
        <Button onClick={() => setExpanded(parentIds(tree))}>{t['orgList.expandAll']}</Button>
        <Button onClick={() => setExpanded([])}>{t['orgList.collapseAll']}</Button>
      </Space>
      {error && <Alert type="error" content={error} className={styles.toolbar} />}
      <Table<AdminOrgRow>
        rowKey="id"
        columns={getOrgColumns(t, actions)}
        data={rowsOf(tree)}
        loading={loading}
        pagination={false}
        scroll={{ x: 1030 }}
        border={false}
        noDataElement={t['orgList.empty']}
        expandedRowKeys={expanded}
        onExpandedRowsChange={(keys) => setExpanded(keys.map(String))}
      />
      <ListImportResultModal importer={importer} />
      <OrgFormDrawer
        t={t}
        target={target}
        orgs={orgs}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          void load();
        }}
      />
    </div>
  );
}
