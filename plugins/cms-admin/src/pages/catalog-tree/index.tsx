import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space, Table, Tag, Typography, Message } from '@arco-design/web-react';
import { IconDownload, IconPlus } from '@arco-design/web-react/icon';
import { Authorized, dash, EllipsisText, exportListFile, fillText, ListDetailDrawer, toApiError } from '@cotton/sdk';
import type { AdminCatalogRow } from '@cotton/sdk/contracts';
import { cmsAdminCalls, cmsAdminCodes } from '@cotton/sdk/calls';
import { deleteCatalog } from '../../api';
import { catalogTree, type CatalogTreeNode } from '../../components/catalog-options';
import { useCatalogs } from '../../components/use-catalogs';
import locale from '../../locale/zh-CN';
import { CatalogForm, type CatalogFormTarget } from './catalog-form';
import { getCatalogDetailColumns } from './detail';
import styles from './style/index.module.css';

/**
 * 内容管理 › 栏目管理 (`/cms/catalog`): the site's catalogue tree (hidden ones too) with each
 * one's contents; 新增 / 新增下级 / 编辑 (moving it) / 删除 (refused while it has children
 * or contents), 导出 the tree as rows (the ticked ones when some are), 详情 read-only; each by
 * its code.
 */
export function CatalogTree() {
  const t = locale;
  const { catalogs, loading, reload } = useCatalogs();
  const [target, setTarget] = useState<CatalogFormTarget | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const [detail, setDetail] = useState<AdminCatalogRow | null>(null);
  const detailSource = useMemo(
    () => ({ rowKey: 'id' as const, columns: getCatalogDetailColumns(t, catalogs) }),
    [t, catalogs],
  );
  // Only the ticked catalogues still in the tree (another editor may have deleted one).
  const ticked = selected.filter((id) => catalogs.some((catalog) => catalog.id === id));

  async function exportTree() {
    setExporting(true);
    const body = { pageNum: 1, pageSize: 10 as const, ...(ticked.length > 0 ? { selections: ticked.join(',') } : {}) };
    await exportListFile(cmsAdminCalls.catalogExport, body, '栏目列表.xlsx');
    setExporting(false);
  }

  async function remove(node: CatalogTreeNode) {
    try {
      await deleteCatalog(node.id);
      Message.success(t['common.deleted']);
      reload();
    } catch (failure) {
      const error = toApiError(failure);
      if (!error.handled) Message.error(error.message);
    }
  }

  return (
    <div className={styles.container} data-testid="catalog-tree">
      <Typography.Title heading={5} className={styles.title}>
        {t['catalog.title']}
      </Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Authorized code={cmsAdminCodes.catalogAdd}>
          <Button
            type="primary"
            icon={<IconPlus />}
            data-testid="catalog-add"
            onClick={() => setTarget({ kind: 'add', parentId: null })}
          >
            {t['common.add']}
          </Button>
        </Authorized>
        <Authorized code={cmsAdminCodes.catalogExport}>
          <Button
            icon={<IconDownload />}
            loading={exporting}
            data-testid="catalog-export"
            onClick={() => void exportTree()}
          >
            {ticked.length > 0 ? `${t['common.export']}（${ticked.length}）` : t['common.export']}
          </Button>
        </Authorized>
      </Space>
      <Table<CatalogTreeNode>
        rowKey="id"
        loading={loading}
        pagination={false}
        data={catalogTree(catalogs)}
        defaultExpandAllRows
        rowSelection={{
          type: 'checkbox',
          checkStrictly: true,
          selectedRowKeys: ticked,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        columns={[
          { title: t['catalog.name'], dataIndex: 'title', width: 260 },
          { title: t['catalog.code'], dataIndex: 'code', width: 180 },
          {
            title: t['catalog.type'],
            dataIndex: 'catalogType',
            width: 100,
            render: (_, row) => (row.catalogType === 'BANNER' ? t['catalog.type.BANNER'] : t['catalog.type.COLUMN']),
          },
          {
            title: t['catalog.visible'],
            dataIndex: 'visible',
            width: 80,
            render: (_, row) =>
              row.visible ? <Tag color="green">{t['catalog.visible']}</Tag> : <Tag>{t['catalog.hidden']}</Tag>,
          },
          { title: t['catalog.contentCount'], dataIndex: 'contentCount', width: 90 },
          { title: t['common.sort'], dataIndex: 'sort', width: 70 },
          {
            title: t['catalog.description'],
            dataIndex: 'description',
            width: 240,
            render: (_, row) => (row.description ? <EllipsisText text={row.description} /> : dash(null)),
          },
          {
            title: '操作',
            dataIndex: 'id',
            width: 260,
            render: (_, row) => (
              <Space size={4}>
                <Button
                  type="text"
                  size="small"
                  data-testid={`catalog-detail-${row.code}`}
                  onClick={() => setDetail(catalogs.find((catalog) => catalog.id === row.id) ?? null)}
                >
                  {t['common.detail']}
                </Button>
                <Authorized code={cmsAdminCodes.catalogAdd}>
                  <Button type="text" size="small" onClick={() => setTarget({ kind: 'add', parentId: row.id })}>
                    {t['catalog.addChild']}
                  </Button>
                </Authorized>
                <Authorized code={cmsAdminCodes.catalogEdit}>
                  <Button
                    type="text"
                    size="small"
                    data-testid={`catalog-edit-${row.code}`}
                    onClick={() => setTarget({ kind: 'edit', catalog: row })}
                  >
                    {t['common.edit']}
                  </Button>
                </Authorized>
                <Authorized code={cmsAdminCodes.catalogDelete}>
                  <Popconfirm
                    title={fillText(t['catalog.confirm.delete'], { name: row.title })}
                    okButtonProps={{ status: 'danger' }}
                    onOk={() => remove(row)}
                  >
                    <Button type="text" size="small" status="danger" data-testid={`catalog-delete-${row.code}`}>
                      {t['common.delete']}
                    </Button>
                  </Popconfirm>
                </Authorized>
              </Space>
            ),
          },
        ]}
      />
      <ListDetailDrawer
        config={detailSource}
        detail={{}}
        row={detail}
        onClose={() => setDetail(null)}
        afterClose={() => undefined}
      />
      <CatalogForm
        t={t}
        target={target}
        catalogs={catalogs}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          reload();
        }}
      />
    </div>
  );
}
