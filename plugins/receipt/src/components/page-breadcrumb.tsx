import { Breadcrumb } from '@arco-design/web-react';
import { Link } from 'react-router-dom';
import styles from './style/index.module.css';

export interface Crumb {
  title: string;
  /** Where the crumb leads; the last crumb (the current page) has none. */
  to?: string;
}

/** 首页 > … breadcrumb; every crumb but the last is a link. */
export function PageBreadcrumb({ items }: { items: Crumb[] }) {
  return (
    <Breadcrumb className={styles.breadcrumb} data-testid="breadcrumb">
      {items.map((item) => (
        <Breadcrumb.Item key={item.title}>
          {item.to ? (
            <Link to={item.to} className={styles['breadcrumb-link']}>
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </Breadcrumb.Item>
      ))}
    </Breadcrumb>
  );
}
