import type {
  AgreementFlag,
  JeecgLoginResponse,
  LoginAgreement,
  PhoneLoginBody,
  RequireCheckedBody,
  SendSmsBody,
  UserInfo,
  ValidateLoginResponse,
} from '@cotton/sdk/contracts';
import { request } from '@cotton/sdk';
import { loginCalls } from '@cotton/sdk/calls';
import { callAt } from '../call-at';
import { AGREEMENT_CUSTOM_CODE, LOGIN_TEXT } from './locale';

/** A login call that ended in a refusal; `message` is the server's, maybe empty. */
export class LoginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoginError';
  }
}

export interface LoginResult {
  token: string;
  user: UserInfo | null;
}

export interface AccountCredentials {
  code: string;
  username: string;
  password: string;
  /** The slider's one-time proof. */
  proof: string;
  /** The login agreement was ticked. */
  agreed: boolean;
}

/** jsencrypt works on "binary strings" (one char per byte): UTF-8 first, so 中文 survives. */
function utf8Binary(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return binary;
}

/**
 * base64 of RSA-OAEP (SHA-256, MGF1 SHA-256: jsencrypt's `encryptOAEP`) of `payload` as
 * JSON. jsencrypt is loaded here, on demand: only the login page pays for it.
 */
export async function encryptCredentials(publicKey: string, payload: object): Promise<string> {
  const { JSEncrypt } = await import('jsencrypt');
  const encryptor = new JSEncrypt();
  encryptor.setPublicKey(publicKey);
  const cipher = encryptor.encryptOAEP(utf8Binary(JSON.stringify(payload)));
  if (!cipher) throw new LoginError(LOGIN_TEXT.encryptFailed);
  return cipher;
}

/**
 * The form login: public key, encrypted `{c, u, p, s, a}` posted as the multipart field
 * `Authorization`; resolves the server's `redirect` (the login ticket is now a cookie).
 */
export async function formLogin(credentials: AccountCredentials, service?: string | null): Promise<string> {
  const { publicKey } = await request.call(loginCalls.publicKey, {});
  const authorization = await encryptCredentials(publicKey, {
    c: credentials.code,
    u: credentials.username,
    p: credentials.password,
    s: credentials.proof,
    ...(credentials.agreed ? { a: '1' } : {}),
  });
  const form = new FormData();
  form.append('Authorization', authorization);
  const answer = await request.upload(
    callAt(loginCalls.formLogin, { query: { client_name: 'form_client', service } }),
    form,
  );
  return answer?.redirect || '/';
}

/** The answers of the login calls without an envelope (the server's, or whatever a proxy put in its place). */
type LoginAnswer = ValidateLoginResponse | JeecgLoginResponse;

function tokenOf(answer: LoginAnswer | null | undefined, needCode200: boolean): LoginResult {
  const token = answer?.result?.token;
  const codeOk =
    !needCode200 || (answer !== null && answer !== undefined && 'code' in answer && String(answer.code) === '200');
  if (!answer || answer.success === false || !codeOk || !token) throw new LoginError(answer?.message ?? '');
  return { token, user: answer.result?.userInfo ?? null };
}

/** Exchanges the login cookie (form or CAS login) for a token. */
export async function validateLogin(): Promise<LoginResult> {
  const answer: unknown = await request.call(loginCalls.validateLogin, undefined, { raw: true });
  return tokenOf(answer as ValidateLoginResponse, false);
}

export async function phoneLogin(mobile: string, captcha: string, agreed: boolean): Promise<LoginResult> {
  const body: PhoneLoginBody = { mobile, captcha, ...(agreed ? { agreed: '1' } : {}) };
  const answer: unknown = await request.call(loginCalls.phoneLogin, body, { raw: true });
  return tokenOf(answer as JeecgLoginResponse, true);
}

export async function thirdLoginUser(id: string): Promise<LoginResult> {
  const answer: unknown = await request.call(callAt(loginCalls.thirdLoginUser, { params: { id } }), undefined, {
    raw: true,
  });
  return tokenOf(answer as JeecgLoginResponse, true);
}

export async function sendSmsCode(mobile: string): Promise<void> {
  const body: SendSmsBody = { mobile };
  await request.call(loginCalls.sendSms, body);
}

export async function fetchAgreement(): Promise<{ agreement: LoginAgreement | null; flag: AgreementFlag }> {
  const [agreement, required] = await Promise.all([
    request.call(loginCalls.agreement, {}),
    request.call(loginCalls.agreementChecked, { customCode: AGREEMENT_CUSTOM_CODE } satisfies RequireCheckedBody),
  ]);
  const checked = required?.checked;
  return { agreement: agreement ?? null, flag: checked === '1' || checked === '2' ? checked : '0' };
}
