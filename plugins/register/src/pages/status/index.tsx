import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Message, Spin } from '@arco-design/web-react';
import { toApiError } from '@cotton/sdk';
import type { RegisterApplicantView } from '@cotton/sdk/contracts';
import { getStatus, resubmitRegisterApply } from '../../api';
import type { RegisterCorrection } from '../register/application';
import { LazyRegisterForm } from '../register/components/LazyRegisterForm';
import type { LeaveGuardOptions } from '../register/components/LeaveGuard';
import { useFormStep } from '../register/hooks/useFormStep';
import { StatusQueryForm } from './components/StatusQueryForm';
import { StatusView } from './components/StatusView';
import frame from '../register/style/index.module.css';
import styles from './style/index.module.css';

/** How often an open correction renews its token (good 30 minutes, at most 2 hours after the SMS code). */
export const TOKEN_RENEW_MS = 10 * 60 * 1000;

/** The correction's address: `/register/status?correct=1`, a history entry of its own. */
export const CORRECT_STEP_PARAM = 'correct';

/** Leaving the correction with input asks this (返回, the phone's Back button, a link). */
const CORRECTION_LEAVE: LeaveGuardOptions = {
  question: {
    title: '放弃本次修改？',
    content: '返回后，本次填写的修改和新上传的文件不会保存。',
    okText: '放弃修改',
  },
};

/** Where the tab keeps the status token (30 minutes), so a reload shows the application again. */
export const STATUS_TOKEN_KEY = 'dandelion__REGISTER_STATUS_TOKEN';

function storedToken(): string | null {
  try {
    return sessionStorage.getItem(STATUS_TOKEN_KEY);
  } catch {
    return null;
  }
}

function storeToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(STATUS_TOKEN_KEY, token);
    else sessionStorage.removeItem(STATUS_TOKEN_KEY);
  } catch {
    // Storage refused (privacy mode): a reload asks for a code again.
  }
}

/**
 * 注册进度查询 (`/register/status`, docs/registration.md "The applicant's status"): the
 * applicant's credit code and an SMS code show the application; a returned one is corrected
 * here, in the registration form started from what was submitted, and resubmitted. The
 * correction is a history entry of its own (`?correct=1`, `useFormStep` as 企业注册's form): a
 * phone's Back button returns to the status, asking first when something was typed.
 */
export function RegisterStatusPage() {
  const [view, setView] = useState<RegisterApplicantView | null>(null);
  const [restoring, setRestoring] = useState(() => storedToken() !== null);
  const correctStep = useFormStep(CORRECT_STEP_PARAM);
  // Correcting while the address says so and the application shown can be corrected.
  const correcting = correctStep.value !== undefined && !restoring && view?.correction != null;
  const strayStep = correctStep.value !== undefined && !restoring && view?.correction == null;
  const closeStep = correctStep.close;
  // Nothing to correct (a reload after the token expired, the status read after a resubmission):
  // the step's entry goes, back to the status or the query form.
  useEffect(() => {
    if (strayStep) closeStep();
  }, [strayStep, closeStep]);

  // The latest token: a reading gives a new one, and while the applicant corrects the
  // application it is renewed every few minutes (the form reads it when it submits).
  const tokenRef = useRef<string | null>(null);

  const show = useCallback((next: RegisterApplicantView | null) => {
    tokenRef.current = next?.statusToken ?? null;
    storeToken(next?.statusToken ?? null);
    setView(next);
  }, []);

  const reload = useCallback(
    async (token: string | null) => {
      if (!token) {
        setRestoring(false);
        return;
      }
      try {
        show(await getStatus(token));
      } catch (thrown) {
        // An expired token (400): the query form again, which explains itself; anything else is told.
        const error = toApiError(thrown);
        if (error.code !== '400' && !error.handled) Message.error(error.message);
        show(null);
      } finally {
        setRestoring(false);
      }
    },
    [show],
  );

  useEffect(() => {
    void reload(storedToken());
  }, [reload]);

  useEffect(() => {
    if (!correcting) return;
    const timer = setInterval(() => {
      const token = tokenRef.current;
      if (!token) return;
      getStatus(token).then(
        (next) => {
          tokenRef.current = next.statusToken;
          storeToken(next.statusToken);
        },
        // Not renewed (offline a moment): the next tick tries again; the submission says so if it has expired.
        () => undefined,
      );
    }, TOKEN_RENEW_MS);
    return () => clearInterval(timer);
  }, [correcting]);

  const correction = useMemo<RegisterCorrection | undefined>(
    () =>
      view?.correction
        ? {
            submit: (apply, files) => resubmitRegisterApply(apply, files, tokenRef.current ?? ''),
            values: view.correction.values,
            files: view.correction.files,
          }
        : undefined,
    [view],
  );

  let body;
  if (restoring) {
    body = (
      <div className={frame.loading}>
        <Spin tip="加载中…" />
      </div>
    );
  } else if (view && correcting && view.correction && correction) {
    body = (
      <LazyRegisterForm
        accountTypeId={view.correction.accountTypeIds.join(',')}
        correction={correction}
        guardLeaving={CORRECTION_LEAVE}
        onBack={correctStep.close}
        onViewStatus={() => void reload(tokenRef.current)}
      />
    );
  } else if (view) {
    body = <StatusView view={view} onCorrect={() => correctStep.open('1')} onReset={() => show(null)} />;
  } else {
    body = <StatusQueryForm onFound={show} />;
  }

  return (
    <div className={frame.page} data-testid="register-status-page">
      <div className={frame.inner}>
        <div className={frame.panel}>
          {correcting ? null : <h4 className={styles.title}>注册进度查询</h4>}
          {body}
        </div>
      </div>
    </div>
  );
}
