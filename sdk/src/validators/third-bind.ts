/**
 * How binding a third-party account ended (docs/auth.md, "Third-party accounts"): the
 * provider sends the browser back to the portal's callback, which binds the account and
 * sends the browser on to `/account/center?thirdBind=<code>`. The account centre shows the
 * message of the code — never text taken from the address, which anyone can write into a link.
 */
export const THIRD_BIND_RESULTS = {
  bound: '第三方账号绑定成功',
  'bound-other': '该第三方账号已绑定其他平台账号，请先在原账号中解除绑定',
  'already-bound': '您已绑定该第三方登录方式的账号，请先解除原有绑定',
  expired: '绑定已失效，请重新发起绑定',
  'session-ended': '登录已失效，请重新登录后再绑定',
  declined: '已取消绑定第三方账号',
  failed: '第三方账号绑定失败，请稍后再试',
} as const;

export type ThirdBindResult = keyof typeof THIRD_BIND_RESULTS;

/** For a code the page does not know (an old or a forged link). */
export const UNKNOWN_THIRD_BIND_RESULT = '第三方账号绑定未完成，请重新操作';

/** What to show for `?thirdBind=<code>`: success or not, and the message; `null` without a code. */
export function thirdBindOutcome(code: string | null | undefined): { success: boolean; message: string } | null {
  if (!code) return null;
  if (!Object.hasOwn(THIRD_BIND_RESULTS, code)) return { success: false, message: UNKNOWN_THIRD_BIND_RESULT };
  return { success: code === 'bound', message: THIRD_BIND_RESULTS[code as ThirdBindResult] };
}
