import { Envelope, LoginLogPage, OperationLogDetail, OperationLogPage, VisitLogPage } from '@cotton/sdk/contracts';

// 系统管理 › 日志: the wire contracts (sdk/src/contracts/log.ts, list.ts).
export { ListExportBody, ListRequest, LogDetailBody } from '@cotton/sdk/contracts';

export const OperationLogPageResponse = Envelope(OperationLogPage);
export const OperationLogDetailResponse = Envelope(OperationLogDetail);
export const LoginLogPageResponse = Envelope(LoginLogPage);
export const VisitLogPageResponse = Envelope(VisitLogPage);
