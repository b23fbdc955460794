import { useCallback, useEffect, useState } from 'react';
import { Message, Spin, Typography } from '@arco-design/web-react';
import { toApiError } from '@cotton/sdk';
import type { RegisterApplicantView } from '@cotton/sdk';
import { getStatus } from '../../api';
import { RegisterForm } from '../register/components/RegisterForm';
import { StatusQueryForm } from './components/StatusQueryForm';
import { StatusView } from './components/StatusView';
import styles from './style/index.module.css';

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
 * here, in the registration form started from what was submitted, and resubmitted.
 */
export function RegisterStatusPage() {
  const [view, setView] = useState<RegisterApplicantView | null>(null);
  const [restoring, setRestoring] = useState(() => storedToken() !== null);
  const [correcting, setCorrecting] = useState(false);

  const show = useCallback((next: RegisterApplicantView | null) => {
    storeToken(next?.statusToken ?? null);
    setView(next);
    setCorrecting(false);
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

  let body;
  if (restoring) {
    body = (
      <div className={styles.loading}>
        <Spin tip="加载中…" />
      </div>
    );
  } else if (view && correcting && view.correction) {
    body = (
      <RegisterForm
        accountTypeId={view.correction.accountTypeIds.join(',')}
        correction={{ statusToken: view.statusToken, values: view.correction.values, files: view.correction.files }}
        onBack={() => setCorrecting(false)}
        onViewStatus={() => void reload(view.statusToken)}
      />
    );
  } else if (view) {
    body = <StatusView view={view} onCorrect={() => setCorrecting(true)} onReset={() => show(null)} />;
  } else {
    body = <StatusQueryForm onFound={show} />;
  }

  return (
    <div className={styles.page} data-testid="register-status-page">
      <div className={styles.inner}>
        <div className={styles.panel}>
          {correcting ? null : (
            <Typography.Title heading={4} className={styles.title}>
              注册进度查询
            </Typography.Title>
          )}
          {body}
        </div>
      </div>
    </div>
  );
}
