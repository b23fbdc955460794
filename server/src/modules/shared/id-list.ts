import { MAX_ID_LIST } from '@cotton/sdk/contracts';
import { ApiError } from '../../http/envelope';

/**
 * The ids of a comma-joined list (`IdListText` of the contracts), each once, in order.
 * `noun` names them in the messages (记录编号, 用户编号); an empty list, more than
 * {@link MAX_ID_LIST} or an id beyond PostgreSQL's `integer` is a 400.
 */
export function parseIdList(text: string, noun: string): number[] {
  const ids = [
    ...new Set(
      text
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
        .map(Number),
    ),
  ];
  if (ids.length === 0) throw new ApiError('400', `参数错误：ids（${noun}）不能为空`);
  if (ids.length > MAX_ID_LIST) throw new ApiError('400', `参数错误：一次最多处理 ${MAX_ID_LIST} 条`);
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2147483647)) {
    throw new ApiError('400', `参数错误：ids（${noun}）格式不正确`);
  }
  return ids;
}
