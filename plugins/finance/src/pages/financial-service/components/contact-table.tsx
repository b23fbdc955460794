import { Empty } from '@arco-design/web-react';
import type { FinanceContact } from '@cotton/sdk/contracts';
import type { FinanceLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

/**
 * The contact table: the centre's offices, then the lending banks (a plain table). On a phone
 * it scrolls sideways in its box with the 单位名称 column (the key) fixed at the left edge.
 */
export function ContactTable({ t, contacts }: { t: FinanceLocale; contacts: readonly FinanceContact[] }) {
  if (contacts.length === 0) {
    return (
      <div data-testid="finance-contact-table">
        <Empty description={t['finance.contacts.empty']} />
      </div>
    );
  }
  return (
    // A box that scrolls sideways (a phone): focusable, so that a keyboard scrolls it too.
    <div
      data-testid="finance-contact-table"
      className={styles['table-box']}
      tabIndex={0}
      role="region"
      aria-label={t['finance.section.contacts']}
    >
      <table className={styles.table} style={{ minWidth: 960 }}>
        <colgroup>
          <col style={{ width: 140 }} />
          <col className={styles['contact-organization']} />
          <col style={{ width: 100 }} />
          <col style={{ width: 150 }} />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{t['finance.contacts.contactType']}</th>
            <th scope="col" className={styles.key}>
              {t['finance.contacts.organization']}
            </th>
            <th scope="col">{t['finance.contacts.contactName']}</th>
            <th scope="col">{t['finance.contacts.phone']}</th>
            <th scope="col">{t['finance.contacts.address']}</th>
          </tr>
        </thead>
        <tbody>
          {contacts.map((row) => (
            <tr key={row.id}>
              <td>
                <span className={row.contactType === 'bank' ? styles['tag-bank'] : styles['tag-office']}>
                  {row.contactType === 'bank' ? t['finance.contacts.type.bank'] : t['finance.contacts.type.office']}
                </span>
              </td>
              <td className={styles.key}>{row.organization}</td>
              <td>{row.contactName}</td>
              <td>{row.phone}</td>
              <td>{row.address}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
