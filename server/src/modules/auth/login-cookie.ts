import { serializeCookie } from '../shared/cookie';

export const LOGIN_COOKIE = 'cotton_login';
export const LOGIN_COOKIE_PATH = '/cas/client';

/** `Set-Cookie` value of the login ticket cookie (`maxAge` 0 clears it). */
export function loginCookie(value: string, maxAge: number, secure: boolean): string {
  return serializeCookie(LOGIN_COOKIE, value, { path: LOGIN_COOKIE_PATH, maxAge, sameSite: 'Strict', secure });
}
