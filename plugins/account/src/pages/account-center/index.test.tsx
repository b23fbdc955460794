import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import { clearSession, setSession, setSessionService } from '@cotton/sdk/host';
import { act, fireEvent, render as renderElement, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountCalls } from '@cotton/sdk/calls';
import { accountCenter, user } from '../../test/fixtures';
import { AccountCenter } from './index';

const post = vi.fn();

// Only the transport is faked: every SDK caller goes through `request.call`.
vi.spyOn(request, 'call').mockImplementation(post);

const RIGHT_PASSWORD = 'Old12345';

/** The page reads its query (`?thirdBind=`): it needs a router. */
function render(ui: ReactElement) {
  return renderElement(<MemoryRouter initialEntries={['/account/center']}>{ui}</MemoryRouter>);
}
let sessionReload: ReturnType<typeof vi.fn>;
let toastSuccess: ReturnType<typeof vi.fn>;
let toastError: ReturnType<typeof vi.fn>;

function bodiesOf(url: unknown) {
  return post.mock.calls.filter(([u]) => u === url).map(([, body]) => body);
}

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown, body: Record<string, string>) => {
    if (url === accountCalls.center) return accountCenter();
    if (url === accountCalls.updateDefaults)
      return { userInfo: user({ realname: body.realname, phone: body.phone ?? null }) };
    if (url === accountCalls.checkPassword) {
      if (body.oldPassword !== RIGHT_PASSWORD) throw new ApiError('504', '原密码错误');
      return null;
    }
    if (url === accountCalls.updatePassword) return null;
    if (url === accountCalls.sendBindPhoneCode) return { expiresIn: 300 };
    throw new Error(`unexpected call ${String((url as { path?: string }).path)}`);
  });
  sessionReload = vi.fn(async () => undefined);
  setSessionService({ logout: async () => undefined, reload: sessionReload as () => Promise<void> });
  toastSuccess = vi.fn(() => () => undefined);
  toastError = vi.fn(() => () => undefined);
  vi.spyOn(Message, 'success').mockImplementation(toastSuccess as unknown as typeof Message.success);
  vi.spyOn(Message, 'error').mockImplementation(toastError as unknown as typeof Message.error);
});

afterEach(() => {
  // Not vi.restoreAllMocks(): that would also undo the transport spy set at the top of this file.
  vi.mocked(Message.success).mockRestore();
  vi.mocked(Message.error).mockRestore();
  clearSession();
});

/** The error text Arco shows under a form item holding `input`. */
function fieldError(input: HTMLElement): string | null {
  const item = input.closest('.arco-form-item');
  return item?.querySelector('.arco-form-message')?.textContent ?? null;
}

async function openPasswordTab() {
  render(<AccountCenter />);
  await screen.findByTestId('account-profile');
  fireEvent.click(screen.getByRole('tab', { name: '修改密码' }));
  return screen.getByTestId('account-password-form');
}

describe('AccountCenter profile', () => {
  it('shows the skeleton, then the profile from accountCenter', async () => {
    render(<AccountCenter />);
    expect(screen.getByTestId('account-loading')).toBeInTheDocument();
    const profile = await screen.findByTestId('account-profile');
    expect(bodiesOf(accountCalls.center)).toEqual([{}]);
    expect(within(profile).getByTestId('account-profile-name')).toHaveTextContent('张伟');
    expect(within(profile).getAllByText('admin').length).toBeGreaterThan(0);
    expect(within(profile).getByText('全国棉花交易市场')).toBeInTheDocument();
    expect(within(profile).getByText('CNCE')).toBeInTheDocument();
    const roles = within(profile).getByTestId('account-profile-roles');
    expect(roles).toHaveTextContent('系统管理员');
    expect(roles).toHaveTextContent('注册审核员');
    expect(within(profile).getByText('13800138000')).toBeInTheDocument();
    expect(within(profile).getByText('zhangwei@example.com')).toBeInTheDocument();
    // 00:30 UTC is 08:30 in China, whatever the zone the test runs in.
    expect(within(profile).getByTestId('account-last-login')).toHaveTextContent(/^2026-11-20 08:30:00（北京时间）$/);
  });

  it('shows dashes for what is missing', async () => {
    post.mockImplementation(async () =>
      accountCenter({ userInfo: user({ phone: null, email: null }), roles: [], lastLoginAt: null, enterprise: null }),
    );
    render(<AccountCenter />);
    const profile = await screen.findByTestId('account-profile');
    expect(within(profile).getByText('暂无角色')).toBeInTheDocument();
    // Enterprise falls back to the user's; phone, email and last login show --.
    expect(within(profile).getByText('全国棉花交易市场')).toBeInTheDocument();
    expect(within(profile).getAllByText('--')).toHaveLength(3);
  });

  it('shows the server message and retries', async () => {
    post.mockRejectedValueOnce(new ApiError('500', '服务暂不可用'));
    render(<AccountCenter />);
    const failed = await screen.findByTestId('account-error');
    expect(failed).toHaveTextContent('服务暂不可用');
    fireEvent.click(within(failed).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('account-profile')).toBeInTheDocument();
    expect(bodiesOf(accountCalls.center)).toHaveLength(2);
  });
});

describe('AccountCenter basic info', () => {
  it('validates, saves and reloads the session', async () => {
    render(<AccountCenter />);
    const form = await screen.findByTestId('account-basic-form');
    const realname = within(form).getByPlaceholderText('请输入姓名');
    const phone = within(form).getByPlaceholderText('请输入手机号码');
    const email = within(form).getByPlaceholderText('请输入邮箱');
    expect(realname).toHaveValue('张伟');

    fireEvent.change(realname, { target: { value: '  ' } });
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('account-basic-save'));
    await waitFor(() => {
      expect(fieldError(realname)).toBe('请输入姓名');
      expect(fieldError(phone)).toBe('请输入正确格式的手机号码');
      expect(fieldError(email)).toBe('请输入正确格式的邮箱');
    });
    expect(bodiesOf(accountCalls.updateDefaults)).toEqual([]);

    fireEvent.change(realname, { target: { value: ' 张伟伟 ' } });
    fireEvent.change(phone, { target: { value: '13800138000' } });
    fireEvent.change(email, { target: { value: '' } });
    expect(screen.queryByTestId('account-phone-code')).toBeNull();
    fireEvent.click(screen.getByTestId('account-basic-save'));
    await waitFor(() => expect(sessionReload).toHaveBeenCalledTimes(1));
    // The cleared email is sent as '' (it had a value), so the server clears it; the phone
    // stayed, so no code is asked for.
    expect(bodiesOf(accountCalls.updateDefaults)).toEqual([{ realname: '张伟伟', phone: '13800138000', email: '' }]);
    expect(toastSuccess).toHaveBeenCalledWith('基本信息已保存');
    // The profile is read again.
    await waitFor(() => expect(bodiesOf(accountCalls.center)).toHaveLength(2));
  });

  it('shows the profile as read again after a save, not what was typed', async () => {
    let reads = 0;
    const answer = post.getMockImplementation()!;
    post.mockImplementation(async (url: unknown, body: Record<string, string>) => {
      if (url !== accountCalls.center) return answer(url, body);
      reads += 1;
      // The second read: the server keeps the name as an administrator corrected it meanwhile.
      return reads === 1 ? accountCenter() : accountCenter({ userInfo: user({ realname: '张卫' }) });
    });
    render(<AccountCenter />);
    const form = await screen.findByTestId('account-basic-form');
    const realname = within(form).getByPlaceholderText('请输入姓名');
    fireEvent.change(realname, { target: { value: '张伟伟' } });
    fireEvent.click(screen.getByTestId('account-basic-save'));
    await waitFor(() => expect(sessionReload).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(realname).toHaveValue('张卫'));
  });

  it('asks for the code sent to a new phone number, and sends it with the change', async () => {
    render(<AccountCenter />);
    const form = await screen.findByTestId('account-basic-form');
    fireEvent.change(within(form).getByPlaceholderText('请输入手机号码'), { target: { value: '13900139000' } });
    const code = await screen.findByTestId('account-phone-code', {}, { timeout: 5000 });
    fireEvent.click(screen.getByTestId('account-basic-save'));
    await waitFor(() => expect(fieldError(code)).toBe('请输入短信验证码'));
    expect(bodiesOf(accountCalls.updateDefaults)).toEqual([]);

    fireEvent.click(screen.getByTestId('account-phone-code-send'));
    await waitFor(() => expect(bodiesOf(accountCalls.sendBindPhoneCode)).toEqual([{ phone: '13900139000' }]));
    expect(toastSuccess).toHaveBeenCalledWith('验证码已发送到新手机号码');
    await waitFor(() => expect(screen.getByTestId('account-phone-code-send')).toHaveTextContent('60 秒后重新获取'));
    expect(screen.getByTestId('account-phone-code-send')).toBeDisabled();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('account-basic-save'));
    await waitFor(() => expect(sessionReload).toHaveBeenCalledTimes(1));
    expect(bodiesOf(accountCalls.updateDefaults)).toEqual([
      { realname: '张伟', phone: '13900139000', email: 'zhangwei@example.com', phoneCode: '123456' },
    ]);
  });

  it('shows the server’s 504 on the field it is about', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === accountCalls.center) return accountCenter();
      if (url === accountCalls.updateDefaults) throw new ApiError('504', '验证码错误或已过期');
      if (url === accountCalls.sendBindPhoneCode)
        throw new ApiError('504', '该手机号码已绑定其他账号，请更换号码或联系管理员');
      throw new Error(`unexpected call ${String((url as { path?: string }).path)}`);
    });
    render(<AccountCenter />);
    const form = await screen.findByTestId('account-basic-form');
    const phone = within(form).getByPlaceholderText('请输入手机号码');
    fireEvent.change(phone, { target: { value: '13900139000' } });
    const code = await screen.findByTestId('account-phone-code', {}, { timeout: 5000 });
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('account-basic-save'));
    await waitFor(() => expect(fieldError(code)).toBe('验证码错误或已过期'));
    fireEvent.click(screen.getByTestId('account-phone-code-send'));
    await waitFor(() => expect(fieldError(phone)).toBe('该手机号码已绑定其他账号，请更换号码或联系管理员'));
    expect(toastError).not.toHaveBeenCalled();
    expect(sessionReload).not.toHaveBeenCalled();
  });
});

describe('AccountCenter password', () => {
  it('checks the old password on blur: 504 is the field’s error', async () => {
    const form = await openPasswordTab();
    const old = within(form).getByTestId('account-password-old');
    fireEvent.change(old, { target: { value: 'Wrong123' } });
    fireEvent.blur(old);
    await waitFor(() => expect(fieldError(old)).toBe('原密码错误'));
    expect(bodiesOf(accountCalls.checkPassword)).toEqual([{ oldPassword: 'Wrong123' }]);

    fireEvent.change(old, { target: { value: RIGHT_PASSWORD } });
    fireEvent.blur(old);
    await waitFor(() => expect(fieldError(old)).toBeNull());
    expect(bodiesOf(accountCalls.checkPassword)).toHaveLength(2);
  });

  it('applies the password rules to the new password and its confirmation', async () => {
    const form = await openPasswordTab();
    const old = within(form).getByTestId('account-password-old');
    const next = within(form).getByTestId('account-password-new');
    const confirm = within(form).getByTestId('account-password-confirm');

    fireEvent.change(old, { target: { value: RIGHT_PASSWORD } });
    fireEvent.change(next, { target: { value: 'abcdefgh' } });
    await waitFor(() => expect(fieldError(next)).toBe('密码长度为8-20位，且须包含字母和数字'));
    fireEvent.change(next, { target: { value: RIGHT_PASSWORD } });
    await waitFor(() => expect(fieldError(next)).toBe('新密码不能与原密码相同'));
    fireEvent.change(next, { target: { value: 'New12345' } });
    await waitFor(() => expect(fieldError(next)).toBeNull());
    fireEvent.change(confirm, { target: { value: 'New12346' } });
    await waitFor(() => expect(fieldError(confirm)).toBe('两次输入的新密码不一致'));

    fireEvent.click(screen.getByTestId('account-password-submit'));
    await waitFor(() => expect(bodiesOf(accountCalls.checkPassword)).toHaveLength(1));
    expect(bodiesOf(accountCalls.updatePassword)).toEqual([]);
  });

  it('changes the password, then clears the form', async () => {
    const form = await openPasswordTab();
    const old = within(form).getByTestId('account-password-old');
    fireEvent.change(old, { target: { value: RIGHT_PASSWORD } });
    fireEvent.blur(old);
    fireEvent.change(within(form).getByTestId('account-password-new'), { target: { value: 'New12345' } });
    fireEvent.change(within(form).getByTestId('account-password-confirm'), { target: { value: 'New12345' } });
    fireEvent.click(screen.getByTestId('account-password-submit'));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('密码修改成功'));
    expect(bodiesOf(accountCalls.updatePassword)).toEqual([
      { oldPassword: RIGHT_PASSWORD, newPassword: 'New12345', confirmPassword: 'New12345' },
    ]);
    // The blur asked once; submitting the same old password does not ask again.
    expect(bodiesOf(accountCalls.checkPassword)).toHaveLength(1);
    await waitFor(() => expect(old).toHaveValue(''));
    expect(within(form).getByTestId('account-password-new')).toHaveValue('');
    expect(within(form).getByTestId('account-password-confirm')).toHaveValue('');
  });

  it('with an initial password, opens on 修改密码 with a notice and starts the session over after the change', async () => {
    setSession({ mustChangePassword: true });
    render(<AccountCenter />);
    await screen.findByTestId('account-profile');
    expect(screen.getByTestId('account-must-change-password')).toHaveTextContent('您正在使用初始密码，请先修改密码');
    const form = screen.getByTestId('account-password-form');
    expect(form).toBeVisible();
    const old = within(form).getByTestId('account-password-old');
    fireEvent.change(old, { target: { value: RIGHT_PASSWORD } });
    fireEvent.blur(old);
    fireEvent.change(within(form).getByTestId('account-password-new'), { target: { value: 'New12345' } });
    fireEvent.change(within(form).getByTestId('account-password-confirm'), { target: { value: 'New12345' } });
    fireEvent.click(screen.getByTestId('account-password-submit'));
    await waitFor(() => expect(sessionReload).toHaveBeenCalledTimes(1));
  });

  it('puts the server’s 504 message on its field', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === accountCalls.center) return accountCenter();
      if (url === accountCalls.checkPassword) return null;
      if (url === accountCalls.updatePassword) throw new ApiError('504', '原密码错误');
      throw new Error(`unexpected call ${String((url as { path?: string }).path)}`);
    });
    const form = await openPasswordTab();
    const old = within(form).getByTestId('account-password-old');
    fireEvent.change(old, { target: { value: RIGHT_PASSWORD } });
    fireEvent.change(within(form).getByTestId('account-password-new'), { target: { value: 'New12345' } });
    fireEvent.change(within(form).getByTestId('account-password-confirm'), { target: { value: 'New12345' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('account-password-submit'));
    });
    await waitFor(() => expect(fieldError(old)).toBe('原密码错误'));
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
    expect(old).toHaveValue(RIGHT_PASSWORD);
  });
});
