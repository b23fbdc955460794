import { Checkbox, Message, Modal } from '@arco-design/web-react';
import type { AgreementFlag, LoginAgreement } from '@cotton/sdk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchAgreement } from './api';
import { LOGIN_TEXT } from './locale';
import styles from './login.module.css';

export interface AgreementState {
  agreement: LoginAgreement | null;
  flag: AgreementFlag;
  agreed: boolean;
  setAgreed(agreed: boolean): void;
  /** False (after warning 请勾选…) when the agreement must be ticked and is not. */
  ensure(): boolean;
}

/**
 * The login agreement (spec §4): flag 1 must be ticked, 2 is pre-ticked and cannot be
 * changed, anything else is an unticked, optional box. No agreement, no box. The 请勾选…
 * warning goes away when the box is ticked or the login page is left (it must not follow
 * the user onto the back office).
 */
export function useLoginAgreement(): AgreementState {
  const [agreement, setAgreement] = useState<LoginAgreement | null>(null);
  const [flag, setFlag] = useState<AgreementFlag>('0');
  const [agreed, setAgreedState] = useState(false);
  const closeWarning = useRef<(() => void) | null>(null);

  const dismissWarning = useCallback(() => {
    closeWarning.current?.();
    closeWarning.current = null;
  }, []);
  useEffect(() => dismissWarning, [dismissWarning]);

  const setAgreed = useCallback(
    (next: boolean) => {
      if (next) dismissWarning();
      setAgreedState(next);
    },
    [dismissWarning],
  );

  useEffect(() => {
    let active = true;
    fetchAgreement().then(
      (answer) => {
        if (!active) return;
        setAgreement(answer.agreement);
        setFlag(answer.flag);
        if (answer.flag === '2') setAgreedState(true);
      },
      (error: unknown) => {
        if (active && error instanceof Error && error.message) Message.error(error.message);
      },
    );
    return () => {
      active = false;
    };
  }, []);

  const ensure = useCallback(() => {
    if (!agreement || flag !== '1' || agreed) return true;
    closeWarning.current = Message.warning({
      id: AGREEMENT_WARNING_ID,
      content: `${LOGIN_TEXT.agreementRequired}${agreement.displayName}`,
    });
    return false;
  }, [agreement, flag, agreed]);

  return { agreement, flag, agreed, setAgreed, ensure };
}

const AGREEMENT_WARNING_ID = 'login-agreement-required';

export function AgreementCheckbox({ state }: { state: AgreementState }) {
  const [open, setOpen] = useState(false);
  const { agreement, flag, agreed, setAgreed } = state;
  if (!agreement) return null;
  return (
    <div className={styles.agreement} data-testid="login-agreement">
      <Checkbox checked={agreed} disabled={flag === '2'} onChange={setAgreed} data-testid="login-agreement-checkbox">
        {LOGIN_TEXT.agree}
      </Checkbox>
      <button
        type="button"
        className={styles.linkButton}
        onClick={() => setOpen(true)}
        data-testid="login-agreement-open"
      >
        {agreement.displayName}
      </button>
      <Modal
        title={agreement.title || agreement.displayName}
        visible={open}
        okText={LOGIN_TEXT.agreementOk}
        cancelText={LOGIN_TEXT.agreementClose}
        onOk={() => {
          if (flag !== '2') setAgreed(true);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      >
        <div className={styles.agreementText} data-testid="login-agreement-text">
          {agreement.content}
        </div>
      </Modal>
    </div>
  );
}
