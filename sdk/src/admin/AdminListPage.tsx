import { useState } from 'react';
import type { ReactElement } from 'react';
import { Alert, Button, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useSession } from '../session/store';
import { ListPage } from '../list/ListPage';
import { createListStore } from '../list/store';
import type { ListStore } from '../list/store';
import type { ListConfig } from '../list/types';
import { ADMIN_FORM_MESSAGES, AdminFormDrawer } from './AdminFormDrawer';
import styles from './AdminListPage.module.css';
import type { AdminListPageProps, AdminPageHandle } from './types';

/** The drawer's state; the row stays while it closes (the drawer keeps its title). */
interface FormState<Row> {
  visible: boolean;
  row: Row | null;
}

/** With a form, 编辑 is the form's unless the page's `rowActions.edit` says otherwise. */
function withFormEdit<Row>(
  config: ListConfig<Row>,
  testId: string,
  edit: ((row: Row) => void) | null,
): ListConfig<Row> {
  const rowActions = { testIdPrefix: testId, ...config.rowActions };
  if (edit && !rowActions.edit) rowActions.edit = { onClick: edit };
  return { ...config, rowActions };
}

function AdminListPageView<Row extends object, Filters extends object, Values extends object>({
  title,
  description,
  testId,
  list,
  form,
  toolbar,
  children,
}: AdminListPageProps<Row, Filters, Values>) {
  const { permissions } = useSession();
  const [formState, setFormState] = useState<FormState<Row>>({ visible: false, row: null });
  const [page] = useState<AdminPageHandle<Row, Filters>>(() => {
    let store: ListStore<Row, Filters> | null = null;
    const handle: AdminPageHandle<Row, Filters> = {
      get store() {
        if (!store) throw new Error('AdminListPage: the store is made from the list first');
        return store;
      },
      reload: () => handle.store.load(),
      add: () => setFormState({ visible: true, row: null }),
      edit: (row) => setFormState({ visible: true, row }),
    };
    const config = typeof list === 'function' ? list(handle) : list;
    store = createListStore<Row, Filters>(withFormEdit(config, testId, form ? handle.edit : null));
    return handle;
  });
  const addCode = page.store.config.permissions?.add;
  const canAdd = Boolean(form) && (!addCode || permissions.includes(addCode));

  return (
    <div className={styles.container} data-testid={`${testId}-list`}>
      <ListPage<Row, Filters>
        store={page.store}
        header={
          <>
            <Typography.Title heading={5} className={styles.title}>
              {title}
            </Typography.Title>
            {description && <Alert type="info" content={description} className={styles.description} />}
          </>
        }
        toolbar={
          canAdd || toolbar ? (
            <>
              {canAdd && (
                <Button type="primary" icon={<IconPlus />} data-testid={`${testId}-add`} onClick={page.add}>
                  {ADMIN_FORM_MESSAGES.add}
                </Button>
              )}
              {toolbar?.(page)}
            </>
          ) : undefined
        }
      />
      {form && (
        <AdminFormDrawer<Row, Values>
          form={form}
          rowKey={page.store.config.rowKey}
          testId={`${testId}-form`}
          visible={formState.visible}
          row={formState.row}
          onClose={() => setFormState((state) => ({ visible: false, row: state.row }))}
          onSaved={() => {
            setFormState((state) => ({ visible: false, row: state.row }));
            void page.reload();
          }}
        />
      )}
      {children?.(page)}
    </div>
  );
}

/**
 * A back-office list page from one declaration: the title, 新增 (holders of
 * `permissions.add`), the `ListPage` (search, 高级查询, sort, selection, 详情, 编辑, the page's
 * actions, 删除, 批量删除, 导出, 导入), the add / edit drawer built from `form`'s fields, 保存成功
 * and the reload after a write, in the page frame every list shares. The page supplies only
 * its declaration and what is truly its own (`list` actions and cells, `toolbar`, `children`).
 */
export const AdminListPage = AdminListPageView as <
  Row extends object,
  Filters extends object = Record<string, never>,
  Values extends object = Record<string, never>,
>(
  props: AdminListPageProps<Row, Filters, Values>,
) => ReactElement;
