import { Empty, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import type { FinanceContact } from '@cotton/sdk';
import type { FinanceLocale } from '../locale/zh-CN';

export function getContactColumns(t: FinanceLocale): TableColumnProps<FinanceContact>[] {
  return [
    {
      title: t['finance.contacts.contactType'],
      dataIndex: 'contactType',
      width: 140,
      render: (value: string) =>
        value === 'bank' ? (
          <Tag color="arcoblue">{t['finance.contacts.type.bank']}</Tag>
        ) : (
          <Tag color="green">{t['finance.contacts.type.office']}</Tag>
        ),
    },
    { title: t['finance.contacts.organization'], dataIndex: 'organization', width: 300 },
    { title: t['finance.contacts.contactName'], dataIndex: 'contactName', width: 100 },
    { title: t['finance.contacts.phone'], dataIndex: 'phone', width: 150 },
    { title: t['finance.contacts.address'], dataIndex: 'address' },
  ];
}

/** The contact table: the centre's offices, then the lending banks. */
export function ContactTable({ t, contacts }: { t: FinanceLocale; contacts: readonly FinanceContact[] }) {
  return (
    <div data-testid="finance-contact-table">
      <Table
        rowKey="id"
        columns={getContactColumns(t)}
        data={[...contacts]}
        pagination={false}
        border={{ wrapper: true, cell: true }}
        scroll={{ x: 960 }}
        noDataElement={<Empty description={t['finance.contacts.empty']} />}
      />
    </div>
  );
}
