import { Button, Empty, Table, type TableColumnProps } from '@arco-design/web-react';
import { fillText } from '@cotton/sdk';
import type { FinancialProduct } from '@cotton/sdk';
import { formatRate, formatRatio } from '../format';
import type { FinanceLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

export interface ProductTableProps {
  t: FinanceLocale;
  products: readonly FinancialProduct[];
  onViewDetail: (product: FinancialProduct) => void;
}

export function getProductColumns(
  t: FinanceLocale,
  onViewDetail: (product: FinancialProduct) => void,
): TableColumnProps<FinancialProduct>[] {
  return [
    { title: t['finance.products.productName'], dataIndex: 'productName', width: 160, fixed: 'left' },
    { title: t['finance.products.bankName'], dataIndex: 'bankName', width: 180 },
    {
      title: t['finance.products.maxLoanRatio'],
      dataIndex: 'maxLoanRatio',
      width: 130,
      align: 'right',
      render: (value: number) => fillText(t['finance.products.ratioUpTo'], { ratio: formatRatio(value) }),
    },
    {
      title: t['finance.products.termMonths'],
      dataIndex: 'termMonths',
      width: 110,
      align: 'right',
      render: (value: number) => fillText(t['finance.products.months'], { count: value }),
    },
    {
      title: t['finance.products.annualRate'],
      dataIndex: 'annualRate',
      width: 120,
      align: 'right',
      render: (value: number) => <span className={styles.rate}>{formatRate(value)}</span>,
    },
    {
      title: t['finance.products.action'],
      key: 'action',
      width: 110,
      align: 'center',
      render: (_: unknown, row: FinancialProduct) => (
        <Button type="text" size="small" onClick={() => onViewDetail(row)} data-testid="finance-product-view">
          {t['finance.products.viewDetail']}
        </Button>
      ),
    },
  ];
}

/** The online financing product table. */
export function ProductTable({ t, products, onViewDetail }: ProductTableProps) {
  return (
    <div data-testid="finance-product-table">
      <Table
        rowKey="id"
        columns={getProductColumns(t, onViewDetail)}
        data={[...products]}
        pagination={false}
        border={{ wrapper: true, cell: true }}
        scroll={{ x: 810 }}
        noDataElement={<Empty description={t['finance.products.empty']} />}
      />
      <p className={styles.note}>{t['finance.products.note']}</p>
    </div>
  );
}
