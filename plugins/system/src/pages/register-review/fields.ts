import type { RegisterApplyKind, RegisterApplyStatus } from '@cotton/sdk/contracts';
import type { CodeValue, ListOption } from '@cotton/sdk';
import type { RegisterReviewLocale } from './locale/zh-CN';

/**
 * The list's `filters` as getApplyPage reads them: 企业名称 and 统一社会信用代码 match any part,
 * 状态 and 所属服务区域 exactly. `status` is set by the status buttons above the search form.
 */
export interface RegisterReviewFilters {
  traderName?: string;
  uniformCreditCode?: string;
  serviceAreaCode?: string;
  status?: RegisterApplyStatus;
  /** 注册申请 or 变更申请 (an approved enterprise's change of its registered information). */
  kind?: RegisterApplyKind;
}

export const APPLY_KINDS: readonly RegisterApplyKind[] = ['register', 'change'];

/** The statuses in the order a reviewer works through them: 待审核 first. */
export const REVIEW_STATUSES: readonly RegisterApplyStatus[] = ['0', '3', '1', '2'];

/**
 * The offices when getregiongroups cannot answer: the five that take applicants
 * (docs/registration.md "Reference data"; 青岛 takes none).
 */
export const FIXED_SERVICE_AREAS: readonly CodeValue[] = [
  { code: 'WLMQ', value: '乌鲁木齐办事处' },
  { code: 'KEL', value: '库尔勒办事处' },
  { code: 'AKS', value: '阿克苏办事处' },
  { code: 'KS', value: '喀什办事处' },
  { code: 'ZZ', value: '郑州办事处' },
];

export function statusText(t: RegisterReviewLocale, status: string): string | undefined {
  switch (status) {
    case '0':
    case '1':
    case '2':
    case '3':
      return t[`registerReview.status.${status}`];
    default:
      return undefined;
  }
}

export function statusOptions(t: RegisterReviewLocale): ListOption[] {
  return REVIEW_STATUSES.map((status) => ({ label: t[`registerReview.status.${status}`], value: status }));
}

export function kindOptions(t: RegisterReviewLocale): ListOption[] {
  return APPLY_KINDS.map((kind) => ({ label: t[`registerReview.kind.${kind}`], value: kind }));
}
