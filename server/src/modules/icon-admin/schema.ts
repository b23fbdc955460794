import { Envelope, IconList } from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 系统管理 › 图标管理: the wire contracts (sdk/src/contracts/icon-admin.ts).
export { EmptyBody, IconNameBody } from '@cotton/sdk/contracts';

export const IconListResponse = Envelope(IconList);
export const IconChangedResponse = Envelope(Type.Object({ name: Type.String() }));
