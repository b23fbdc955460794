import { Button, Result } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import styles from './ExceptionPage.module.css';

export type ExceptionStatus = '403' | '404' | '500';

/** Spec §2, exception pages. */
export const EXCEPTION_TITLES: Record<ExceptionStatus, string> = {
  '403': '没有权限访问该页面',
  '404': '页面不存在或仍在开发中',
  '500': '服务器出错了',
};

export interface ExceptionPageProps {
  status: ExceptionStatus;
}

export function ExceptionPage({ status }: ExceptionPageProps) {
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-testid={`exception-${status}`}>
      <Result
        status={status}
        title={EXCEPTION_TITLES[status]}
        extra={
          <Button type="primary" onClick={() => navigate('/home')} data-testid="exception-home">
            返回首页
          </Button>
        }
      />
    </div>
  );
}

export function Forbidden() {
  return <ExceptionPage status="403" />;
}

export function NotFound() {
  return <ExceptionPage status="404" />;
}

export function ServerError() {
  return <ExceptionPage status="500" />;
}
