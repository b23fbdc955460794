import { useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { Alert, Button, Spin, Typography } from '@arco-design/web-react';
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

/**
 * The page's frame: its test id, its title and the note under it, then the body; `embedded`
 * (a list inside another page's drawer), the body alone, named by the title.
 */
function Frame({
  testId,
  title,
  description,
  embedded,
  children,
}: {
  testId: string;
  title: string;
  description?: ReactNode;
  embedded?: boolean;
  children: (header: ReactNode) => ReactNode;
}) {
  if (embedded)
    return (
      <section data-testid={testId} aria-label={title}>
        {children(description ? <Alert type="info" content={description} className={styles.description} /> : null)}
      </section>
    );
  return (
    <div className={styles.container} data-testid={testId}>
      {children(
        <>
          <Typography.Title heading={5} className={styles.title}>
            {title}
          </Typography.Title>
          {description && <Alert type="info" content={description} className={styles.description} />}
        </>,
      )}
    </div>
  );
}

function AdminListPageView<Row extends object, Filters extends object, Values extends object>({
  title,
  description,
  testId,
  pageTestId,
  list,
  form,
  drawer,
  addText,
  embedded,
  scrollY,
  header,
  aside,
  toolbar,
  children,
}: AdminListPageProps<Row, Filters, Values>) {
  const { permissions } = useSession();
  const [formState, setFormState] = useState<FormState<Row>>({ visible: false, row: null });
  const hasForm = Boolean(form || drawer);
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
    store = createListStore<Row, Filters>(withFormEdit(config, testId, hasForm ? handle.edit : null));
    return handle;
  });
  const addCode = page.store.config.permissions?.add;
  const canAdd = hasForm && (!addCode || permissions.includes(addCode));
  const close = () => setFormState((state) => ({ visible: false, row: state.row }));
  const saved = () => {
    close();
    void page.reload();
  };

  return (
    <Frame testId={pageTestId ?? `${testId}-list`} title={title} description={description} embedded={embedded}>
      {(heading) => {
        const table = (
          <ListPage<Row, Filters>
            store={page.store}
            scrollY={scrollY}
            header={
              <>
                {heading}
                {header?.(page)}
              </>
            }
            toolbar={
              canAdd || toolbar ? (
                <>
                  {canAdd && (
                    <Button type="primary" icon={<IconPlus />} data-testid={`${testId}-add`} onClick={page.add}>
                      {addText ?? ADMIN_FORM_MESSAGES.add}
                    </Button>
                  )}
                  {toolbar?.(page)}
                </>
              ) : undefined
            }
          />
        );
        return (
          <>
            {aside ? (
              <div className={styles.body}>
                {aside(page)}
                <div className={styles.main}>{table}</div>
              </div>
            ) : (
              table
            )}
            {form && (
              <AdminFormDrawer<Row, Values>
                form={form}
                rowKey={page.store.config.rowKey}
                testId={`${testId}-form`}
                visible={formState.visible}
                row={formState.row}
                onClose={close}
                onSaved={saved}
              />
            )}
            {drawer?.({ visible: formState.visible, row: formState.row, onClose: close, onSaved: saved })}
            {children?.(page)}
          </>
        );
      }}
    </Frame>
  );
}

/** `waiting`: the frame with the title and a spinner; the list is made once it is false. */
function AdminListPageGate<Row extends object, Filters extends object, Values extends object>(
  props: AdminListPageProps<Row, Filters, Values>,
) {
  if (!props.waiting) return <AdminListPageView<Row, Filters, Values> {...props} />;
  return (
    <Frame
      testId={props.pageTestId ?? `${props.testId}-list`}
      title={props.title}
      description={props.description}
      embedded={props.embedded}
    >
      {(heading) => (
        <>
          {heading}
          <div className={styles.waiting}>
            <Spin />
          </div>
        </>
      )}
    </Frame>
  );
}

/**
 * A back-office list page from one declaration: the title, 新增 (holders of
 * `permissions.add`), the `ListPage` (search, 高级查询, sort, selection, 详情, 编辑, the page's
 * actions, 删除, 批量删除, 导出, 导入), the add / edit drawer built from `form`'s fields (or the
 * page's own `drawer`, opened by the same buttons), 保存成功 and the reload after a write, in the
 * page frame every list shares (none when `embedded` in another page's drawer).
 * The page supplies only its declaration and what is truly its own (`list` actions and cells,
 * `header`, `toolbar`, `children`).
 */
export const AdminListPage = AdminListPageGate as <
  Row extends object,
  Filters extends object = Record<string, never>,
  Values extends object = Record<string, never>,
>(
  props: AdminListPageProps<Row, Filters, Values>,
) => ReactElement;
