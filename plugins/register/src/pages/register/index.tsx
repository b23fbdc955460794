import { useRef, useState } from 'react';
import { Steps } from '@arco-design/web-react';
import { Link } from 'react-router-dom';
import { AccountTypeStep } from './components/AccountTypeStep';
import { LazyRegisterForm, loadRegisterForm } from './components/LazyRegisterForm';
import styles from './style/index.module.css';

/**
 * 企业注册 (`/register`, spec §2): choose the account type, then fill in the registration
 * form the server describes for it.
 */
export function RegisterPage() {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [step, setStep] = useState<1 | 2>(1);
  const top = useRef<HTMLDivElement>(null);

  return (
    <div className={styles.page} data-testid="register-page" ref={top}>
      <div className={styles.inner}>
        <div className={styles.panel}>
          <Steps current={step} className={styles.steps} size="small">
            <Steps.Step title="选择账户类型" />
            <Steps.Step title="填写注册信息" />
            <Steps.Step title="等待审核" />
          </Steps>
          {step === 1 ? (
            <div className={styles.statusLink}>
              已提交注册申请？
              <Link to="/register/status" data-testid="register-status-link">
                查询审核进度
              </Link>
            </div>
          ) : null}
          {step === 1 ? (
            <AccountTypeStep
              value={chosen}
              onChange={(id) => {
                setChosen(id);
                // A type chosen: fetch step 2's form now, so 下一步 shows it at once.
                void loadRegisterForm().catch(() => undefined);
              }}
              onNext={(id) => {
                setChosen(id);
                setStep(2);
                top.current?.scrollIntoView?.({ block: 'start' });
              }}
            />
          ) : (
            <LazyRegisterForm accountTypeId={chosen ?? ''} onBack={() => setStep(1)} />
          )}
        </div>
      </div>
    </div>
  );
}
