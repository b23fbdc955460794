import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { FloatingTools } from './FloatingTools';
import styles from './PublicLayout.module.css';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/**
 * The frame of every public page: fixed header, the page (`children`, or the matched child
 * route), footer, floating tools.
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.layout}>
      <SiteHeader />
      <main className={styles.main} data-testid="page-main">
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
      <FloatingTools />
    </div>
  );
}
