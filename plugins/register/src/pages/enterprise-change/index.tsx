import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Modal, Result, Spin } from '@arco-design/web-react';
import { hasPermission, useQuery } from '@cotton/sdk';
import { useLocation, useNavigate } from 'react-router-dom';
import { enterpriseCodes } from '@cotton/sdk/calls';
import { ENTERPRISE_INFO_PATH, getChangeForm, submitChangeApply } from '../../api';
import type { RegisterCorrection } from '../register/application';
import { LazyRegisterForm } from '../register/components/LazyRegisterForm';
import type { LeaveQuestion } from '../register/components/LeaveGuard';
import styles from './style/index.module.css';

/** 返回 and the phone's Back button ask this while the form holds input. */
const CHANGE_LEAVE: LeaveQuestion = {
  title: '放弃本次变更？',
  content: '返回后，本次填写的内容和新上传的文件不会保存。',
  okText: '放弃变更',
};

/**
 * 企业信息变更申请 (`/enterprise/info/change`, a hidden page under 企业管理 › 企业信息; docs/
 * registration.md "Change requests"): the registration form, filled with the enterprise's
 * registered information — or with its returned change request, under the reason — whose files
 * stay unless removed; sent as a change request that the registration reviewers decide.
 * Leaving by 返回 or by the browser's (a phone's) Back button asks first while the form holds
 * input, as 企业注册's form does; 放弃变更 drops it (the form starts afresh). Another workspace tab
 * chosen keeps the page, and its input, in its tab: not asked.
 */
export function EnterpriseChange() {
  const navigate = useNavigate();
  const { key } = useLocation();
  // The location when the request went: the form's props stay the same while tabs switch.
  const keyRef = useRef(key);
  keyRef.current = key;
  const allowed = hasPermission(enterpriseCodes.change);
  // The page stays mounted in its workspace tab: a request sent, the form closes (its dialog
  // with it); opened again later, it starts afresh from what the server holds then.
  const [sentAt, setSentAt] = useState<string | null>(null);
  const [opening, setOpening] = useState(0);
  useEffect(() => {
    if (sentAt !== null && key !== sentAt) {
      setSentAt(null);
      setOpening((count) => count + 1);
    }
  }, [key, sentAt]);
  const { data, error, reload } = useQuery(
    () => (allowed ? getChangeForm() : Promise.resolve(null)),
    [allowed, opening],
    { silent: true },
  );

  const correction = useMemo<RegisterCorrection | undefined>(
    () =>
      data
        ? {
            values: data.values,
            files: data.files,
            submit: submitChangeApply,
            change: {
              title: data.correcting ? '修改变更申请' : '企业信息变更申请',
              onDone: () => {
                setSentAt(keyRef.current);
                navigate(ENTERPRISE_INFO_PATH);
              },
            },
          }
        : undefined,
    [data, navigate],
  );

  const restart = useCallback(() => setOpening((count) => count + 1), []);
  const guard = useMemo(() => ({ question: CHANGE_LEAVE, backOnly: true, onDiscard: restart }), [restart]);

  function leave() {
    Modal.confirm({
      ...CHANGE_LEAVE,
      cancelText: '继续填写',
      onOk: () => {
        navigate(ENTERPRISE_INFO_PATH);
        restart();
      },
    });
  }

  const backButton = (
    <Button key="back" onClick={() => navigate(ENTERPRISE_INFO_PATH)}>
      返回企业信息
    </Button>
  );
  let body;
  if (sentAt !== null) {
    body = (
      <Result
        status="success"
        title="变更申请已提交"
        subTitle="请等待审核，审核结果将以短信通知您。"
        extra={backButton}
      />
    );
  } else if (!allowed) {
    body = <Result status="403" title="没有权限" subTitle="您没有提交企业信息变更申请的权限，请联系企业管理员" />;
  } else if (error) {
    body = (
      <Result
        status="warning"
        title="暂不能提交变更申请"
        subTitle={error.message}
        data-testid="enterprise-change-refused"
        extra={[
          backButton,
          <Button key="retry" type="primary" onClick={reload}>
            重试
          </Button>,
        ]}
      />
    );
  } else if (!data || !correction) {
    body = (
      <div className={styles.loading}>
        <Spin tip="加载中…" />
      </div>
    );
  } else {
    body = (
      <>
        {data.reason ? (
          <Alert
            type="warning"
            className={styles.reason}
            title="变更申请已退回修改"
            content={`退回原因：${data.reason}`}
            data-testid="enterprise-change-reason"
          />
        ) : null}
        <LazyRegisterForm
          key={opening}
          accountTypeId={data.accountTypeIds.join(',')}
          correction={correction}
          guardLeaving={guard}
          onBack={leave}
        />
      </>
    );
  }

  return (
    <div className={styles.container} data-testid="enterprise-change-page">
      <div className={styles.panel}>{body}</div>
    </div>
  );
}
