/** The login page's texts (spec §5, §8). */
export const LOGIN_TEXT = {
  title: '用户登录',
  accountTab: '账号登录',
  phoneTab: '手机号登录',
  code: '业务代码',
  username: '用户名',
  password: '密码',
  codeRequired: '请输入业务代码',
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  showPassword: '显示密码',
  sliderRequired: '请先完成滑块验证',
  remember: '记住账号',
  submit: '登录',
  register: '还没有账号？立即注册',
  agree: '我已阅读并同意',
  agreementRequired: '请勾选',
  agreementOk: '同意',
  agreementClose: '关闭',
  failedTitle: '登录失败',
  failedFallback: '请求出现错误，请稍后再试',
  mobile: '手机号码',
  mobileRequired: '请输入手机号码',
  captcha: '验证码',
  captchaRequired: '请输入验证码',
  sendCaptcha: '获取验证码',
  resendIn: (seconds: number) => `${seconds} 秒后重新获取`,
  captchaSent: '验证码已发送，请注意查收',
  thirdLogin: '其他登录方式',
  encryptFailed: '登录信息加密失败，请刷新页面后重试',
} as const;

/** Where 记住账号 keeps the business code and username (never the password). */
export const REMEMBERED_ACCOUNT = 'REMEMBERED_ACCOUNT';
/** `requirecheckedagreement`'s customCode for this portal. */
export const AGREEMENT_CUSTOM_CODE = 'portal';
/** Seconds before 获取验证码 may be pressed again. */
export const CAPTCHA_COUNTDOWN_S = 60;
