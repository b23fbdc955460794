import { useState } from 'react';
import { Message } from '@arco-design/web-react';
import { fillText, toApiError } from '@cotton/sdk';
import { approveRegisterApply, rejectRegisterApply, returnRegisterApply } from '../../../api';
import type { RegisterReviewLocale } from '../locale/zh-CN';

/** 审核通过, 退回修改, 驳回. */
export type ReviewDecision = 'approve' | 'return' | 'reject';

export interface ReviewActionsOptions {
  t: RegisterReviewLocale;
  /** After a decision the server took: reload the detail and the list. */
  onDecided: () => void;
}

/** How long the approval's message (业务代码, login name) stays: long enough to note them. */
const APPROVED_MESSAGE_MS = 10_000;

/**
 * The reviewer's decisions on one application. `pending` names the one under way (its
 * button spins, the others wait). A refusal (e.g. 该申请已由其他审核人处理，请刷新后查看 when
 * another reviewer decided first) is shown once: not at all when the request layer has told
 * the user already (`handled`).
 */
export function useReviewActions({ t, onDecided }: ReviewActionsOptions) {
  const [pending, setPending] = useState<ReviewDecision | null>(null);

  /**
   * 审核通过; the message names the enterprise's 业务代码 and its administrator's login name (a
   * change request: the enterprise whose information it changed).
   */
  async function approve(id: string, round: number): Promise<void> {
    setPending('approve');
    try {
      const { kind, enterpriseCode, loginName } = await approveRegisterApply(id, round);
      Message.success({
        content: fillText(t[kind === 'change' ? 'registerReview.approvedChange' : 'registerReview.approved'], {
          enterpriseCode,
          loginName,
        }),
        duration: APPROVED_MESSAGE_MS,
        closable: true,
      });
      onDecided();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) Message.error(apiError.message);
    } finally {
      setPending(null);
    }
  }

  /**
   * 退回修改 or 驳回 with the reason. Resolves null when the server took it, else the
   * refusal to show in the reason dialog ('' when the user was told already).
   */
  async function decide(
    decision: 'return' | 'reject',
    id: string,
    round: number,
    reason: string,
  ): Promise<string | null> {
    setPending(decision);
    try {
      if (decision === 'return') await returnRegisterApply({ id, round, reason });
      else await rejectRegisterApply({ id, round, reason });
      Message.success(decision === 'return' ? t['registerReview.returned'] : t['registerReview.rejected']);
      onDecided();
      return null;
    } catch (failure) {
      const apiError = toApiError(failure);
      return apiError.handled ? '' : apiError.message;
    } finally {
      setPending(null);
    }
  }

  return { pending, approve, decide };
}
