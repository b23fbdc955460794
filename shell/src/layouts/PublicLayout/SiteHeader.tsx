import { Button, Input } from '@arco-design/web-react';
import { IconClose, IconMenu } from '@arco-design/web-react/icon';
import { usePortalConfig, useSession } from '@cotton/sdk';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useLinksShown } from '../../plugin-loader/links-shown';
import { NAV_SCROLL_DELAY_MS, activeNavKey, parseNavPath, scrollToAnchor } from './nav';
import styles from './SiteHeader.module.css';
import { EnvLabel, SiteEmblem } from '../../components/SiteBrand';

/** A plain left click, which the portal handles itself (not one that opens a new tab or window). */
function plainClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Polls for an anchor that a lazily loaded page has not rendered yet. */
function scrollWhenPresent(id: string, delayMs: number, signal: AbortSignal) {
  const started = Date.now();
  const tick = () => {
    if (signal.aborted) return;
    const waited = Date.now() - started;
    if (waited >= delayMs && scrollToAnchor(id)) return;
    if (waited < delayMs + 10_000) setTimeout(tick, 100);
  };
  setTimeout(tick, 100);
}

/**
 * The header: logo, environment label, keyword search, 登录 and 注册 on top; the navigation
 * bar below, which stays at the top of the window while the page scrolls.
 */
export function SiteHeader() {
  const config = usePortalConfig();
  const session = useSession();
  const loggedIn = Boolean(session.token && session.user);
  const navigate = useNavigate();
  const location = useLocation();
  const [keyword, setKeyword] = useState('');
  const [active, setActive] = useState(() => activeNavKey(config.nav, location.pathname));
  const [pending, setPending] = useState<AbortController>();
  // The phone menu (below 768 px the top bar keeps only the logo and a menu button).
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const linksShown = useLinksShown();

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  // The menu's links are new in the page: the shell prefetches them and renders their pages
  // ahead, as it does for the links a page shows (on a phone the bar's own links are hidden).
  useEffect(() => {
    if (menuOpen) linksShown();
  }, [menuOpen, linksShown]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);

  useEffect(() => {
    const update = () => setActive(activeNavKey(config.nav, location.pathname));
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [config.nav, location.pathname]);

  useEffect(() => () => pending?.abort(), [pending]);

  function go(path: string) {
    setMenuOpen(false);
    const target = parseNavPath(path);
    pending?.abort();
    if (!target.hash) {
      navigate(target.pathname);
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    if (target.pathname === location.pathname) {
      navigate({ pathname: target.pathname, hash: `#${target.hash}` }, { replace: true, preventScrollReset: true });
      scrollToAnchor(target.hash);
      return;
    }
    navigate({ pathname: target.pathname, hash: `#${target.hash}` });
    const controller = new AbortController();
    setPending(controller);
    scrollWhenPresent(target.hash, NAV_SCROLL_DELAY_MS, controller.signal);
  }

  function search(value: string) {
    const keyWord = value.trim();
    if (!keyWord) return;
    navigate(`/search?keyWord=${encodeURIComponent(keyWord)}`);
  }

  function login() {
    if (config.ssoLoginUrl) window.location.assign(config.ssoLoginUrl);
    else navigate('/login');
  }

  /** Search, 登录 and 注册 (or the user and 进入工作台): in the top bar, or in the phone menu. */
  function renderActions(prefix: 'header' | 'menu') {
    return (
      <>
        <Input.Search
          className={styles.search}
          placeholder="请输入关键字"
          allowClear
          value={keyword}
          onChange={setKeyword}
          onSearch={search}
          data-testid={`${prefix}-search`}
        />
        {loggedIn ? (
          <>
            <span className={styles.userName} data-testid={`${prefix}-user`}>
              {session.user?.realname || session.user?.loginName}
            </span>
            <Button type="primary" onClick={() => navigate('/project/display')} data-testid={`${prefix}-workbench`}>
              进入工作台
            </Button>
          </>
        ) : (
          <>
            <Button type="primary" onClick={login} data-testid={`${prefix}-login`}>
              登录
            </Button>
            {/* A link drawn as a button: the portal renders the registration page ahead for it. */}
            <Button
              type="outline"
              href="/register"
              onClick={(event) => {
                // Arco types it as an Event; it is the click's (React's) mouse event.
                if (!plainClick(event as unknown as MouseEvent)) return;
                event.preventDefault();
                navigate('/register');
              }}
              data-testid={`${prefix}-register`}
            >
              注册
            </Button>
          </>
        )}
      </>
    );
  }

  function renderNavItems(prefix: 'nav' | 'menu-nav') {
    return config.nav.map((item) => (
      <a
        key={item.key}
        href={item.path}
        className={item.key === active ? `${styles.navItem} ${styles.navItemActive}` : styles.navItem}
        aria-current={item.key === active ? 'page' : undefined}
        data-testid={`${prefix}-${item.key}`}
        onClick={(event) => {
          if (!plainClick(event)) return;
          event.preventDefault();
          go(item.path);
        }}
      >
        {item.title}
      </a>
    ));
  }

  return (
    <header ref={headerRef} className={styles.header} data-testid="site-header">
      <div className={styles.topbar}>
        <div className={styles.topbarInner}>
          <Link to="/home" className={styles.brand} data-testid="site-logo" aria-label={config.siteName || '首页'}>
            <SiteEmblem className={styles.emblem} />
            <span className={styles.siteName}>{config.siteName}</span>
          </Link>
          <EnvLabel className={styles.envLabel} />
          <div className={styles.actions}>{renderActions('header')}</div>
          <button
            type="button"
            className={styles.menuButton}
            aria-label={menuOpen ? '关闭菜单' : '菜单'}
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            data-testid="header-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <IconClose /> : <IconMenu />}
          </button>
        </div>
      </div>
      <div className={styles.navbar}>
        <nav className={styles.nav} aria-label="主导航" data-testid="site-nav">
          {renderNavItems('nav')}
        </nav>
      </div>
      {menuOpen ? (
        <div id="site-menu" className={styles.menu} data-testid="header-menu-panel">
          <div className={styles.menuActions}>{renderActions('menu')}</div>
          <nav className={styles.menuNav} aria-label="菜单导航">
            {renderNavItems('menu-nav')}
          </nav>
        </div>
      ) : null}
    </header>
  );
}
