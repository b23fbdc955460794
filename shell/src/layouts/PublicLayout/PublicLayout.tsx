import { Outlet } from 'react-router-dom';
import { FloatingTools } from './FloatingTools';
import styles from './PublicLayout.module.css';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** The frame of every public page: fixed header, the page, footer, floating tools. */
export function PublicLayout() {
  return (
    <div className={styles.layout}>
      <SiteHeader />
      <main className={styles.main} data-testid="page-main">
        <Outlet />
      </main>
      <SiteFooter />
      <FloatingTools />
    </div>
  );
}
