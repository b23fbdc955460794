import { Type, type Static } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { dictItems } from '../../db/schema/index';

/**
 * The jeecg-style answer of the spec's phone and third-party login calls
 * (`/sys/phoneLogin`, `/thirdLogin/getLoginUser/:id`, docs/auth.md): `code` 200 on
 * success, 500 on failure, HTTP 200 either way.
 */

export const UserInfoSchema = Type.Object({
  uid: Type.String(),
  loginName: Type.String(),
  nickName: Type.String(),
  realname: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  enterpriseCode: Type.Union([Type.String(), Type.Null()]),
  enterpriseName: Type.Union([Type.String(), Type.Null()]),
});

export const DictItemsSchema = Type.Record(Type.String(), Type.Array(Type.Object({ code: Type.String(), value: Type.String() })));
export type DictItems = Static<typeof DictItemsSchema>;

export const JeecgLoginResponse = Type.Object({
  success: Type.Boolean(),
  code: Type.Integer(),
  message: Type.String(),
  result: Type.Optional(
    Type.Object({
      token: Type.String(),
      userInfo: UserInfoSchema,
      sysAllDictItems: DictItemsSchema,
    }),
  ),
});
export type JeecgLoginResponse = Static<typeof JeecgLoginResponse>;

export function jeecgSuccess(token: string, userInfo: Static<typeof UserInfoSchema>, sysAllDictItems: DictItems): JeecgLoginResponse {
  return { success: true, code: 200, message: '登录成功', result: { token, userInfo, sysAllDictItems } };
}

export function jeecgFailure(message: string): JeecgLoginResponse {
  return { success: false, code: 500, message };
}

/** Every dictionary's options (`{categoryCode: [{code, value}]}`), in their sort order. */
export async function allDictItems(db: AppDatabase): Promise<DictItems> {
  const rows = await db
    .select({ categoryCode: dictItems.categoryCode, code: dictItems.itemCode, value: dictItems.itemValue })
    .from(dictItems)
    .orderBy(asc(dictItems.categoryCode), asc(dictItems.sort), asc(dictItems.itemCode));
  const items: DictItems = {};
  for (const { categoryCode, code, value } of rows) (items[categoryCode] ??= []).push({ code, value });
  return items;
}
