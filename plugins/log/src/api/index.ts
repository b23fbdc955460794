import { request } from '@cotton/sdk';
import type { LogDetailBody, OperationLogDetail } from '@cotton/sdk';

// 系统管理 › 操作日志 / 登录日志 / 访问日志 (docs/architecture.md "Logs"); the shapes are the
// wire contracts of `@cotton/sdk` (sdk/src/contracts/log.ts).

export const OPERATION_LOG_PAGE_URL = '/rest/log/getOperationLogPage';
export const OPERATION_LOG_DETAIL_URL = '/rest/log/getOperationLogDetail';
export const OPERATION_LOG_EXPORT_URL = '/rest/log/exportOperationLog';
export const LOGIN_LOG_PAGE_URL = '/rest/log/getLoginLogPage';
export const LOGIN_LOG_EXPORT_URL = '/rest/log/exportLoginLog';
export const VISIT_LOG_PAGE_URL = '/rest/log/getVisitLogPage';
export const VISIT_LOG_EXPORT_URL = '/rest/log/exportVisitLog';

export const OPERATION_LOG_EXPORT_PERMISSION = 'system:log:operation:export';
export const LOGIN_LOG_EXPORT_PERMISSION = 'system:log:login:export';
export const VISIT_LOG_EXPORT_PERMISSION = 'system:log:visit:export';

export function operationLogDetail(id: string): Promise<OperationLogDetail> {
  const body: LogDetailBody = { id };
  return request.post<OperationLogDetail>(OPERATION_LOG_DETAIL_URL, body);
}
