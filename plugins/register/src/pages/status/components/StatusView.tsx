import { Alert, Button, Descriptions, Table, Tag } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { CHINA_TIME_LABEL, formatDate } from '@cotton/sdk';
import type { RegisterApplicantDecision, RegisterApplicantView } from '@cotton/sdk/contracts';
import { useNavigate } from 'react-router-dom';
import styles from '../style/index.module.css';

const STATUS_COLORS: Record<string, string> = { '0': 'arcoblue', '1': 'green', '2': 'red', '3': 'orange' };
const dateTime = (iso: string) => formatDate(iso, 'YYYY-MM-DD HH:mm');
/** The applicant may be anywhere: the times are China time, and say so. */
const chinaTimeLabel = (label: string) => `${label}（${CHINA_TIME_LABEL}）`;

const COLUMNS: TableColumnProps<RegisterApplicantDecision>[] = [
  { title: '轮次', dataIndex: 'round', width: 80, render: (round: number) => `第 ${round} 次提交` },
  { title: '审核结果', dataIndex: 'decisionName', width: 120 },
  { title: '原因', dataIndex: 'reason', render: (reason: string | null) => reason || '—' },
  { title: chinaTimeLabel('审核时间'), dataIndex: 'reviewedAt', width: 190, render: dateTime },
];

export interface StatusViewProps {
  view: RegisterApplicantView;
  /** 修改并重新提交 (a returned application only). */
  onCorrect: () => void;
  /** 查询其他申请: back to the query form. */
  onReset: () => void;
}

/** The application as its applicant sees it: status, what to do next, and every decision so far. */
export function StatusView({ view, onCorrect, onReset }: StatusViewProps) {
  const navigate = useNavigate();
  const lastReason = [...view.reviews].reverse().find((review) => review.round === view.round)?.reason ?? '';
  return (
    <div data-testid="register-status-view">
      <Descriptions
        column={2}
        border
        className={styles.summary}
        data={[
          { label: '企业名称', value: view.traderName },
          { label: '统一社会信用代码', value: view.uniformCreditCode },
          { label: '账户类型', value: view.accountTypeNames },
          {
            label: '审核状态',
            value: (
              <Tag color={STATUS_COLORS[view.status]} data-testid="register-status-tag">
                {view.statusName}
              </Tag>
            ),
          },
          { label: chinaTimeLabel('首次提交时间'), value: dateTime(view.createTime) },
          { label: chinaTimeLabel('最近提交时间'), value: `${dateTime(view.submitTime)}（第 ${view.round} 次提交）` },
        ]}
      />
      {view.status === '0' ? (
        <Alert type="info" content="您的注册申请正在审核中，审核结果将以短信通知您，请耐心等待。" />
      ) : null}
      {view.status === '1' ? (
        <Alert
          type="success"
          title="审核通过"
          content={
            <span data-testid="register-status-approved">
              业务代码：{view.enterpriseCode}
              。登录用户名与初始密码已通过短信发送至注册时填写的手机，首次登录须修改密码。
            </span>
          }
          action={
            <Button type="primary" size="small" onClick={() => navigate('/login')}>
              去登录
            </Button>
          }
        />
      ) : null}
      {view.status === '2' ? (
        <Alert
          type="error"
          title="审核驳回"
          content={`原因：${lastReason}。如有疑问请联系所属服务机构；企业名称与统一社会信用代码可以重新注册。`}
          action={
            <Button size="small" onClick={() => navigate('/register')}>
              重新注册
            </Button>
          }
        />
      ) : null}
      {view.status === '3' ? (
        <Alert
          type="warning"
          title="退回修改"
          content={
            <span data-testid="register-status-reason">原因：{lastReason}。请按要求修改注册信息后重新提交。</span>
          }
          action={
            <Button type="primary" size="small" onClick={onCorrect} data-testid="register-status-correct">
              修改并重新提交
            </Button>
          }
        />
      ) : null}
      <h6 className={styles.historyTitle}>审核记录</h6>
      <Table
        rowKey={(row) => `${row.round}-${row.reviewedAt}`}
        columns={COLUMNS}
        data={view.reviews}
        pagination={false}
        border
        size="small"
        noDataElement={<span>暂无审核记录</span>}
        data-testid="register-status-history"
      />
      <div className={styles.actions}>
        <Button onClick={onReset} data-testid="register-status-reset">
          查询其他申请
        </Button>
      </div>
    </div>
  );
}
