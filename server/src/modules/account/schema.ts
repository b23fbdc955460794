import { Type, type Static } from '@fastify/type-provider-typebox';
import { envelopeSchema } from '../../plugins/envelope';
import { UserInfoSchema } from '../auth/schema';
import { Nullable } from '../shared/schema';

export { EmptyBody } from '../shared/schema';

const Enterprise = Nullable(Type.Object({ code: Type.String(), name: Type.String() }));

export const AccountCenterResponse = envelopeSchema(
  Type.Object({
    userInfo: UserInfoSchema,
    roles: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
    /** ISO 8601; the login before the current session's, or the current one's when it is the first. */
    lastLoginAt: Nullable(Type.String()),
    enterprise: Enterprise,
  }),
);

export const UpdUserDefaultBody = Type.Object({
  realname: Type.String({ maxLength: 64, title: '姓名' }),
  phone: Type.Optional(Nullable(Type.String({ maxLength: 32, title: '手机号码' }))),
  email: Type.Optional(Nullable(Type.String({ maxLength: 256, title: '邮箱' }))),
});
export type UpdUserDefaultBody = Static<typeof UpdUserDefaultBody>;
export const UserInfoResponse = envelopeSchema(Type.Object({ userInfo: UserInfoSchema }));

export const ValPwdBody = Type.Object({ oldPassword: Type.String({ maxLength: 128, title: '原密码' }) });
export const UpdPwdBody = Type.Object({
  oldPassword: Type.String({ maxLength: 128, title: '原密码' }),
  newPassword: Type.String({ maxLength: 128, title: '新密码' }),
  confirmPassword: Type.String({ maxLength: 128, title: '确认密码' }),
});
export type UpdPwdBody = Static<typeof UpdPwdBody>;
export const NullResponse = envelopeSchema(Type.Null());
