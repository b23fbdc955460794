import type { APIRequestContext } from '@playwright/test';
import { asciiJson, encryptLikeBrowser, humanTrack } from '../../server/test/auth-helpers';

// The account login performed over HTTP, as the login page does it (slider proof, RSA-OAEP
// encrypted form, multipart POST /callback): it leaves the one-time `cotton_login` cookie
// in the context's cookie jar, which the CAS finish (`/login?casLogin=1`) then redeems.

async function envelope<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const body = (await (await request.post(path, { data })).json()) as {
    rtnCode: string;
    rtnMessage: string;
    dataSet: T;
  };
  if (body.rtnCode !== '0000') throw new Error(`${path}: ${body.rtnCode} ${body.rtnMessage}`);
  return body.dataSet;
}

/** A slider proof, as the slider widget earns it (a human-like drag answered by the server). */
export async function sliderProofOverHttp(request: APIRequestContext): Promise<string> {
  const { challengeId } = await envelope<{ challengeId: string }>(request, '/rest/anon/slider/challenge', {});
  const { proof } = await envelope<{ proof: string }>(request, '/rest/anon/slider/verify', {
    challengeId,
    width: 340,
    track: humanTrack(340),
  });
  return proof;
}

/** A code sent (and logged in 短信日志) to an application's mobile, as the status page asks for it. */
export async function statusCodeOverHttp(request: APIRequestContext, uniformCreditCode: string): Promise<void> {
  const proof = await sliderProofOverHttp(request);
  await envelope(request, '/rest/anon/registerApply/sendStatusCode', { uniformCreditCode, proof });
}

export async function formLoginOverHttp(
  request: APIRequestContext,
  code: string,
  username: string,
  password: string,
): Promise<void> {
  const proof = await sliderProofOverHttp(request);
  const { publicKey } = await envelope<{ publicKey: string }>(request, '/rest/anon/loginPublicKey', {});
  const authorization = encryptLikeBrowser(
    publicKey,
    asciiJson({ c: code, u: username, p: password, s: proof, a: '1' }),
  );
  const answer = (await (
    await request.post('/callback?client_name=form_client', { multipart: { Authorization: authorization } })
  ).json()) as {
    rtnCode: string;
    rtnMessage: string;
  };
  if (answer.rtnCode !== '0000') throw new Error(`form login: ${answer.rtnCode} ${answer.rtnMessage}`);
}

/** A session token and its user, as `GET /cas/client/validateLogin` hands them out after a login. */
export async function sessionOverHttp(request: APIRequestContext, code: string, username: string, password: string) {
  await formLoginOverHttp(request, code, username, password);
  const validated = (await (await request.get('/cas/client/validateLogin')).json()) as {
    success: boolean;
    result: { token: string; userInfo: Record<string, unknown> };
  };
  if (!validated.success) throw new Error('validateLogin refused the ticket');
  return validated.result;
}
