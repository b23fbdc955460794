import { Envelope, ServerInfo } from '@cotton/sdk/contracts';

// 系统管理 › 系统监控: the wire contract (sdk/src/contracts/monitor.ts).
export { EmptyBody } from '@cotton/sdk/contracts';

export const ServerInfoResponse = Envelope(ServerInfo);
