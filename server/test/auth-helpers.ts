import { createRequire } from 'node:module';
import type { HttpClient } from './helpers';

/**
 * Logging in through the real endpoints, encrypting exactly as the browser does: jsencrypt's
 * `encryptOAEP` (loaded from its UMD build under a minimal window shim), with the JSON's
 * non-ASCII characters escaped as \uXXXX (jsencrypt pads UTF-16 code units as bytes).
 */

interface JSEncryptLike {
  setPublicKey(pem: string): void;
  encryptOAEP(text: string): string | false;
}

/**
 * Runs `action` with `window` and `self` defined, as in a browser, and removes them after:
 * left defined, they would make PGlite believe it runs in a browser.
 */
function inBrowserShim<T>(action: () => T): T {
  const globals = globalThis as Record<string, unknown>;
  const added = (['window', 'self'] as const).filter((name) => !(name in globals));
  for (const name of added) globals[name] = globalThis;
  try {
    return action();
  } finally {
    for (const name of added) delete globals[name];
  }
}

const JSEncrypt = inBrowserShim(() => createRequire(import.meta.url)('jsencrypt') as new () => JSEncryptLike);

/** JSON with every character above U+007E written as \uXXXX: still JSON, and pure ASCII. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function encryptLikeBrowser(publicKey: string, text: string): string {
  const result = inBrowserShim(() => {
    const encrypt = new JSEncrypt();
    encrypt.setPublicKey(publicKey);
    return encrypt.encryptOAEP(text);
  });
  if (result === false) throw new Error('jsencrypt refused to encrypt');
  return result;
}

/** A drag with a hand's rhythm: slow start, fast middle, slow end, 900 ms. */
export function humanTrack(width: number, points = 24, duration = 900): Array<[number, number]> {
  return Array.from({ length: points }, (_, index) => {
    const progress = index / (points - 1);
    const eased = (1 - Math.cos(Math.PI * progress)) / 2;
    return [Math.round(width * eased * 10) / 10, Math.round(duration * progress)] as [number, number];
  });
}

export async function publicKeyOf(server: HttpClient): Promise<string> {
  const response = await server.post<{ publicKey: string }>('/rest/anon/loginPublicKey', {});
  return response.envelope.dataSet.publicKey;
}

export async function sliderProof(server: HttpClient, width = 340): Promise<string> {
  const challenge = await server.post<{ challengeId: string }>('/rest/anon/slider/challenge', {});
  const verify = await server.post<{ proof: string }>('/rest/anon/slider/verify', {
    challengeId: challenge.envelope.dataSet.challengeId,
    width,
    track: humanTrack(width),
  });
  if (verify.envelope.rtnCode !== '0000') throw new Error(`slider refused: ${verify.text}`);
  return verify.envelope.dataSet.proof;
}

export interface FormLoginAnswer {
  status: number;
  body: { rtnCode: string; rtnMessage: string; dataSet: { redirect: string } | null };
  cookie: string | null;
}

/** POST /callback?client_name=form_client, multipart, one field Authorization. */
export async function postFormLogin(server: HttpClient, authorization: string, query = ''): Promise<FormLoginAnswer> {
  const form = new FormData();
  form.append('Authorization', authorization);
  const response = await fetch(`${server.baseUrl}/callback?client_name=form_client${query}`, {
    method: 'POST',
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as FormLoginAnswer['body'],
    cookie: response.headers.get('set-cookie'),
  };
}

export interface Credentials {
  code: string;
  username: string;
  password: string;
}

/** The form login as the login page does it, the agreement ticked unless `agreed: false`. */
export async function formLogin(
  server: HttpClient,
  credentials: Credentials,
  options: { proof?: string | null; query?: string; agreed?: boolean } = {},
) {
  const publicKey = await publicKeyOf(server);
  const proof = options.proof === undefined ? await sliderProof(server) : options.proof;
  const payload = {
    c: credentials.code,
    u: credentials.username,
    p: credentials.password,
    ...(proof === null ? {} : { s: proof }),
    ...(options.agreed === false ? {} : { a: '1' }),
  };
  return postFormLogin(server, encryptLikeBrowser(publicKey, asciiJson(payload)), options.query);
}

/** The `cotton_login=<ticket>` pair of a Set-Cookie header. */
export function cookiePair(setCookie: string | null): string {
  const pair = setCookie?.split(';')[0] ?? '';
  if (!pair.startsWith('cotton_login=')) throw new Error(`no login cookie in ${setCookie}`);
  return pair;
}

export async function validateLogin(server: HttpClient, cookie: string | null) {
  const response = await server.get('/cas/client/validateLogin', cookie ? { cookie } : {});
  return {
    status: response.status,
    setCookie: response.headers.get('set-cookie'),
    body: (await response.json()) as {
      success: boolean;
      message: string;
      result?: { token: string; userInfo: Record<string, unknown> };
    },
  };
}

/** Full login through the endpoints; returns the token. */
export async function loginToken(server: HttpClient, credentials: Credentials): Promise<string> {
  const answer = await formLogin(server, credentials);
  if (answer.body.rtnCode !== '0000') throw new Error(`login refused: ${JSON.stringify(answer.body)}`);
  const validated = await validateLogin(server, cookiePair(answer.cookie));
  if (!validated.body.success || !validated.body.result)
    throw new Error(`validateLogin refused: ${validated.body.message}`);
  return validated.body.result.token;
}

export const ADMIN = { code: 'CNCE', username: 'admin', password: 'Admin@2026' } as const;
export const REVIEWER = { code: 'CNCE', username: 'reviewer', password: 'Review@2026' } as const;
export const EDITOR = { code: 'CNCE', username: 'editor', password: 'Editor@2026' } as const;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
