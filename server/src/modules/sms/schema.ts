import { Type, type Static } from '@fastify/type-provider-typebox';
import { envelopeSchema } from '../../plugins/envelope';
import { Nullable } from '../shared/schema';

export const SmsPageBody = Type.Object({
  mobile: Type.Optional(Nullable(Type.String({ maxLength: 11, title: '手机号码' }))),
  pageNum: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, title: '页码' }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 10, title: '每页条数' }),
});
export type SmsPageBody = Static<typeof SmsPageBody>;

export const SmsRow = Type.Object({
  id: Type.String(),
  mobile: Type.String(),
  templateCode: Type.String(),
  content: Type.String(),
  provider: Type.String(),
  /** '1' 已发送, '2' 发送失败. */
  status: Type.String(),
  ip: Nullable(Type.String()),
  /** ISO 8601. */
  createdAt: Type.String(),
});
export type SmsRow = Static<typeof SmsRow>;

export const SmsPageResponse = envelopeSchema(
  Type.Object({
    pagination: Type.Object({ result: Type.Array(SmsRow), totalCount: Type.Integer(), pageNum: Type.Integer(), pageSize: Type.Integer() }),
  }),
);

export const DeleteSmsByIdBody = Type.Object({
  id: Type.Union([Type.String({ pattern: '^[1-9][0-9]{0,9}$', errorMessage: '应为记录编号' }), Type.Integer({ minimum: 1, maximum: 2147483647 })], {
    title: '记录编号',
  }),
});
export const DeleteSmsByIdsBody = Type.Object({
  ids: Type.String({ minLength: 1, maxLength: 2400, pattern: '^\\s*[1-9][0-9]{0,9}(\\s*,\\s*[1-9][0-9]{0,9})*\\s*,?\\s*$', errorMessage: '应为以逗号分隔的记录编号', title: '记录编号' }),
});
export const DeletedResponse = envelopeSchema(Type.Object({ deleted: Type.Integer() }));
