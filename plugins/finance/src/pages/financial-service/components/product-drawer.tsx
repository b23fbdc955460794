import { Button, Descriptions, Drawer, Spin } from '@arco-design/web-react';
import { canRetry, fillText, useQuery } from '@cotton/sdk';
import { useEffect, useState, type ReactNode } from 'react';
import type { FinancialProduct, FinancialProductDetail } from '@cotton/sdk/contracts';
import { queryFinancialProductDetail } from '../../../api';
import { formatRate, formatRatio } from '../format';
import type { FinanceLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

export interface ProductDrawerProps {
  t: FinanceLocale;
  /** The row whose details are shown; `null` closes the drawer. */
  product: FinancialProduct | null;
  onClose: () => void;
}

function TextBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles['detail-block']}>
      <h5 className={styles['detail-title']}>{title}</h5>
      {children}
    </section>
  );
}

function DetailBody({ t, detail }: { t: FinanceLocale; detail: FinancialProductDetail }) {
  const facts = [
    { label: t['finance.detail.bankName'], value: detail.bankName },
    { label: t['finance.detail.modeName'], value: detail.modeName ?? '--' },
    {
      label: t['finance.detail.maxLoanRatio'],
      value: fillText(t['finance.products.ratioUpTo'], { ratio: formatRatio(detail.maxLoanRatio) }),
    },
    {
      label: t['finance.detail.termMonths'],
      value: fillText(t['finance.products.months'], { count: detail.termMonths }),
    },
    {
      label: t['finance.detail.annualRate'],
      value: <span className={styles.rate}>{formatRate(detail.annualRate)}</span>,
    },
  ];
  return (
    <div data-testid="finance-product-detail">
      <Descriptions data={facts} column={1} border labelStyle={{ width: 110 }} />
      <TextBlock title={t['finance.detail.summary']}>
        <p className={styles['detail-text']}>{detail.summary}</p>
      </TextBlock>
      <TextBlock title={t['finance.detail.target']}>
        <p className={styles['detail-text']}>{detail.target}</p>
      </TextBlock>
      <TextBlock title={t['finance.detail.guarantee']}>
        <p className={styles['detail-text']}>{detail.guarantee}</p>
      </TextBlock>
      <TextBlock title={t['finance.detail.repayment']}>
        <p className={styles['detail-text']}>{detail.repayment}</p>
      </TextBlock>
      <TextBlock title={t['finance.detail.conditions']}>
        <ol className={styles['detail-list']}>
          {detail.conditions.map((condition) => (
            <li key={condition}>{condition}</li>
          ))}
        </ol>
      </TextBlock>
      <TextBlock title={t['finance.detail.materials']}>
        <ol className={styles['detail-list']}>
          {detail.materials.map((material) => (
            <li key={material}>{material}</li>
          ))}
        </ol>
      </TextBlock>
    </div>
  );
}

/**
 * A product's details in a drawer, loaded when it opens. A failed load is shown as the
 * server's message (toast, spec §8) and in the drawer with 重试.
 */
export function ProductDrawer({ t, product, onClose }: ProductDrawerProps) {
  // The drawer keeps showing the last product while it animates closed; each opening
  // loads the detail afresh.
  const [previous, setPrevious] = useState(product);
  const [shown, setShown] = useState(product);
  const [opening, setOpening] = useState(0);
  if (product !== previous) {
    setPrevious(product);
    if (product) {
      setShown(product);
      setOpening((n) => n + 1);
    }
  }
  const current = product ?? shown;
  const id = current?.id ?? null;
  const { data, loading, error, reload } = useQuery(
    () => (id === null ? Promise.resolve(null) : queryFinancialProductDetail(id).then(({ product: detail }) => detail)),
    [id, opening],
  );
  const detail = data && data.id === id ? data : null;

  // Arco's Drawer closes on Esc only while focus is inside it, and its first opening
  // does not always move focus there (the portal mounts after its focus effect).
  const open = product !== null;
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  // Mounted from the first 查看详情 on (it then stays, to animate closed): the page's first
  // render does not pay for a closed drawer.
  if (!current) return null;
  return (
    <Drawer
      visible={product !== null}
      width={560}
      title={current ? `${current.productName} · ${t['finance.detail.title']}` : t['finance.detail.title']}
      onCancel={onClose}
      escToExit={false}
      footer={null}
      unmountOnExit
    >
      <div data-testid="finance-product-drawer">
        {error && !loading ? (
          <div className={styles['drawer-error']} role="alert">
            <p>{t['finance.detail.error']}</p>
            <p className={styles['drawer-error-message']}>{error.message}</p>
            {/* 重试 only where trying again may succeed (network, 5xx). */}
            {canRetry(error) && (
              <Button type="primary" size="small" onClick={() => reload()}>
                {t['finance.detail.retry']}
              </Button>
            )}
          </div>
        ) : (
          <Spin loading={loading || !detail} block className={styles['drawer-spin']}>
            {detail ? <DetailBody t={t} detail={detail} /> : <div className={styles['drawer-placeholder']} />}
          </Spin>
        )}
      </div>
    </Drawer>
  );
}
