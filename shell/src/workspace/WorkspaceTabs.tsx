import { Dropdown, Menu } from '@arco-design/web-react';
import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import styles from './WorkspaceTabs.module.css';
import type { WorkspaceTabsApi } from './use-workspace-tabs';
import type { WorkspaceTab } from './workspace-store';

export type WorkspaceTabsProps = Omit<WorkspaceTabsApi, 'unsaved'>;

/**
 * The bar's height as `--workspace-bar-height` on its parent, for the panes' drawer layers
 * below it (WorkspaceTabs.module.css `.drawerLayer`): it grows when the tabs' scrollbar shows.
 */
function useBarHeight() {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = bar.current;
    const parent = element?.parentElement;
    if (!element || !parent) return undefined;
    const measure = () => parent.style.setProperty('--workspace-bar-height', `${element.offsetHeight}px`);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return bar;
}

type TabAction = 'refresh' | 'close' | 'closeOthers' | 'closeRight';

/**
 * The tab bar above the back office's pages: one tab per open menu page, the home tab
 * fixed. Click shows a tab; × or a middle click closes it; its context menu (and the ▾
 * button, for the active tab) has 刷新, 关闭, 关闭其他, 关闭右侧.
 */
export function WorkspaceTabs(props: WorkspaceTabsProps) {
  const { tabs, activePath, select, close } = props;
  const bar = useBarHeight();

  function run(action: TabAction, path: string) {
    props[action](path);
  }

  function actions(tab: WorkspaceTab, index: number) {
    const others = tabs.some((candidate) => !candidate.fixed && candidate.path !== tab.path);
    const right = tabs.slice(index + 1).some((candidate) => !candidate.fixed);
    return (
      <Menu onClickMenuItem={(key) => run(key as TabAction, tab.path)} data-testid="workspace-tab-menu">
        <Menu.Item key="refresh">刷新</Menu.Item>
        <Menu.Item key="close" disabled={tab.fixed}>
          关闭
        </Menu.Item>
        <Menu.Item key="closeOthers" disabled={!others}>
          关闭其他
        </Menu.Item>
        <Menu.Item key="closeRight" disabled={!right}>
          关闭右侧
        </Menu.Item>
      </Menu>
    );
  }

  function onAuxClick(event: MouseEvent, tab: WorkspaceTab) {
    if (event.button !== 1 || tab.fixed) return;
    event.preventDefault();
    close(tab.path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, tab: WorkspaceTab, index: number) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select(tab.path);
    } else if (event.key === 'Delete' && !tab.fixed) {
      close(tab.path);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const next = index + (event.key === 'ArrowRight' ? 1 : -1);
      const element = event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]')[next];
      if (!element) return;
      event.preventDefault();
      element.focus();
    }
  }

  const activeIndex = tabs.findIndex((tab) => tab.path === activePath);
  const activeTab = tabs[activeIndex];

  return (
    <div ref={bar} className={styles.bar} data-testid="workspace-tabs">
      <div className={styles.list} role="tablist" aria-label="已打开的页面">
        {tabs.map((tab, index) => {
          const active = tab.path === activePath;
          return (
            <Dropdown key={tab.path} trigger="contextMenu" position="bl" droplist={actions(tab, index)}>
              <div
                role="tab"
                aria-selected={active}
                tabIndex={active || (activeIndex < 0 && index === 0) ? 0 : -1}
                className={active ? `${styles.tab} ${styles.active}` : styles.tab}
                data-testid="workspace-tab"
                data-path={tab.path}
                title={tab.title}
                onClick={() => select(tab.path)}
                onMouseDown={(event) => {
                  // No auto-scroll cursor on a middle click.
                  if (event.button === 1) event.preventDefault();
                }}
                onAuxClick={(event) => onAuxClick(event, tab)}
                onKeyDown={(event) => onKeyDown(event, tab, index)}
              >
                <span className={styles.title}>{tab.title}</span>
                {tab.fixed ? null : (
                  <button
                    type="button"
                    tabIndex={-1}
                    className={styles.close}
                    aria-label={`关闭${tab.title}`}
                    data-testid="workspace-tab-close"
                    onClick={(event) => {
                      event.stopPropagation();
                      close(tab.path);
                    }}
                  >
                    ×
                  </button>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      {activeTab ? (
        <Dropdown trigger="click" position="br" droplist={actions(activeTab, activeIndex)}>
          <button type="button" className={styles.more} aria-label="页签操作" data-testid="workspace-tabs-more">
            ▾
          </button>
        </Dropdown>
      ) : null}
    </div>
  );
}
