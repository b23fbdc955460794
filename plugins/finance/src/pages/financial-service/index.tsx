import { useEffect, useState, type ReactNode } from 'react';
import { Button, Empty } from '@arco-design/web-react';
import { IconExclamationCircle } from '@arco-design/web-react/icon';
import { LightSpin, canRetry, useQuery } from '@cotton/sdk';
import { useLocation } from 'react-router-dom';
import type { FinancialProduct, ProcessStep } from '@cotton/sdk/contracts';
import { queryFinancialService } from '../../api';
import { Advantages } from './components/advantages';
import { ContactTable } from './components/contact-table';
import { ModeCards } from './components/mode-cards';
import { ProcessDiagram } from './components/process-diagram';
import { ProductTable } from './components/product-table';
import locale, { type FinanceLocale } from './locale/zh-CN';
import styles from './style/index.module.css';
import { lazyPage } from '@cotton/sdk';

// Arco's Drawer and Descriptions are loaded with the first 查看详情 (issue 30), not with the page.
const ProductDrawer = lazyPage(
  () => import('./components/product-drawer').then((module) => module.ProductDrawer),
  'ProductDrawer',
  null,
);

/** The overall process image: the same for every product, so it is part of the page. */
const PROCESS_STEPS = ['open', 'register', 'apply', 'approve', 'pledge', 'loan', 'repay'] as const;

function overallProcess(t: FinanceLocale): ProcessStep[] {
  return PROCESS_STEPS.map((key) => ({
    title: t[`finance.process.step.${key}`],
    description: t[`finance.process.step.${key}.description`],
  }));
}

/** Element ids of the sections; `/financialService#finance-products` scrolls to the products. */
export const SECTION_IDS = {
  advantages: 'finance-advantages',
  process: 'finance-process',
  modes: 'finance-modes',
  products: 'finance-products',
  contacts: 'finance-contacts',
} as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className={styles.section} data-testid={`finance-section-${id.replace('finance-', '')}`}>
      <h5 className={styles['section-title']}>{title}</h5>
      {children}
    </section>
  );
}

/**
 * The public financial service page (`/financialService`): four advantages, the process
 * image, the financing modes (hover intro, 查看流程 modal), the online financing products
 * (查看详情 drawer) and the contacts of the offices and banks.
 */
export function FinancialService() {
  const t = locale;
  const { hash } = useLocation();
  const { data, loading, error, reload } = useQuery(() => queryFinancialService(), []);
  const [detailOf, setDetailOf] = useState<FinancialProduct | null>(null);
  // The drawer mounts with its first opening and then stays (to animate closed).
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (detailOf && !drawerMounted) setDrawerMounted(true);

  // A link to a section (`#finance-products`) scrolls to it once the page has its content.
  useEffect(() => {
    if (!data || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [data, hash]);

  const header = (
    <header className={styles.banner}>
      <h4 className={styles.title}>{t['finance.title']}</h4>
      <p className={styles.subtitle}>{t['finance.subtitle']}</p>
    </header>
  );

  if (error && !loading) {
    return (
      <div className={styles.container} data-testid="finance-page">
        {header}
        <div className={styles.status} role="alert" data-testid="finance-error">
          <IconExclamationCircle className={styles['status-icon']} />
          <h6 className={styles['status-title']}>{t['finance.error.title']}</h6>
          <p className={styles['status-message']}>{error.message}</p>
          {/* 重试 only where trying again may succeed (network, 5xx). */}
          {canRetry(error) && (
            <Button type="primary" onClick={() => reload()}>
              {t['finance.error.retry']}
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className={styles.container} data-testid="finance-page">
      {header}
      <LightSpin loading={loading} className={styles.spin}>
        {data ? (
          <>
            <Section id={SECTION_IDS.advantages} title={t['finance.section.advantages']}>
              {data.advantages.length > 0 ? <Advantages advantages={data.advantages} /> : <Empty />}
            </Section>
            <Section id={SECTION_IDS.process} title={t['finance.section.process']}>
              <ProcessDiagram
                label={t['finance.process.caption']}
                steps={overallProcess(t)}
                testId="finance-process-diagram"
              />
            </Section>
            <Section id={SECTION_IDS.modes} title={t['finance.section.modes']}>
              <ModeCards t={t} modes={data.modes} />
            </Section>
            <Section id={SECTION_IDS.products} title={t['finance.section.products']}>
              <ProductTable t={t} products={data.products} onViewDetail={setDetailOf} />
            </Section>
            <Section id={SECTION_IDS.contacts} title={t['finance.section.contacts']}>
              <ContactTable t={t} contacts={data.contacts} />
            </Section>
          </>
        ) : (
          <div className={styles.placeholder} data-testid="finance-loading" />
        )}
      </LightSpin>
      {drawerMounted ? <ProductDrawer t={t} product={detailOf} onClose={() => setDetailOf(null)} /> : null}
    </div>
  );
}
