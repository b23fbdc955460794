import { useRef, useState } from 'react';
import { Steps } from '@arco-design/web-react';
import { Link } from 'react-router-dom';
import { AccountTypeStep } from './components/AccountTypeStep';
import { LazyRegisterForm, loadRegisterForm } from './components/LazyRegisterForm';
import { useFormStep } from './hooks/useFormStep';
import { usePhoneWidth } from './hooks/usePhoneWidth';
import styles from './style/index.module.css';

const STEP_TITLES = ['选择账户类型', '填写注册信息', '等待审核'];

/** A stacked step on a phone: its number, its title and 8 px of line to the next one. */
const PHONE_STEP_STYLE = { minHeight: 44 };

/** The form step's address: `/register?type=<account type id>`. */
export const FORM_STEP_PARAM = 'type';

/**
 * 企业注册 (`/register`, spec §2): choose the account type, then fill in the registration
 * form the server describes for it. The form step is a history entry of its own
 * (`?type=<id>`): a phone's Back button from the form returns to the type step, Forward
 * opens the form again (`useFormStep`, as the status page's correction). Leaving a form with
 * input asks first (RegisterForm `guardLeaving`).
 */
export function RegisterPage() {
  const formStep = useFormStep(FORM_STEP_PARAM);
  const formType = formStep.value;
  const [chosen, setChosen] = useState<string | undefined>(formType);
  // The type of the form shown: the type step shows it chosen after Back.
  const [shownType, setShownType] = useState(formType);
  if (formType !== shownType) {
    setShownType(formType);
    if (formType) setChosen(formType);
  }
  const step = formType ? 2 : 1;
  const top = useRef<HTMLDivElement>(null);
  // On a phone the steps stack, closer than Arco's 90 px: side by side their titles do not fit.
  const phone = usePhoneWidth();

  return (
    <div className={styles.page} data-testid="register-page" ref={top}>
      <div className={styles.inner}>
        <div className={styles.panel}>
          <Steps
            current={step}
            className={styles.steps}
            size="small"
            direction={phone ? 'vertical' : 'horizontal'}
            data-testid="register-steps"
          >
            {STEP_TITLES.map((title, index) => (
              <Steps.Step
                key={title}
                title={title}
                style={phone && index < STEP_TITLES.length - 1 ? PHONE_STEP_STYLE : undefined}
              />
            ))}
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
                formStep.open(id);
                top.current?.scrollIntoView?.({ block: 'start' });
              }}
            />
          ) : (
            <LazyRegisterForm
              accountTypeId={formType ?? ''}
              guardLeaving
              // Back to the entry 下一步 came from (so Forward opens the form again); a form
              // opened by its address (a reload, a link) is replaced by the type step.
              onBack={formStep.close}
            />
          )}
        </div>
      </div>
    </div>
  );
}
