import { Button } from '@arco-design/web-react';
import type { CSSProperties } from 'react';
import styles from './FooterPager.module.css';

export interface FooterPagerProps {
  /** 1-based page number. */
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  className?: string;
  style?: CSSProperties;
}

/**
 * 首页 / 上一页 / 下一页 / 末页 with `第 x / y 页，共 n 条`. Laid out by its own stylesheet, not
 * Arco's Space: a public list page (/warehouse) draws the pager without Arco's Table, and Space
 * is in the table's chunk (shell/vite/chunk-groups.ts).
 */
export function FooterPager({ current, pageSize, total, onChange, className, style }: FooterPagerProps) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const page = Math.min(Math.max(1, current), pages);
  const atFirst = page <= 1;
  const atLast = page >= pages;
  return (
    <div className={[styles.pager, 'cotton-footer-pager', className].filter(Boolean).join(' ')} style={style}>
      <Button size="small" disabled={atFirst} onClick={() => onChange(1)}>
        首页
      </Button>
      <Button size="small" disabled={atFirst} onClick={() => onChange(page - 1)}>
        上一页
      </Button>
      <span className="cotton-footer-pager-text">{`第 ${page} / ${pages} 页，共 ${total} 条`}</span>
      <Button size="small" disabled={atLast} onClick={() => onChange(page + 1)}>
        下一页
      </Button>
      <Button size="small" disabled={atLast} onClick={() => onChange(pages)}>
        末页
      </Button>
    </div>
  );
}
