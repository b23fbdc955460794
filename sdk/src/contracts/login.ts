import { Type, type Static } from 'typebox';
import { defineCall } from './call';
import { EmptyBody, Nullable } from './common';
import { DictsByCategory } from './dict';
import { UserInfo } from './session';

// The login calls (docs/auth.md, "Login calls"): slider, login key, agreement, form login,
// phone login, third-party and CAS finishes, logout.

/** `POST /rest/anon/slider/challenge` → `dataSet`. */
export const SliderChallenge = Type.Object({ challengeId: Type.String(), expiresIn: Type.Integer() });
export type SliderChallenge = Static<typeof SliderChallenge>;

/** `POST /rest/anon/slider/verify`. */
export const SliderVerifyBody = Type.Object({
  challengeId: Type.String({ minLength: 1, maxLength: 64, title: '验证标识' }),
  width: Type.Integer({ minimum: 100, maximum: 2000, title: '滑轨宽度' }),
  // [x px, t ms]: far wider than any real drag, only to keep the numbers finite and small.
  track: Type.Array(
    Type.Tuple([Type.Number({ minimum: -10_000, maximum: 10_000 }), Type.Number({ minimum: 0, maximum: 600_000 })]),
    {
      maxItems: 2000,
      title: '拖动轨迹',
    },
  ),
});
export type SliderVerifyBody = Static<typeof SliderVerifyBody>;

/** `POST /rest/anon/slider/verify` → `dataSet`: the one-time proof a login sends. */
export const SliderProof = Type.Object({ proof: Type.String() });
export type SliderProof = Static<typeof SliderProof>;

/** `POST /rest/anon/loginPublicKey` → `dataSet`: PEM SPKI, RSA 2048. */
export const LoginPublicKey = Type.Object({ publicKey: Type.String() });
export type LoginPublicKey = Static<typeof LoginPublicKey>;

/** `POST /rest/loginagreement/getloginagreement` → `dataSet` (or `null` when there is none). */
export const LoginAgreement = Type.Object({ title: Type.String(), content: Type.String(), displayName: Type.String() });
export type LoginAgreement = Static<typeof LoginAgreement>;

export const RequireCheckedBody = Type.Object({
  customCode: Type.Optional(Type.String({ maxLength: 32, title: '门户代码' })),
});
export type RequireCheckedBody = Static<typeof RequireCheckedBody>;

/** `0` the user decides, `1` must be ticked, `2` ticked for the user. */
export const AgreementFlag = Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2')]);
export type AgreementFlag = Static<typeof AgreementFlag>;

/** `POST /rest/loginagreement/requirecheckedagreement` → `dataSet`. */
export const RequireChecked = Type.Object({ checked: AgreementFlag });
export type RequireChecked = Static<typeof RequireChecked>;

/** The query of `POST /callback?client_name=form_client[&service=<path>]`. */
export const FormLoginQuery = Type.Object({
  client_name: Type.Optional(Type.String({ maxLength: 32 })),
  service: Type.Optional(Type.String({ maxLength: 512 })),
});
export type FormLoginQuery = Static<typeof FormLoginQuery>;

/** The multipart form of `POST /callback`: base64 of the RSA-OAEP encrypted `{c, u, p, s, a}`. */
export const FormLoginBody = Type.Object({
  Authorization: Type.String({ minLength: 1, maxLength: 1024, title: '登录信息' }),
});
export type FormLoginBody = Static<typeof FormLoginBody>;

/** `POST /callback` → `dataSet`: where the browser goes next (the login ticket is a cookie). */
export const FormLoginResult = Type.Object({ redirect: Type.String() });
export type FormLoginResult = Static<typeof FormLoginResult>;

/** A session: the token and its user. */
export const LoginSession = Type.Object({ token: Type.String(), userInfo: UserInfo });
export type LoginSession = Static<typeof LoginSession>;

/** `GET /cas/client/validateLogin` (no envelope). */
export const ValidateLoginResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  result: Type.Optional(LoginSession),
});
export type ValidateLoginResponse = Static<typeof ValidateLoginResponse>;

/** The query of `POST /logout?client_name=form_client|cas_client`. */
export const LogoutQuery = Type.Object({ client_name: Type.Optional(Type.String({ maxLength: 32 })) });
export type LogoutQuery = Static<typeof LogoutQuery>;

/** `POST /logout` → `dataSet`: the CAS logout address, `null` without CAS. */
export const LogoutResult = Type.Object({ ssoLogoutUrl: Nullable(Type.String()) });
export type LogoutResult = Static<typeof LogoutResult>;

/** Loose on purpose: the service checks the mobile with the SDK's `isMobile` and answers its message. */
export const SendSmsBody = Type.Object({
  mobile: Type.String({ maxLength: 32, title: '手机号码' }),
});
export type SendSmsBody = Static<typeof SendSmsBody>;

/** An SMS code was sent (or, for privacy, the same answer when it was not): valid this many seconds. */
export const SmsCodeSent = Type.Object({ expiresIn: Type.Integer() });
export type SmsCodeSent = Static<typeof SmsCodeSent>;

/** `POST /sys/phoneLogin`, with the spec's names: `captcha` is the SMS code. */
export const PhoneLoginBody = Type.Object({
  mobile: Type.String({ maxLength: 32, title: '手机号码' }),
  captcha: Type.String({ maxLength: 16, title: '验证码' }),
  /** `'1'`: the login agreement was ticked (docs/auth.md). */
  agreed: Type.Optional(Type.String({ maxLength: 1, title: '同意登录协议' })),
});
export type PhoneLoginBody = Static<typeof PhoneLoginBody>;

/**
 * The jeecg-style answer of the phone and third-party login calls (`/sys/phoneLogin`,
 * `/thirdLogin/getLoginUser/:id`; no envelope): `code` 200 on success, 500 on failure,
 * HTTP 200 either way. `sysAllDictItems` holds every dictionary.
 */
export const JeecgLoginResponse = Type.Object({
  success: Type.Boolean(),
  code: Type.Integer(),
  message: Type.String(),
  result: Type.Optional(
    Type.Object({
      token: Type.String(),
      userInfo: UserInfo,
      sysAllDictItems: DictsByCategory,
    }),
  ),
});
export type JeecgLoginResponse = Static<typeof JeecgLoginResponse>;

/** `GET /thirdLogin/render/:provider` and `/thirdLogin/callback/:provider`. */
export const ThirdLoginProviderParams = Type.Object({
  provider: Type.String({ maxLength: 64, title: '第三方登录方式' }),
});
export type ThirdLoginProviderParams = Static<typeof ThirdLoginProviderParams>;

/** `?agreed=1`: the login agreement was ticked on the login page (docs/auth.md). */
export const ThirdLoginRenderQuery = Type.Object({
  agreed: Type.Optional(Type.String({ maxLength: 1, title: '同意登录协议' })),
});
export type ThirdLoginRenderQuery = Static<typeof ThirdLoginRenderQuery>;

/** `GET /thirdLogin/getLoginUser/:id`: the ticket of `/login?thirdLoginId=`. */
export const ThirdLoginTicketParams = Type.Object({ id: Type.String({ maxLength: 128, title: '登录票据' }) });
export type ThirdLoginTicketParams = Static<typeof ThirdLoginTicketParams>;

/**
 * `GET /callback?client_name=cas_client&ticket=…[&service=<path>]`: the CAS server sends the
 * browser back with its ticket (`POST /callback` is the form login).
 */
const CasCallbackQuery = Type.Object({
  client_name: Type.Optional(Type.String({ maxLength: 32 })),
  ticket: Type.Optional(Type.String({ maxLength: 512 })),
  service: Type.Optional(Type.String({ maxLength: 1024 })),
});

/** What an OAuth 2 provider sends back: `code` and `state`, or `error` when the user declined. */
const ThirdLoginCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2048 })),
  state: Type.Optional(Type.String({ maxLength: 1024 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 1024 })),
});

/**
 * The login calls (all public). `validateLogin`, `phoneLogin` and `thirdLoginUser` answer
 * without an envelope (`ValidateLoginResponse`, `JeecgLoginResponse`: the client reads them
 * with `raw`); `casCallback`, `thirdRender` and `thirdCallback` are the browser's navigations,
 * answered with redirects.
 */
export const loginCalls = {
  sliderChallenge: defineCall({
    method: 'POST',
    path: '/rest/anon/slider/challenge',
    body: EmptyBody,
    answer: SliderChallenge,
  }),
  sliderVerify: defineCall({
    method: 'POST',
    path: '/rest/anon/slider/verify',
    body: SliderVerifyBody,
    answer: SliderProof,
  }),
  publicKey: defineCall({
    method: 'POST',
    path: '/rest/anon/loginPublicKey',
    body: EmptyBody,
    answer: LoginPublicKey,
  }),
  agreement: defineCall({
    method: 'POST',
    path: '/rest/loginagreement/getloginagreement',
    body: EmptyBody,
    answer: Nullable(LoginAgreement),
  }),
  agreementChecked: defineCall({
    method: 'POST',
    path: '/rest/loginagreement/requirecheckedagreement',
    body: RequireCheckedBody,
    answer: RequireChecked,
  }),
  /**
   * The form login: a multipart form whose fields the server reads as the body (checked with
   * `FormLoginBody`), the client in the query. Answers an envelope with HTTP 200 whatever goes
   * wrong.
   */
  formLogin: defineCall({
    method: 'POST',
    path: '/callback',
    query: FormLoginQuery,
    body: FormLoginBody,
    answer: FormLoginResult,
  }),
  /** The login ticket's cookie → a session (no envelope). */
  validateLogin: defineCall({ method: 'GET', path: '/cas/client/validateLogin', response: ValidateLoginResponse }),
  logout: defineCall({ method: 'POST', path: '/logout', query: LogoutQuery, answer: LogoutResult }),
  sendSms: defineCall({ method: 'POST', path: '/account/sms', body: SendSmsBody, answer: SmsCodeSent }),
  /** No envelope. */
  phoneLogin: defineCall({
    method: 'POST',
    path: '/sys/phoneLogin',
    body: PhoneLoginBody,
    response: JeecgLoginResponse,
  }),
  casCallback: defineCall({ method: 'GET', path: '/callback', query: CasCallbackQuery }),
  thirdRender: defineCall({
    method: 'GET',
    path: '/thirdLogin/render/:provider',
    params: ThirdLoginProviderParams,
    query: ThirdLoginRenderQuery,
  }),
  thirdCallback: defineCall({
    method: 'GET',
    path: '/thirdLogin/callback/:provider',
    params: ThirdLoginProviderParams,
    query: ThirdLoginCallbackQuery,
  }),
  /** No envelope. */
  thirdLoginUser: defineCall({
    method: 'GET',
    path: '/thirdLogin/getLoginUser/:id',
    params: ThirdLoginTicketParams,
    response: JeecgLoginResponse,
  }),
};
