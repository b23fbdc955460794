/**
 * Why a login that went through another site failed (CAS, an OAuth 2 provider): the server
 * sends the browser to `/login?casError=<code>` or `/login?thirdLoginError=<code>`, and the
 * login page shows the message of the code — never text taken from the address, which
 * anyone can write into a link ("…请拨打 400-000-0000 并提供密码").
 */
export const LOGIN_ERRORS = {
  'cas-disabled': '未启用统一认证登录',
  'cas-no-ticket': '缺少统一认证票据',
  'cas-unavailable': '统一认证服务暂不可用，请稍后再试',
  'cas-invalid-ticket': '统一认证票据无效或已过期，请重新登录',
  'cas-unknown-user': '统一认证账号未关联平台账号',
  'cas-ambiguous': '统一认证账号对应多个企业的平台账号，无法确定登录账号',
  'third-unknown-provider': '未配置该第三方登录方式',
  'third-state': '第三方登录已失效，请重新登录',
  'third-declined': '第三方登录已取消',
  'third-failed': '第三方登录失败，请稍后再试',
  'third-unbound': '该第三方账号尚未绑定平台账号',
  'third-agreement': '请先阅读并勾选同意登录协议，再使用第三方账号登录',
  frozen: '账号已被冻结，请联系管理员',
} as const;

export type LoginErrorCode = keyof typeof LOGIN_ERRORS;

/** For a code the page does not know (an old or a forged link). */
export const UNKNOWN_LOGIN_ERROR = '登录未成功，请重新登录';

/** The message to show for `code`; `null` when there is none. */
export function loginErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return Object.hasOwn(LOGIN_ERRORS, code) ? LOGIN_ERRORS[code as LoginErrorCode] : UNKNOWN_LOGIN_ERROR;
}
