/** What the form login and the ticket check tell the user. */
export const LOGIN_MESSAGES = {
  code: '请输入业务代码',
  username: '请输入用户名',
  password: '请输入密码',
  undecryptable: '登录信息无法解析，请刷新页面后重试',
  refused: '业务代码、用户名或密码错误',
  locked: '登录失败次数过多，请 15 分钟后再试',
  frozen: '账号已被冻结，请联系管理员',
  ticket: '登录已失效，请重新登录',
  success: '登录成功',
} as const;
