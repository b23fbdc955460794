import { Tag } from '@arco-design/web-react';
import { dash } from '@cotton/sdk';
import { statusText } from '../fields';
import type { RegisterReviewLocale } from '../locale/zh-CN';

const COLORS: Record<string, string> = { '0': 'arcoblue', '1': 'green', '2': 'red', '3': 'orange' };

export interface StatusTagProps {
  t: RegisterReviewLocale;
  /** '0' 待审核 (blue), '1' 审核通过 (green), '2' 审核驳回 (red), '3' 退回修改 (orange). */
  status: string;
}

/** An application's status as a coloured tag; an unknown one as it came. */
export function StatusTag({ t, status }: StatusTagProps) {
  const text = statusText(t, status);
  if (!text) return <>{dash(status)}</>;
  return (
    <Tag color={COLORS[status]} data-status={status}>
      {text}
    </Tag>
  );
}
