import { useCallback, useEffect, useRef } from 'react';
import { Modal } from '@arco-design/web-react';
import { useBlocker, useLocation } from 'react-router-dom';

/** What the guard asks before input is dropped. */
export interface LeaveQuestion {
  title: string;
  content: string;
  okText: string;
}

/** The registration form's question (企业注册). */
export const REGISTER_LEAVE_QUESTION: LeaveQuestion = {
  title: '放弃填写的注册信息？',
  content: '离开后，本页已填写的内容和上传的文件不会保存。',
  okText: '放弃并离开',
};

export interface LeaveGuardOptions {
  /** The question (default {@link REGISTER_LEAVE_QUESTION}); 继续填写 stays. */
  question?: LeaveQuestion;
  /**
   * Only the browser's (a phone's) Back and Forward buttons ask, not a link: in a back-office
   * workspace tab, which keeps the page and its input while another tab is shown.
   */
  backOnly?: boolean;
  /** After 放弃…: the input is dropped (a page kept mounted starts its form afresh). */
  onDiscard?: () => void;
}

export interface LeaveGuardProps extends LeaveGuardOptions {
  /** Whether leaving now would drop something the applicant entered. */
  hasInput: () => boolean;
}

/**
 * Asks before the page leaves a form while it holds input: 返回 (which navigates), the browser's
 * (a phone's) Back button, a link in the header. 放弃… goes on; 继续填写 stays, the input kept.
 * A reload or a closed tab is not asked about. Only a navigation away from the form's own address
 * asks (a page kept hidden in a workspace tab does not hold up the others). Needs a data router
 * (the shell's).
 */
export function LeaveGuard({ hasInput, question = REGISTER_LEAVE_QUESTION, backOnly, onDiscard }: LeaveGuardProps) {
  const latest = useRef({ hasInput, onDiscard });
  useEffect(() => {
    latest.current = { hasInput, onDiscard };
  });
  const own = useLocation();
  const ownAddress = own.pathname + own.search;
  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
        historyAction,
      }: {
        currentLocation: Location;
        nextLocation: Location;
        historyAction: string;
      }) =>
        currentLocation.pathname + currentLocation.search === ownAddress &&
        (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
        (!backOnly || historyAction === 'POP') &&
        latest.current.hasInput(),
      [ownAddress, backOnly],
    ),
  );

  // One question per blocked leave, however often the page renders meanwhile.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    const settle = (go: boolean) => {
      asking.current = false;
      if (go) {
        blocker.proceed();
        latest.current.onDiscard?.();
      } else blocker.reset();
    };
    Modal.confirm({
      ...question,
      cancelText: '继续填写',
      onOk: () => settle(true),
      onCancel: () => settle(false),
    });
  }, [blocker, question]);

  return null;
}

type Location = { pathname: string; search: string };
