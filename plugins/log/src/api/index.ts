import { request } from '@cotton/sdk';
import { logCalls } from '@cotton/sdk/calls';
import type { OperationLogDetail } from '@cotton/sdk/contracts';

// 系统管理 › 操作日志 / 登录日志 / 访问日志 (docs/architecture.md "Logs"); the calls and shapes
// are the wire contracts of `@cotton/sdk` (sdk/src/contracts/log.ts).

export function operationLogDetail(id: string): Promise<OperationLogDetail> {
  return request.call(logCalls.operationDetail, { id });
}
