import type { ReactNode } from 'react';
import { Button, Card, Descriptions, Result, Skeleton, Space, Tooltip, Typography } from '@arco-design/web-react';
import { IconEdit, IconRefresh } from '@arco-design/web-react/icon';
import { Authorized, dash, fillText, formatDate, useQuery } from '@cotton/sdk';
import { useLocation, useNavigate } from 'react-router-dom';
import { enterpriseCodes } from '@cotton/sdk/calls';
import { ENTERPRISE_CHANGE_PATH, getEnterpriseInfo } from '../../api';
import { ChangeState } from './components/ChangeState';
import { InfoSection } from './components/InfoSection';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

/**
 * 企业管理 › 企业信息 (`/enterprise/info`, `enterprise:info:view`; docs/registration.md "Change
 * requests"): the session user's enterprise as registered — every section of the approved
 * registration (or of the change request approved since), labelled and shown as on the
 * registration form, with its files — and its change request's state; 变更申请 opens the change
 * form (`enterprise:info:change`), not while a request waits for review.
 */
export function EnterpriseInfo() {
  const t = locale;
  const navigate = useNavigate();
  // Read afresh each time the page is navigated to (its workspace tab stays mounted while hidden):
  // back from the change form, the request's state shows; the files' preview addresses are new.
  const { key } = useLocation();
  const { data, loading, error, reload } = useQuery(getEnterpriseInfo, [key], { silent: true });

  const refresh = (
    <Button
      icon={<IconRefresh />}
      loading={loading && data !== undefined}
      onClick={reload}
      aria-label={t['enterpriseInfo.refresh']}
      data-testid="enterprise-info-refresh"
    />
  );
  const head = (extra?: ReactNode) => (
    <div className={styles.head}>
      <Typography.Title heading={5} className={styles.title}>
        {t['enterpriseInfo.title']}
      </Typography.Title>
      <Space>
        {extra}
        {refresh}
      </Space>
    </div>
  );

  if (!data) {
    return (
      <div className={styles.container} data-testid="enterprise-info">
        {head()}
        <Card>
          {loading || !error ? (
            <Skeleton animation text={{ rows: 8 }} className={styles.loading} />
          ) : (
            <Result
              status="error"
              title={t['enterpriseInfo.loadFailed']}
              subTitle={error.message}
              extra={
                <Button type="primary" onClick={reload}>
                  {t['enterpriseInfo.retry']}
                </Button>
              }
              data-testid="enterprise-info-error"
            />
          )}
        </Card>
      </div>
    );
  }

  if (!data.registered) {
    return (
      <div className={styles.container} data-testid="enterprise-info">
        {head()}
        <Card>
          <Result
            status="404"
            title={t['enterpriseInfo.unregistered.title']}
            subTitle={fillText(t['enterpriseInfo.unregistered.subTitle'], {
              name: data.enterpriseName,
              code: data.enterpriseCode,
            })}
            data-testid="enterprise-info-unregistered"
          />
        </Card>
      </div>
    );
  }

  const pending = data.change?.status === '0';
  const returned = data.change?.status === '3';
  const changeButton = (
    <Button
      type="primary"
      icon={<IconEdit />}
      disabled={pending}
      onClick={() => navigate(ENTERPRISE_CHANGE_PATH)}
      data-testid="enterprise-info-change"
    >
      {returned ? t['enterpriseInfo.correct'] : t['enterpriseInfo.change']}
    </Button>
  );

  return (
    <div className={styles.container} data-testid="enterprise-info">
      {head(
        <Authorized code={enterpriseCodes.change}>
          {pending ? <Tooltip content={t['enterpriseInfo.changePending']}>{changeButton}</Tooltip> : changeButton}
        </Authorized>,
      )}
      <Card className={styles.card} data-testid="enterprise-info-head">
        <Descriptions
          column={{ xs: 1, sm: 1, md: 2 }}
          border
          labelStyle={{ width: 160 }}
          data={[
            { label: t['enterpriseInfo.head.name'], value: data.enterpriseName },
            { label: t['enterpriseInfo.head.code'], value: data.enterpriseCode },
            { label: t['enterpriseInfo.head.creditCode'], value: dash(data.uniformCreditCode) },
            { label: t['enterpriseInfo.head.types'], value: dash(data.accountTypeNames) },
            {
              label: t['enterpriseInfo.head.approvedAt'],
              value: data.approvedAt ? formatDate(data.approvedAt, 'YYYY-MM-DD HH:mm') : dash(null),
            },
          ]}
        />
      </Card>
      {data.change ? <ChangeState t={t} change={data.change} /> : null}
      {data.sections.map((section, index) => (
        <InfoSection key={`${section.title}-${index}`} t={t} section={section} />
      ))}
    </div>
  );
}
