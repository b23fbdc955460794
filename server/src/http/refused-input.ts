import { DEFAULT_MESSAGES } from './envelope';

const NUL_MESSAGE = '含有不允许的空字符（\\u0000）';
const BROKEN_TEXT_MESSAGE = '含有无效的字符（不成对的 UTF-16 代理项）';
/** A lone surrogate: text that has no UTF-8 form, so PostgreSQL cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than any call of the portal nests (a few levels); deeper input is refused. */
export const MAX_INPUT_DEPTH = 32;

/**
 * The first thing in a request's parsed and validated input that no service should see,
 * as `参数错误：<field> <why>`, or `null`: a NUL character or a lone surrogate in a string or
 * key (PostgreSQL cannot store either in text), a number that is not finite (`"Infinity"` coerced by a schema:
 * Ajv checks bounds only on finite numbers), or nesting deeper than {@link MAX_INPUT_DEPTH}.
 * Walked with a list, not recursion: 60 KB of `[[[[…` must not exhaust the stack.
 */
export function refusedInput(input: unknown): string | null {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: input, path: '', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next;
    const refuse = (why: string) => `${DEFAULT_MESSAGES['400']}：${path || '请求'} ${why}`;
    if (typeof value === 'string' && value.includes('\u0000')) return refuse(NUL_MESSAGE);
    if (typeof value === 'string' && LONE_SURROGATE.test(value)) return refuse(BROKEN_TEXT_MESSAGE);
    if (typeof value === 'number' && !Number.isFinite(value)) return refuse('超出数值范围');
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return refuse('嵌套层级过深');
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return refuse(NUL_MESSAGE);
      if (LONE_SURROGATE.test(key)) return refuse(BROKEN_TEXT_MESSAGE);
      pending.push({
        value: child,
        path: Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
        depth: depth + 1,
      });
    }
  }
  return null;
}
