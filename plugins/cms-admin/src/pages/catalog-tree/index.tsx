import { useState } from 'react';
import { Button, Popconfirm, Space, Table, Tag, Typography, Message } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, dash, EllipsisText, fillText, toApiError } from '@cotton/sdk';
import { cmsAdminCodes } from '@cotton/sdk/calls';
import { deleteCatalog } from '../../api';
import { catalogTree, type CatalogTreeNode } from '../../components/catalog-options';
import { useCatalogs } from '../../components/use-catalogs';
import locale from '../../locale/zh-CN';
import { CatalogForm, type CatalogFormTarget } from './catalog-form';
import styles from './style/index.module.css';

/**
 * 内容管理 › 栏目管理 (`/cms/catalog`): the site's catalogue tree (hidden ones too) with each
 * one's contents; 新增 / 新增下级 / 编辑 (moving it) / 删除 (refused while it has children
 * or contents), each by its code.
 */
export function CatalogTree() {
  const t = locale;
  const { catalogs, loading, reload } = useCatalogs();
  const [target, setTarget] = useState<CatalogFormTarget | null>(null);

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
      </Space>
      <Table<CatalogTreeNode>
        rowKey="id"
        loading={loading}
        pagination={false}
        data={catalogTree(catalogs)}
        defaultExpandAllRows
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
            width: 220,
            render: (_, row) => (
              <Space size={4}>
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
