import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Message, Popconfirm, Space, Table, Typography } from '@arco-design/web-react';
import { IconDownload, IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import {
  Authorized,
  exportListFile,
  fillText,
  ImportStore,
  ListDetailDrawer,
  ListImportButtons,
  ListImportResultModal,
  toApiError,
} from '@cotton/sdk';
import type { AdminOrgRow } from '@cotton/sdk/contracts';
import { orgAdminCalls, orgAdminCodes } from '@cotton/sdk/calls';
import { deleteOrg, queryOrgTree } from '../../api';
import { buildOrgTree, parentIds, type OrgNode } from '../../components/org-tree';
import { getOrgColumns, getOrgDetailColumns } from './columns';
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
 * without children or users (the server says which), 导入 from a file (上级机构 by its code),
 * 导出 the tree as rows (the ticked ones when some are), 详情 read-only; each by permission code.
 */
export function OrgList() {
  const t = locale;
  const [orgs, setOrgs] = useState<AdminOrgRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [target, setTarget] = useState<OrgFormTarget | null>(null);
  const tree = useMemo(() => buildOrgTree(orgs), [orgs]);
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const [detail, setDetail] = useState<AdminOrgRow | null>(null);
  const detailSource = useMemo(() => ({ rowKey: 'id' as const, columns: getOrgDetailColumns(t, orgs) }), [t, orgs]);

  const load = useCallback(
    async (expandAll = false) => {
      setLoading(true);
      setError(null);
      try {
        const answer = await queryOrgTree();
        setOrgs(answer.orgs);
        // A ticked organisation another administrator deleted is no longer exported.
        setSelected((keys) => keys.filter((key) => answer.orgs.some((org) => org.id === key)));
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

  async function exportTree() {
    setExporting(true);
    const body = {
      pageNum: 1,
      pageSize: 10 as const,
      ...(selected.length > 0 ? { selections: selected.join(',') } : {}),
    };
    await exportListFile(orgAdminCalls.export, body, '机构列表.xlsx');
    setExporting(false);
  }

  const actions = (org: AdminOrgRow) => (
    <Space size={4}>
      <Button type="text" size="small" data-testid={`org-detail-${org.code}`} onClick={() => setDetail(org)}>
        {t['orgList.detail']}
      </Button>
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
        <Authorized code={orgAdminCodes.export}>
          <Button
            icon={<IconDownload />}
            loading={exporting}
            data-testid="org-export"
            onClick={() => void exportTree()}
          >
            {selected.length > 0 ? `${t['orgList.export']}（${selected.length}）` : t['orgList.export']}
          </Button>
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
        scroll={{ x: 1110 }}
        border={false}
        noDataElement={t['orgList.empty']}
        rowSelection={{
          type: 'checkbox',
          checkStrictly: true,
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        expandedRowKeys={expanded}
        onExpandedRowsChange={(keys) => setExpanded(keys.map(String))}
      />
      <ListImportResultModal importer={importer} />
      <ListDetailDrawer
        config={detailSource}
        detail={{}}
        row={detail}
        onClose={() => setDetail(null)}
        afterClose={() => undefined}
      />
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
