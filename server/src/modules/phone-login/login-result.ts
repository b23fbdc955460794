import type { DictsByCategory, JeecgLoginResponse, UserInfo } from '@cotton/sdk/contracts';
import { asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { dictItems } from '../../db/schema/index';

/**
 * The jeecg-style answer of the spec's phone and third-party login calls
 * (`/sys/phoneLogin`, `/thirdLogin/getLoginUser/:id`, docs/auth.md): `code` 200 on
 * success, 500 on failure, HTTP 200 either way. The shape is the wire contract
 * `JeecgLoginResponse` (sdk/src/contracts/login.ts).
 */
export { JeecgLoginResponse } from '@cotton/sdk/contracts';

export function jeecgSuccess(token: string, userInfo: UserInfo, sysAllDictItems: DictsByCategory): JeecgLoginResponse {
  return { success: true, code: 200, message: '登录成功', result: { token, userInfo, sysAllDictItems } };
}

export function jeecgFailure(message: string): JeecgLoginResponse {
  return { success: false, code: 500, message };
}

/** Every dictionary's options (`{categoryCode: [{code, value}]}`), in their sort order. */
export async function allDictItems(db: AppDatabase): Promise<DictsByCategory> {
  const rows = await db
    .select({ categoryCode: dictItems.categoryCode, code: dictItems.itemCode, value: dictItems.itemValue })
    .from(dictItems)
    .where(eq(dictItems.status, '1'))
    .orderBy(asc(dictItems.categoryCode), asc(dictItems.sort), asc(dictItems.itemCode));
  const items: DictsByCategory = {};
  for (const { categoryCode, code, value } of rows) (items[categoryCode] ??= []).push({ code, value });
  return items;
}
