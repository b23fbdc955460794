import { Tag } from '@arco-design/web-react';
import type { RegisterApplyKind } from '@cotton/sdk/contracts';
import type { RegisterReviewLocale } from '../locale/zh-CN';

export interface KindTagProps {
  t: RegisterReviewLocale;
  kind: RegisterApplyKind;
}

/** 注册申请 (plain) or 变更申请 (purple): the two go through one review, and the reviewer tells them apart at a glance. */
export function KindTag({ t, kind }: KindTagProps) {
  return (
    <Tag color={kind === 'change' ? 'purple' : undefined} data-kind={kind}>
      {t[`registerReview.kind.${kind}`]}
    </Tag>
  );
}
