import { Empty } from '@arco-design/web-react';
import { fillText } from '@cotton/sdk';
import type { FinancialProduct } from '@cotton/sdk/contracts';
import { formatRate, formatRatio } from '../format';
import type { FinanceLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

export interface ProductTableProps {
  t: FinanceLocale;
  products: readonly FinancialProduct[];
  onViewDetail: (product: FinancialProduct) => void;
}

/**
 * The online financing product table: a plain table (a handful of rows; the component
 * table cost a long task to mount), scrolling sideways in its box on a narrow screen.
 */
export function ProductTable({ t, products, onViewDetail }: ProductTableProps) {
  return (
    <div data-testid="finance-product-table">
      {products.length > 0 ? (
        <div className={styles['table-box']}>
          <table className={styles.table} style={{ minWidth: 810 }}>
            <colgroup>
              <col style={{ width: 160 }} />
              <col style={{ width: 180 }} />
              <col style={{ width: 130 }} />
              <col style={{ width: 110 }} />
              <col style={{ width: 120 }} />
              <col style={{ width: 110 }} />
            </colgroup>
            <thead>
              <tr>
                <th scope="col" className={styles.key}>
                  {t['finance.products.productName']}
                </th>
                <th scope="col">{t['finance.products.bankName']}</th>
                <th scope="col" className={styles.right}>
                  {t['finance.products.maxLoanRatio']}
                </th>
                <th scope="col" className={styles.right}>
                  {t['finance.products.termMonths']}
                </th>
                <th scope="col" className={styles.right}>
                  {t['finance.products.annualRate']}
                </th>
                <th scope="col" className={styles.center}>
                  {t['finance.products.action']}
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((row) => (
                <tr key={row.id}>
                  <td className={styles.key}>{row.productName}</td>
                  <td>{row.bankName}</td>
                  <td className={styles.right}>
                    {fillText(t['finance.products.ratioUpTo'], { ratio: formatRatio(row.maxLoanRatio) })}
                  </td>
                  <td className={styles.right}>{fillText(t['finance.products.months'], { count: row.termMonths })}</td>
                  <td className={styles.right}>
                    <span className={styles.rate}>{formatRate(row.annualRate)}</span>
                  </td>
                  <td className={styles.center}>
                    <button
                      type="button"
                      className={styles['link-button']}
                      onClick={() => onViewDetail(row)}
                      data-testid="finance-product-view"
                    >
                      {t['finance.products.viewDetail']}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Empty description={t['finance.products.empty']} />
      )}
      <p className={styles.note}>{t['finance.products.note']}</p>
    </div>
  );
}
