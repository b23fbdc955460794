import { Type, type Static } from '@fastify/type-provider-typebox';
import { envelopeSchema } from '../../plugins/envelope';
import { Nullable } from '../shared/schema';

export { EmptyBody } from '../shared/schema';

export const UserInfoSchema = Type.Object({
  uid: Type.String(),
  loginName: Type.String(),
  nickName: Type.String(),
  realname: Type.String(),
  avatar: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  enterpriseCode: Nullable(Type.String()),
  enterpriseName: Nullable(Type.String()),
});

export const SliderChallengeResponse = envelopeSchema(Type.Object({ challengeId: Type.String(), expiresIn: Type.Integer() }));

export const SliderVerifyBody = Type.Object({
  challengeId: Type.String({ minLength: 1, maxLength: 64, title: '验证标识' }),
  width: Type.Integer({ minimum: 100, maximum: 2000, title: '滑轨宽度' }),
  track: Type.Array(Type.Tuple([Type.Number(), Type.Number()]), { maxItems: 2000, title: '拖动轨迹' }),
});
export type SliderVerifyBody = Static<typeof SliderVerifyBody>;
export const SliderVerifyResponse = envelopeSchema(Type.Object({ proof: Type.String() }));

export const LoginPublicKeyResponse = envelopeSchema(Type.Object({ publicKey: Type.String() }));

export const AgreementResponse = envelopeSchema(
  Nullable(Type.Object({ title: Type.String(), content: Type.String(), displayName: Type.String() })),
);
export const RequireCheckedBody = Type.Object({ customCode: Type.Optional(Type.String({ maxLength: 32, title: '门户代码' })) });
export const RequireCheckedResponse = envelopeSchema(Type.Object({ checked: Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2')]) }));

export const CallbackQuery = Type.Object({
  client_name: Type.Optional(Type.String({ maxLength: 32 })),
  service: Type.Optional(Type.String({ maxLength: 512 })),
});
export const FormLoginBody = Type.Object({
  Authorization: Type.String({ minLength: 1, maxLength: 1024, title: '登录信息' }),
});
export type FormLoginBody = Static<typeof FormLoginBody>;
export const FormLoginResponse = envelopeSchema(Type.Object({ redirect: Type.String() }));

export const ValidateLoginResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  result: Type.Optional(Type.Object({ token: Type.String(), userInfo: UserInfoSchema })),
});
export type ValidateLoginResponse = Static<typeof ValidateLoginResponse>;

export const LogoutQuery = Type.Object({ client_name: Type.Optional(Type.String({ maxLength: 32 })) });
export const LogoutResponse = envelopeSchema(Type.Object({ ssoLogoutUrl: Nullable(Type.String()) }));

interface MenuNodeShape {
  id: string;
  name: string;
  path: string;
  icon: string | null;
  componentPath: string | null;
  permissions: string[];
  hidden: boolean;
  children: MenuNodeShape[];
}
export type MenuNode = MenuNodeShape;

/** Recursive: serialised as it is (JSON.stringify); the shape is {@link MenuNode}. */
export const MenuNodeSchema = Type.Unsafe<MenuNode>({});

export const InitData = Type.Object({
  loginUser: UserInfoSchema,
  enterprise: Nullable(Type.Object({ code: Type.String(), name: Type.String() })),
  icons: Type.Array(Type.Object({ name: Type.String(), svgPath: Type.String() })),
  menu: Type.Array(MenuNodeSchema),
  apps: Type.Array(
    Type.Object({ appCode: Type.String(), appName: Type.String(), visitUrl: Type.String(), icon: Nullable(Type.String()), menus: Type.Array(Type.String()) }),
  ),
  indexMenu: MenuNodeSchema,
  appDicts: Type.Record(Type.String(), Type.Array(Type.Object({ code: Type.String(), value: Type.String() }))),
  permissions: Type.Array(Type.Object({ code: Type.String(), type: Type.Union([Type.Literal('menu'), Type.Literal('button')]) })),
  siteDisplayName: Type.String(),
});
export type InitData = Static<typeof InitData>;
export const InitResponse = envelopeSchema(InitData);
