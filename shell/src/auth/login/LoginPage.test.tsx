import { Message, Notification } from '@arco-design/web-react';
import { ApiError, request, storage, type BrowserCall } from '@cotton/sdk';
import { loginCalls } from '@cotton/sdk/calls';
import { setPortalConfig } from '@cotton/sdk/host';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { generateKeyPairSync } from 'node:crypto';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock, type MockInstance } from 'vitest';
import { portalConfig } from '../../test-support';
import { SessionControllerContext } from '../context';
import { testUser } from '../fixtures';
import type { SessionController } from '../session';
import { LoginPage } from './index';
import { REMEMBERED_ACCOUNT } from './locale';

let publicKey = '';
beforeAll(() => {
  publicKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString();
});

let agreementFlag = '0';
let post: MockInstance<typeof request.call>;
let upload: ReturnType<typeof vi.spyOn>;
/** Answers the GET login calls (`validateLogin`, `thirdLoginUser`: no envelope) by their path. */
let get: Mock<(path: string, ...rest: unknown[]) => Promise<unknown>>;
let controller: {
  completeLogin: ReturnType<typeof vi.fn>;
  logout: ReturnType<typeof vi.fn>;
  reload: ReturnType<typeof vi.fn>;
};
let notify: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  setPortalConfig(portalConfig());
  agreementFlag = '0';
  storage.clear();
  get = vi
    .fn<(path: string, ...rest: unknown[]) => Promise<unknown>>()
    .mockResolvedValue({ success: true, message: '登录成功', result: { token: 'tok', userInfo: testUser } });
  post = vi.spyOn(request, 'call').mockImplementation((async (call: BrowserCall, ...rest: unknown[]) => {
    if (call.method === 'GET') return get(call.path, ...rest);
    switch (call) {
      case loginCalls.sliderChallenge:
        return { challengeId: 'c1', expiresIn: 120 };
      case loginCalls.sliderVerify:
        return { proof: 'proof-1' };
      case loginCalls.publicKey:
        return { publicKey };
      case loginCalls.agreement:
        return { title: '用户协议', content: '协议正文', displayName: '《用户协议》' };
      case loginCalls.agreementChecked:
        return { checked: agreementFlag };
      default:
        throw new Error(`unexpected ${call.path}`);
    }
  }) as typeof request.call);
  upload = vi.spyOn(request, 'upload').mockResolvedValue({ redirect: '/' });
  controller = { completeLogin: vi.fn(async () => true), logout: vi.fn(), reload: vi.fn() };
  notify = vi.spyOn(Notification, 'error').mockImplementation(() => undefined as never);
});

afterEach(() => {
  vi.restoreAllMocks();
  storage.clear();
});

function renderLogin(path = '/login') {
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], { initialEntries: [path] });
  return render(
    <SessionControllerContext.Provider value={controller as unknown as SessionController}>
      <RouterProvider router={router} />
    </SessionControllerContext.Provider>,
  );
}

async function slide() {
  const handle = screen.getByRole('slider', { name: '滑块验证' });
  fireEvent.pointerDown(handle, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 0 });
  for (const x of [60, 150, 240, 300])
    fireEvent.pointerMove(handle, { pointerId: 1, pointerType: 'mouse', clientX: x });
  fireEvent.pointerUp(handle, { pointerId: 1, pointerType: 'mouse', clientX: 300 });
  await screen.findByText('验证通过');
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('login-code'), ' CNCE ');
  await user.type(screen.getByTestId('login-username'), 'admin ');
  await user.type(screen.getByTestId('login-password'), 'Admin@2026');
  await slide();
}

describe('login form', () => {
  it('asks for business code, username and password, and sends nothing', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入业务代码')).toBeInTheDocument();
    expect(screen.getByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByText('请先完成滑块验证')).toBeInTheDocument();
    expect(post.mock.calls.some(([call]) => call === loginCalls.publicKey)).toBe(false);
  });

  it('checks the business code on blur, spaces alone do not count', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByTestId('login-code'), '   ');
    expect(screen.queryByText('请输入业务代码')).toBeNull();
    await user.click(screen.getByTestId('login-username'));
    expect(await screen.findByText('请输入业务代码')).toBeInTheDocument();
  });

  it('logs in: encrypted multipart callback, validateLogin, then the session takes over; Enter submits', async () => {
    const user = userEvent.setup();
    renderLogin('/login?redirect=%2Fsystem%2Fsms');
    await fill(user);
    await user.click(screen.getByTestId('login-remember'));
    await user.type(screen.getByTestId('login-password'), '{Enter}');
    await waitFor(() => expect(controller.completeLogin).toHaveBeenCalledWith({ token: 'tok', user: testUser }, '/'));
    const [call, form] = upload.mock.calls[0] as [BrowserCall, FormData];
    expect(call).toEqual({
      ...loginCalls.formLogin,
      path: '/callback?client_name=form_client&service=%2Fsystem%2Fsms',
    });
    expect([...form.keys()]).toEqual(['Authorization']);
    expect(String(form.get('Authorization'))).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(get).toHaveBeenCalledWith('/cas/client/validateLogin', undefined, { raw: true });
    expect(storage.get(REMEMBERED_ACCOUNT)).toEqual({ code: 'CNCE', username: 'admin' });
    expect(JSON.stringify(localStorage)).not.toContain('Admin@2026');
  });

  it('on a refusal says 登录失败 with the server message for 4 s, re-enables the button and resets the slider', async () => {
    upload.mockRejectedValueOnce(new ApiError('1001', '业务代码、用户名或密码错误'));
    const user = userEvent.setup();
    renderLogin();
    await fill(user);
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({ title: '登录失败', content: '业务代码、用户名或密码错误', duration: 4000 }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('login-submit')).not.toBeDisabled());
    expect(screen.getByTestId('slider-verify-label')).toHaveTextContent('请按住滑块，拖动到最右边');
    // A fresh slider, not an error: the user did nothing wrong with it.
    expect(screen.queryByText('请先完成滑块验证')).not.toBeInTheDocument();
    expect(controller.completeLogin).not.toHaveBeenCalled();
  });

  it('falls back to 请求出现错误，请稍后再试 and rejects a validateLogin without a token', async () => {
    get.mockResolvedValueOnce({ success: false, message: '' });
    const user = userEvent.setup();
    renderLogin();
    await fill(user);
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({ title: '登录失败', content: '请求出现错误，请稍后再试' }),
      ),
    );
  });

  it('fills in the remembered account', async () => {
    storage.set(REMEMBERED_ACCOUNT, { code: 'CNCE', username: 'reviewer' });
    renderLogin();
    expect(screen.getByTestId('login-code')).toHaveValue('CNCE');
    expect(screen.getByTestId('login-username')).toHaveValue('reviewer');
    expect(screen.getByTestId('login-password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByTestId('login-username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByTestId('login-code')).toHaveAttribute('autocomplete', 'organization');
  });
});

describe('agreement', () => {
  it('flag 1: must be ticked (请勾选 + its name); the text opens in a modal', async () => {
    agreementFlag = '1';
    const warn = vi.spyOn(Message, 'warning').mockImplementation(() => (() => undefined) as never);
    const user = userEvent.setup();
    renderLogin();
    await screen.findByTestId('login-agreement');
    await fill(user);
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.objectContaining({ content: '请勾选《用户协议》' })));
    expect(upload).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('login-agreement-open'));
    expect(await screen.findByTestId('login-agreement-text')).toHaveTextContent('协议正文');
  });

  it('takes its 请勾选 warning away once ticked, and when the login page is left', async () => {
    agreementFlag = '1';
    const user = userEvent.setup();
    const { unmount } = renderLogin();
    await screen.findByTestId('login-agreement');
    await fill(user);
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请勾选《用户协议》')).toBeInTheDocument();
    await user.click(screen.getByTestId('login-agreement-checkbox'));
    await waitFor(() => expect(screen.queryByText('请勾选《用户协议》')).not.toBeInTheDocument());

    await user.click(screen.getByTestId('login-agreement-checkbox'));
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请勾选《用户协议》')).toBeInTheDocument();
    unmount();
    await waitFor(() => expect(screen.queryByText('请勾选《用户协议》')).not.toBeInTheDocument());
  });

  it('flag 2: ticked and fixed', async () => {
    agreementFlag = '2';
    renderLogin();
    const box = (await screen.findByTestId('login-agreement')).querySelector('input[type="checkbox"]');
    await waitFor(() => expect(box).toBeChecked());
    expect(box).toBeDisabled();
  });
});

describe('other ways in', () => {
  it('finishes a CAS login (?casLogin=1) with validateLogin', async () => {
    renderLogin('/login?casLogin=1&redirect=%2Faccount%2Fcenter');
    await waitFor(() =>
      expect(controller.completeLogin).toHaveBeenCalledWith({ token: 'tok', user: testUser }, '/account/center'),
    );
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('finishes a third-party login (?thirdLoginId=) and shows ?thirdLoginError=', async () => {
    get.mockResolvedValueOnce({ success: true, code: 200, message: '', result: { token: 'tok3', userInfo: testUser } });
    renderLogin('/login?thirdLoginId=t-1');
    await waitFor(() => expect(controller.completeLogin).toHaveBeenCalledWith({ token: 'tok3', user: testUser }, '/'));
    expect(get).toHaveBeenCalledWith('/thirdLogin/getLoginUser/t-1', undefined, { raw: true });
  });

  it('shows the message of a ?casError= code, and the third-party buttons', () => {
    setPortalConfig({ ...portalConfig(), thirdLoginProviders: [{ id: 'gitee', name: '码云' }] } as ReturnType<
      typeof portalConfig
    >);
    renderLogin('/login?casError=cas-unknown-user');
    expect(screen.getByTestId('login-error')).toHaveTextContent('统一认证账号未关联平台账号');
    expect(screen.getByRole('link', { name: '码云' })).toHaveAttribute('href', '/thirdLogin/render/gitee');
    expect(screen.getByTestId('login-footer')).toHaveTextContent('京ICP备00000000号');
  });

  it.each([
    ['casError', '登录失败，请拨打 400-000-0000 并提供密码'],
    ['thirdLoginError', '<b>系统升级</b>，请到 evil.example 重新登录'],
  ])('never shows text from the address (?%s=…), only a message of its own', (param, text) => {
    renderLogin(`/login?${param}=${encodeURIComponent(text)}`);
    expect(screen.getByTestId('login-error')).toHaveTextContent('登录未成功，请重新登录');
    expect(document.body).not.toHaveTextContent('400-000-0000');
    expect(document.body).not.toHaveTextContent('evil.example');
  });

  it('shows the message of a ?thirdLoginError= code', () => {
    renderLogin('/login?thirdLoginError=third-unbound');
    expect(screen.getByTestId('login-error')).toHaveTextContent('该第三方账号尚未绑定平台账号');
  });

  it('has no phone tab when the portal offers no phone login (production without an SMS gateway)', () => {
    setPortalConfig(portalConfig({ phoneLogin: false }));
    renderLogin();
    expect(screen.getByRole('tab', { name: '账号登录' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '手机号登录' })).not.toBeInTheDocument();
  });

  it('phone login: 获取验证码 with a 60 s countdown, then /sys/phoneLogin needing code 200', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('tab', { name: '手机号登录' }));
    post.mockImplementation((async (call: BrowserCall) => {
      if (call === loginCalls.sendSms) return { expiresIn: 300 };
      if (call === loginCalls.phoneLogin) return { success: true, code: 500, message: '验证码错误或已过期' };
      return null;
    }) as typeof request.call);
    await user.type(screen.getByTestId('phone-mobile'), '13800138000');
    await user.click(screen.getByTestId('phone-send-captcha'));
    await waitFor(() => expect(screen.getByTestId('phone-send-captcha')).toHaveTextContent('60 秒后重新获取'));
    expect(post).toHaveBeenCalledWith(loginCalls.sendSms, { mobile: '13800138000' });
    await user.type(screen.getByTestId('phone-captcha'), '123456');
    await user.click(screen.getByTestId('phone-submit'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({ title: '登录失败', content: '验证码错误或已过期' }),
      ),
    );
    expect(post).toHaveBeenCalledWith(
      loginCalls.phoneLogin,
      { mobile: '13800138000', captcha: '123456' },
      { raw: true },
    );
    expect(controller.completeLogin).not.toHaveBeenCalled();
    await act(async () => undefined);
  });
});
