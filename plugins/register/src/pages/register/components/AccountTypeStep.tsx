import { Button, Empty, Message, Radio, Result } from '@arco-design/web-react';
import { LightSpin, useQuery } from '@cotton/sdk';
import type { RegisterAccountType, RegisterIdentity } from '@cotton/sdk/contracts';
import { getRegisterAccountTypes, previewEntryAgreement } from '../../../api';
import { REGISTER_MESSAGES } from '../../../rules';
import styles from '../style/index.module.css';

/** The two identities the types are grouped by (spec §2). */
export const IDENTITY_GROUPS: ReadonlyArray<{ identity: RegisterIdentity; title: string }> = [
  { identity: '1', title: '交易商' },
  { identity: '2', title: '普通企业' },
];

export interface AccountTypeStepProps {
  /** The chosen type's id. */
  value: string | undefined;
  onChange: (id: string) => void;
  onNext: (id: string) => void;
}

/** Step 1: which business-type permission to open (one account type), and the entry agreement. */
export function AccountTypeStep({ value, onChange, onNext }: AccountTypeStepProps) {
  const types = useQuery(getRegisterAccountTypes, []);
  const entry = useQuery(previewEntryAgreement, [], { silent: true });
  const list: RegisterAccountType[] = types.data?.registerAccountTypeList ?? [];

  function next() {
    if (!value) {
      Message.warning(REGISTER_MESSAGES.noAccountType);
      return;
    }
    onNext(value);
  }

  let body;
  if (types.error) {
    body = (
      <Result
        status="error"
        title="账户类型加载失败"
        subTitle={types.error.message}
        extra={
          <Button type="primary" onClick={types.reload}>
            重试
          </Button>
        }
      />
    );
  } else if (!types.data) {
    body = (
      <div className={styles.loading}>
        <LightSpin tip="加载中…" />
      </div>
    );
  } else if (list.length === 0) {
    body = <Empty description="暂无可注册的账户类型" />;
  } else {
    body = (
      <Radio.Group value={value} onChange={(id: string) => onChange(id)} className={styles.typeGroups}>
        {IDENTITY_GROUPS.map((group) => {
          const members = list.filter((type) => type.identity === group.identity);
          if (members.length === 0) return null;
          return (
            <section
              key={group.identity}
              className={styles.typeGroup}
              data-testid={`register-identity-${group.identity}`}
            >
              <div className={styles.typeGroupTitle}>{group.title}</div>
              <div className={styles.typeList}>
                {members.map((type) => (
                  <Radio
                    key={type.id}
                    value={type.id}
                    className={styles.typeOption}
                    data-testid={`register-account-type-${type.id}`}
                  >
                    <span className={styles.typeName}>{type.name}</span>
                    {type.description ? <span className={styles.typeDescription}>{type.description}</span> : null}
                  </Radio>
                ))}
              </div>
            </section>
          );
        })}
      </Radio.Group>
    );
  }

  return (
    <div data-testid="register-account-types">
      <h4 className={styles.formTitle}>选择账户类型</h4>
      <p className={styles.formIntro}>请选择您要开通的业务类型权限，下一步将填写对应的注册信息。</p>
      {body}
      <div className={styles.entryAgreement}>
        {entry.data?.url ? (
          <>
            开通前请阅读
            <a href={entry.data.url} target="_blank" rel="noopener noreferrer" data-testid="register-entry-agreement">
              《入市协议》
            </a>
          </>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button type="primary" size="large" onClick={next} data-testid="register-next">
          下一步
        </Button>
      </div>
    </div>
  );
}
