// `@cotton/sdk/testing`: for a plugin's own tests (Vitest, Jest, any runner), never its runtime
// code (the plugin build refuses it). A session holding chosen permission codes, and the SDK's
// request client answering calls by their declaration — the transport faked, the page and the
// SDK's components, stores and permission checks real. It uses the same modules as
// `@cotton/sdk`, so what it sets is what the plugin's components read.
import type { AnswerOf, BodyOf, BrowserCall } from './contracts/call';
import type { UserInfo } from './contracts/session';
import { ApiError } from './request/api-error';
import { request } from './request/client';
import { clearSession, setSession } from './session/store';

export { clearSession };
export type { AnswerOf, BodyOf, BrowserCall, CallDeclaration, CallTypes, StaticOf } from './contracts/call';
export type { UserInfo } from './contracts/session';

/** The user of {@link sessionWith} unless it is given another. */
const TEST_USER: UserInfo = {
  uid: '1',
  loginName: 'tester',
  nickName: '测试用户',
  realname: '测试用户',
  avatar: null,
  phone: null,
  email: null,
  enterpriseCode: null,
  enterpriseName: null,
};

/**
 * Logs a user in for the test, holding exactly `codes` (what `Authorized`, `hasPermission` and
 * the list's row actions check). `clearSession()` logs out.
 */
export function sessionWith(codes: readonly string[], user: Partial<UserInfo> = {}): void {
  setSession({
    token: 'test-token',
    user: { ...TEST_USER, ...user },
    permissions: [...codes],
    buttons: [...codes],
  });
}

/** What a mocked call answers: its `dataSet`, a function of the body returning one, or an `ApiError` (a refusal). */
export type MockAnswer<C extends BrowserCall> = AnswerOf<C> | Error | ((body: BodyOf<C>) => AnswerOf<C> | Error);

export interface CallMock {
  /** Sets (or replaces) what `call` answers from now on. */
  answer<C extends BrowserCall>(call: C, answer: MockAnswer<C>): CallMock;
  /** The bodies `call` was sent with, in order. */
  bodies(call: BrowserCall): unknown[];
  /** Puts the real transport back. */
  restore(): void;
}

/**
 * Answers the SDK request client's `call` (and `upload`) by call declaration
 * (`@cotton/sdk/calls`): each call answers what {@link CallMock.answer} set for it — a value
 * resolves as its `dataSet`, an `ApiError` rejects as the server's refusal would (shown by the
 * SDK as it would be), a function is called with the body. A call with no answer rejects with
 * an `ApiError` naming its path, so that a test sees what its page sent unexpectedly.
 *
 * ```ts
 * const calls = mockCalls().answer(postAdminCalls.page, { pagination: { result: [], totalCount: 0, pageNum: 1, pageSize: 10 } });
 * sessionWith(['inspection:record:list']);
 * render(<RecordPage />);
 * // … then calls.bodies(postAdminCalls.page), and afterEach: calls.restore()
 * ```
 */
export function mockCalls(): CallMock {
  const answers = new Map<BrowserCall, unknown>();
  const sent = new Map<BrowserCall, unknown[]>();
  const original = { call: request.call, upload: request.upload };
  const respond = async (call: BrowserCall, body: unknown) => {
    sent.set(call, [...(sent.get(call) ?? []), body]);
    if (!answers.has(call))
      throw new ApiError('404', `测试未设置调用 ${call.method} ${call.path} 的应答（mockCalls().answer）`);
    const answer = answers.get(call);
    const value: unknown = typeof answer === 'function' ? (answer as (body: unknown) => unknown)(body) : answer;
    if (value instanceof Error) throw value;
    return value;
  };
  const client = request as { call: unknown; upload: unknown };
  client.call = (call: BrowserCall, body?: unknown) => respond(call, body ?? {});
  client.upload = (call: BrowserCall, form: FormData) => respond(call, form);
  const mock: CallMock = {
    answer(call, answer) {
      answers.set(call, answer);
      return mock;
    },
    bodies: (call) => [...(sent.get(call) ?? [])],
    restore() {
      client.call = original.call;
      client.upload = original.upload;
    },
  };
  return mock;
}
