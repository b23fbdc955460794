import { useCallback, useEffect, useRef } from 'react';
import { Modal } from '@arco-design/web-react';
import { useBlocker } from 'react-router-dom';

export interface LeaveGuardProps {
  /** Whether leaving now would drop something the applicant entered. */
  hasInput: () => boolean;
}

/**
 * Asks before the page leaves the registration form while it holds input: 返回, the browser's
 * (a phone's) Back button, a link in the header. 放弃并离开 goes on; 继续填写 stays, the input
 * kept. A reload or a closed tab is not asked about. Needs a data router (the shell's).
 */
export function LeaveGuard({ hasInput }: LeaveGuardProps) {
  const latest = useRef(hasInput);
  useEffect(() => {
    latest.current = hasInput;
  });
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
        (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
        latest.current(),
      [],
    ),
  );

  // One question per blocked leave, however often the page renders meanwhile.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    const settle = (go: boolean) => {
      asking.current = false;
      if (go) blocker.proceed();
      else blocker.reset();
    };
    Modal.confirm({
      title: '放弃填写的注册信息？',
      content: '离开后，本页已填写的内容和上传的文件不会保存。',
      okText: '放弃并离开',
      cancelText: '继续填写',
      onOk: () => settle(true),
      onCancel: () => settle(false),
    });
  }, [blocker]);

  return null;
}

type Location = { pathname: string; search: string };
