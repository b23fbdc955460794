import { Dropdown, Layout, Menu } from '@arco-design/web-react';
import { chinaHour, getSessionService, greetingByHour, usePortalConfig, useSession } from '@cotton/sdk';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuthState } from '../../auth/auth-store';
import { appMenu, loadCurrentApp, saveCurrentApp, switchesMenu } from '../../auth/current-app';
import { IconLaunch } from '@arco-design/web-react/icon';
import { DEFAULT_MAIN_PATH, isExternalLink, sideMenu } from '../../auth/menu';
import type { MenuNode } from '@cotton/sdk/contracts';
import styles from './AdminLayout.module.css';
import { MenuIcon } from './MenuIcon';
import { NoticeBell } from './NoticeBell';
import { ThemeDrawer } from './ThemeDrawer';
import { usePreferences } from '../../theme/theme';
import { EnvLabel, SiteEmblem } from '../../components/SiteBrand';
import { WorkspacePanes } from '../../workspace/WorkspacePanes';
import { WorkspaceTabs } from '../../workspace/WorkspaceTabs';
import { useMenuVisits } from '../../workspace/use-menu-visits';
import { useWorkspaceTabs } from '../../workspace/use-workspace-tabs';

export const ACCOUNT_CENTER_PATH = '/account/center';

/** The app switcher's item that shows the whole menu again. */
const ALL_MENUS = '__all';

/** The side menu's key of an external-link menu (it has no route: its path is not its key). */
function linkKey(node: MenuNode): string {
  return `link:${node.id}`;
}

/** External-link menus: item key → address. */
function externalLinks(nodes: readonly MenuNode[], into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    if (isExternalLink(node) && node.url) into.set(linkKey(node), node.url);
    externalLinks(node.children, into);
  }
  return into;
}

/** The keys of the groups on the way to `pathname` (to open them); `null` when it is not in the menu. */
function openKeysFor(nodes: readonly MenuNode[], pathname: string): string[] | null {
  for (const node of nodes) {
    if (node.path === pathname) return [];
    const inner = openKeysFor(node.children, pathname);
    if (inner) return [node.id, ...inner];
  }
  return null;
}

/**
 * The back office's frame (after login): the filtered menu at the side or, by the user's
 * choice (布局与主题), across the header; the header with the site name, the environment label,
 * the applications, a greeting and the user menu; the menu's pages open as tabs that stay
 * mounted (shell/src/workspace).
 */
export function AdminLayout() {
  const auth = useAuthState();
  const session = useSession();
  const config = usePortalConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  const topMenu = usePreferences()?.menuLayout === 'top';
  const icons = auth?.init.icons ?? [];
  const apps = auth?.init.apps ?? [];
  const owner = session.user?.uid ?? '';
  // The app chosen in the header (remembered per user): the side menu shows its menus.
  const [appCode, setAppCode] = useState(() => loadCurrentApp(owner));
  const currentApp = apps.find((app) => app.appCode === appCode && switchesMenu(app)) ?? null;
  const items = useMemo(() => appMenu(sideMenu(auth?.menu ?? []), currentApp), [auth?.menu, currentApp]);
  const siteName = session.siteDisplayName || config.siteName;
  const user = session.user;
  const workspace = useWorkspaceTabs();
  const routes = auth?.routes;
  const notKept = useMemo(
    () => new Set((routes ?? []).filter((route) => !route.keepAlive).map((route) => route.path)),
    [routes],
  );
  // External-link menus by the key of their item: chosen, they open in a new browser tab.
  const links = useMemo(() => externalLinks(items), [items]);
  useMenuVisits(workspace.activePath);

  // An initial password (docs/auth.md "Initial passwords"): nothing else until it is changed.
  if (session.mustChangePassword && pathname !== ACCOUNT_CENTER_PATH)
    return <Navigate to={ACCOUNT_CENTER_PATH} replace />;

  function renderItems(nodes: readonly MenuNode[]): ReactNode[] {
    return nodes.map((node) => {
      const title = (
        <>
          <MenuIcon name={node.icon} icons={icons} />
          <span>{node.name}</span>
        </>
      );
      if (node.children.length > 0) {
        return (
          <Menu.SubMenu key={node.id} title={title}>
            {renderItems(node.children)}
          </Menu.SubMenu>
        );
      }
      if (isExternalLink(node)) {
        return (
          <Menu.Item key={linkKey(node)} data-testid="admin-menu-link">
            {title}
            <IconLaunch className={styles.external} aria-label="在新窗口打开" />
          </Menu.Item>
        );
      }
      return <Menu.Item key={node.path}>{title}</Menu.Item>;
    });
  }

  function logout() {
    if (loggingOut) return;
    setLoggingOut(true);
    getSessionService()
      .logout()
      .finally(() => setLoggingOut(false));
  }

  const userMenu = (
    <Menu
      onClickMenuItem={(key) => {
        if (key === 'center') navigate(ACCOUNT_CENTER_PATH);
        if (key === 'theme') setThemeOpen(true);
        if (key === 'logout') logout();
      }}
    >
      <Menu.Item key="center" data-testid="user-menu-center">
        个人中心
      </Menu.Item>
      <Menu.Item key="theme" data-testid="user-menu-theme">
        布局与主题
      </Menu.Item>
      <Menu.Item key="logout" data-testid="user-menu-logout">
        退出登录
      </Menu.Item>
    </Menu>
  );

  function chooseApp(key: string) {
    if (key === ALL_MENUS) {
      setAppCode(null);
      saveCurrentApp(owner, null);
      return;
    }
    const app = apps.find((candidate) => candidate.appCode === key);
    if (!app) return;
    // Another site: a new tab, the menu stays as it is.
    if (!switchesMenu(app)) {
      window.open(app.visitUrl, '_blank', 'noopener,noreferrer');
      return;
    }
    setAppCode(app.appCode);
    saveCurrentApp(owner, app.appCode);
    navigate(app.visitUrl);
  }

  const appSwitcher = (
    <Menu selectedKeys={currentApp ? [currentApp.appCode] : []} onClickMenuItem={chooseApp}>
      {apps.map((app) => (
        <Menu.Item key={app.appCode} data-testid={`app-${app.appCode}`}>
          <MenuIcon name={app.icon} icons={icons} /> {app.appName}
          {switchesMenu(app) ? null : <span className={styles.external}>（新窗口）</span>}
        </Menu.Item>
      ))}
      {currentApp ? (
        <Menu.Item key={ALL_MENUS} data-testid="app-all">
          全部菜单
        </Menu.Item>
      ) : null}
    </Menu>
  );

  const menu = (
    <Menu
      mode={topMenu ? 'horizontal' : 'vertical'}
      className={topMenu ? styles.topMenu : undefined}
      selectedKeys={[pathname]}
      defaultOpenKeys={topMenu ? [] : (openKeysFor(items, pathname) ?? [])}
      onClickMenuItem={(key) => {
        const link = links.get(key);
        if (link) {
          window.open(link, '_blank', 'noopener,noreferrer');
          return;
        }
        // An open tab comes back where it was (its query included).
        if (workspace.tabs.some((tab) => tab.path === key)) workspace.select(key);
        else navigate(key);
      }}
      data-testid="admin-menu"
      data-menu-layout={topMenu ? 'top' : 'side'}
    >
      {renderItems(items)}
    </Menu>
  );

  return (
    <Layout className={styles.layout} data-testid="admin-layout">
      <Layout.Header className={styles.header} data-testid="admin-header">
        <Link to={DEFAULT_MAIN_PATH} className={styles.brand} data-testid="admin-logo">
          <SiteEmblem className={styles.emblem} />
          <span className={styles.siteName}>{siteName}</span>
        </Link>
        <EnvLabel className={styles.envLabel} />
        {topMenu ? menu : null}
        <div className={styles.headerRight}>
          {apps.length > 0 ? (
            <Dropdown droplist={appSwitcher} position="br" trigger="click">
              <button type="button" className={styles.headerButton} data-testid="admin-apps">
                {currentApp ? `应用：${currentApp.appName}` : '应用'}
              </button>
            </Dropdown>
          ) : null}
          <Link to="/home" className={styles.headerLink}>
            门户首页
          </Link>
          <NoticeBell />
          <span className={styles.greeting} data-testid="admin-greeting">
            {greetingByHour(chinaHour())}，{user?.realname || user?.nickName || user?.loginName || ''}
          </span>
          <Dropdown droplist={userMenu} position="br" trigger={['hover', 'click']}>
            <button type="button" className={styles.headerButton} data-testid="admin-user-menu">
              {user?.avatar ? (
                <img className={styles.headerAvatar} src={user.avatar} alt="" data-testid="admin-avatar" />
              ) : null}
              {user?.realname || user?.loginName || '用户'} ▾
            </button>
          </Dropdown>
        </div>
      </Layout.Header>
      <Layout className={styles.body}>
        {topMenu ? null : (
          <Layout.Sider
            className={styles.sider}
            collapsible
            collapsed={collapsed}
            onCollapse={setCollapsed}
            breakpoint="lg"
            width={220}
          >
            {menu}
          </Layout.Sider>
        )}
        <div className={styles.main}>
          <WorkspaceTabs {...workspace} />
          <Layout.Content className={styles.content}>
            <WorkspacePanes
              tabs={workspace.tabs}
              activePath={workspace.activePath}
              unsaved={workspace.unsaved}
              notKept={notKept}
            />
          </Layout.Content>
        </div>
      </Layout>
      <ThemeDrawer visible={themeOpen} onClose={() => setThemeOpen(false)} />
    </Layout>
  );
}
