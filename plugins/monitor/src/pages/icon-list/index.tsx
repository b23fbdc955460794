import { Button, Empty, Message, Modal, Result, Spin } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import type { IconItem, IconUsage } from '@cotton/sdk/contracts';
import { fillText, showFailure, useQuery, useSession } from '@cotton/sdk';
import { useState } from 'react';
import { iconAdminCodes } from '@cotton/sdk/calls';
import { addIcon, deleteIcon, getIcons } from '../../api';
import t from './locale/zh-CN';
import styles from './style/index.module.css';

/** The icon as the menu draws it (shell/src/layouts/AdminLayout/MenuIcon.tsx). */
function Glyph({ svgPath, className }: { svgPath: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d={svgPath} />
    </svg>
  );
}

function usageText(usedBy: readonly IconUsage[]): string {
  if (usedBy.length === 0) return t.unused;
  const names = (kind: IconUsage['kind']) =>
    usedBy
      .filter((use) => use.kind === kind)
      .map((use) => use.name)
      .join('、');
  return [names('menu') ? `${t.menu}：${names('menu')}` : '', names('app') ? `${t.app}：${names('app')}` : '']
    .filter(Boolean)
    .join('；');
}

/**
 * 系统管理 › 图标管理 (`/system/icon`, `system:icon:list`): the icons the menu and application
 * editors offer, each drawn as the menu draws it, with where it is used. 新增图标 adds one of
 * the server's catalogue (`system:icon:add`); 删除 (`system:icon:delete`) is refused by the
 * server while a menu or an application uses the icon, naming them.
 */
export function IconList() {
  const { data, loading, error, reload } = useQuery(() => getIcons(), []);
  const permissions = useSession().permissions;
  const canAdd = permissions.includes(iconAdminCodes.add);
  const canDelete = permissions.includes(iconAdminCodes.delete);
  const [picking, setPicking] = useState(false);

  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      Message.success(done);
      reload();
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    }
  }

  function confirmDelete(icon: IconItem) {
    Modal.confirm({
      title: t.confirmTitle,
      content: fillText(t.confirm, { name: icon.name }),
      okButtonProps: { status: 'danger' },
      onOk: () => run(() => deleteIcon(icon.name), t.deleted),
    });
  }

  const icons = data?.icons ?? [];
  const available = data?.available ?? [];
  return (
    <div className={styles.page} data-testid="icon-list">
      <div className={styles.toolbar}>
        {canAdd ? (
          <Button type="primary" icon={<IconPlus />} onClick={() => setPicking(true)} data-testid="icon-add">
            {t.add}
          </Button>
        ) : null}
        <span>{t.intro}</span>
      </div>
      <Spin loading={loading && !data} block>
        {error && !data ? (
          // Not 暂无图标: the icons were not read, not found missing.
          <Result
            status="error"
            title={t.loadFailed}
            subTitle={error.message}
            extra={
              <Button type="primary" onClick={reload} data-testid="icon-retry">
                {t.retry}
              </Button>
            }
          />
        ) : icons.length === 0 && !loading ? (
          <Empty description={t.empty} />
        ) : (
          <div className={styles.grid}>
            {icons.map((icon) => (
              <div key={icon.name} className={styles.item} data-testid={`icon-${icon.name}`}>
                <Glyph svgPath={icon.svgPath} className={styles.glyph} />
                <div className={styles.details}>
                  <span className={styles.name}>{icon.name}</span>
                  <span className={styles.usage}>{usageText(icon.usedBy)}</span>
                </div>
                {canDelete ? (
                  <Button
                    size="mini"
                    type="text"
                    status="danger"
                    onClick={() => confirmDelete(icon)}
                    data-testid={`icon-delete-${icon.name}`}
                  >
                    {t.delete}
                  </Button>
                ) : null}
              </div>
            ))}
          </div>
        )}
      </Spin>
      <Modal title={t.addTitle} visible={picking} footer={null} onCancel={() => setPicking(false)} unmountOnExit>
        {available.length === 0 ? (
          <Empty description={t.addNone} />
        ) : (
          <div className={styles.picks}>
            {available.map((icon) => (
              <button
                key={icon.name}
                type="button"
                className={styles.pick}
                onClick={() =>
                  void run(() => addIcon(icon.name), t.added).then((added) => {
                    if (added) setPicking(false);
                  })
                }
                data-testid={`icon-pick-${icon.name}`}
              >
                <Glyph svgPath={icon.svgPath} className={styles.glyph} />
                {icon.name}
              </button>
            ))}
          </div>
        )}
      </Modal>
    </div>
  );
}
