import { useState } from 'react';
import { Breadcrumb, Button, Checkbox, Space, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, createListStore, fillText, ListPage } from '@cotton/sdk';
import type { AdminRegionRow } from '@cotton/sdk/contracts';
import type { ListStore } from '@cotton/sdk';
import { observer } from 'mobx-react-lite';
import { regionAdminCalls, regionAdminCodes } from '@cotton/sdk/calls';
import { setRegionStatus } from '../../api';
import { StatusSwitch, statusDetailField } from '../../components/status';
import { getRegionColumns } from './columns';
import { getSearchFields, getSuperQueryFields, ROOT_CODE } from './fields';
import type { RegionFilters } from './fields';
import locale from './locale/zh-CN';
import { RegionFormDrawer } from './region-form';
import type { RegionFormTarget } from './region-form';
import styles from './style/index.module.css';

type RegionStore = ListStore<AdminRegionRow, RegionFilters>;

interface RegionActions {
  /** 下级: the region's children. */
  children: (row: AdminRegionRow) => void;
  edit: (row: AdminRegionRow) => void;
}

function createRegionStore({ children, edit }: RegionActions): RegionStore {
  const t = locale;
  let created: RegionStore | null = null;
  const store = createListStore<AdminRegionRow, RegionFilters>({
    rowKey: 'id',
    columns: getRegionColumns(t, (row) => (
      <StatusSwitch
        status={row.status}
        permission={regionAdminCodes.edit}
        testId={`region-status-${row.code}`}
        change={(status) => setRegionStatus({ code: row.code, status })}
        onChanged={() => void created?.load()}
      />
    )),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: {
      list: regionAdminCalls.page,
      export: regionAdminCalls.export,
      import: { call: regionAdminCalls.import, template: regionAdminCalls.importTemplate },
    },
    permissions: { add: regionAdminCodes.add, edit: regionAdminCodes.edit, import: regionAdminCodes.import },
    detail: { fields: [statusDetailField(t['regionList.fields.status'])] },
    rowActions: {
      testIdPrefix: 'region',
      testId: (row) => row.code,
      edit: { onClick: edit },
      actions: [
        { key: 'children', label: t['regionList.children'], visible: (row) => row.level < 3, onClick: children },
      ],
      width: 140,
    },
    defaultSort: { field: 'sort', order: 'asc' },
    storageKey: 'basedata-region-list',
    exportFileName: '区域.xlsx',
  });
  // The provinces first: the tree is opened one level at a time.
  store.filters = { parentCode: ROOT_CODE };
  created = store;
  return store;
}

interface Crumb {
  code: string;
  name: string;
}

/** Where the list stands: the path of regions opened, or every level after 重置. */
const RegionPath = observer(function RegionPath({
  store,
  path,
  open,
}: {
  store: RegionStore;
  path: Crumb[];
  open: (index: number) => void;
}) {
  const t = locale;
  const searchingAll = store.filters.parentCode === undefined;
  const shown = searchingAll ? path.slice(0, 1) : path;
  return (
    <Space size={24} style={{ marginBottom: 12 }}>
      <Breadcrumb data-testid="region-path">
        {shown.map((crumb, index) => (
          <Breadcrumb.Item key={crumb.code}>
            {index < shown.length - 1 || searchingAll ? (
              <Typography.Text
                style={{ cursor: 'pointer', color: 'rgb(var(--primary-6))' }}
                onClick={() => open(index)}
                data-testid={`region-path-${crumb.code}`}
              >
                {crumb.name}
              </Typography.Text>
            ) : (
              crumb.name
            )}
          </Breadcrumb.Item>
        ))}
        {searchingAll && <Breadcrumb.Item key="all-levels">{t['regionList.allLevels']}</Breadcrumb.Item>}
      </Breadcrumb>
      <Checkbox
        checked={searchingAll}
        data-testid="region-all-levels"
        onChange={(checked: boolean) =>
          checked ? void store.search({ parentCode: undefined }) : open(path.length - 1)
        }
      >
        {t['regionList.searchAll']}
      </Checkbox>
    </Space>
  );
});

/**
 * 系统管理 › 区域管理 (`/system/region`, `system:region:list`): the GB/T 2260 tree one level
 * at a time (下级 opens a region's children, the path above goes back), searched within the
 * level or, with 搜索全部层级 (or after 重置), across every level; 新增下级 under the level shown, 编辑 (name and order), and the
 * 启用 / 停用 switch (a disabled region leaves every region picker).
 */
export function RegionList() {
  const t = locale;
  const [path, setPath] = useState<Crumb[]>([{ code: ROOT_CODE, name: t['regionList.root'] }]);
  const [formTarget, setFormTarget] = useState<RegionFormTarget | null>(null);
  const [store] = useState(() =>
    createRegionStore({
      children: (row) => {
        setPath((current) => [...current, { code: row.code, name: row.name }]);
        void store.search({ parentCode: row.code });
      },
      edit: (region) => setFormTarget({ mode: 'edit', region }),
    }),
  );

  function openPath(next: Crumb[]) {
    setPath(next);
    void store.search({ parentCode: next[next.length - 1].code });
  }

  const parent = path[path.length - 1];
  return (
    <div className={styles.container} data-testid="region-list">
      <ListPage<AdminRegionRow, RegionFilters>
        store={store}
        header={
          <>
            <Typography.Title heading={5} className={styles.title}>
              {t['regionList.title']}
            </Typography.Title>
            <RegionPath store={store} path={path} open={(index) => openPath(path.slice(0, index + 1))} />
          </>
        }
        toolbar={
          path.length < 4 && (
            <Authorized code={regionAdminCodes.add}>
              <AddButton store={store} parent={parent} onAdd={() => setFormTarget({ mode: 'add', parent })} />
            </Authorized>
          )
        }
      />
      <RegionFormDrawer
        t={t}
        target={formTarget}
        onClose={() => setFormTarget(null)}
        onSaved={() => {
          setFormTarget(null);
          void store.load();
        }}
      />
    </div>
  );
}

/** 新增下级: under the level shown, not while every level is searched. */
const AddButton = observer(function AddButton({
  store,
  parent,
  onAdd,
}: {
  store: RegionStore;
  parent: Crumb;
  onAdd: () => void;
}) {
  return (
    <Button
      type="primary"
      icon={<IconPlus />}
      disabled={store.filters.parentCode === undefined}
      title={fillText(locale['regionList.addUnder'], { name: parent.name })}
      data-testid="region-add"
      onClick={onAdd}
    >
      {locale['regionList.add']}
    </Button>
  );
});
