import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import type { MyThirdAccounts } from '@cotton/sdk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountCalls, thirdAccountCalls } from '@cotton/sdk/calls';
import { accountCenter } from '../../test/fixtures';
import { AccountCenter } from './index';
import locale from './locale/zh-CN';
import { ThirdAccounts } from './third-accounts';

const post = vi.fn();

// Only the transport is faked: every SDK caller goes through `request.call`.
vi.spyOn(request, 'call').mockImplementation(post);

const PROVIDERS = [
  { id: 'gitea', name: '公司 Gitea' },
  { id: 'wecom', name: '企业微信' },
];

function mine(overrides: Partial<MyThirdAccounts> = {}): MyThirdAccounts {
  return {
    accounts: [{ provider: 'gitea', providerName: '公司 Gitea', externalId: '4711', boundAt: '2026-11-20T00:30:00Z' }],
    providers: PROVIDERS,
    ...overrides,
  };
}

let accounts: MyThirdAccounts;
let toastSuccess: ReturnType<typeof vi.fn>;
let toastError: ReturnType<typeof vi.fn>;

const bodiesOf = (url: unknown) => post.mock.calls.filter(([u]) => u === url).map(([, body]) => body);

beforeEach(() => {
  accounts = mine();
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === accountCalls.center) return accountCenter();
    if (url === thirdAccountCalls.mine) return accounts;
    if (url === thirdAccountCalls.bindStart) return { authorizeUrl: 'https://wecom.example.cn/authorize?state=s' };
    if (url === thirdAccountCalls.unbindMine) return { deleted: 1 };
    throw new Error(`unexpected call ${String((url as { path?: string }).path)}`);
  });
  toastSuccess = vi.fn(() => () => undefined);
  toastError = vi.fn(() => () => undefined);
  vi.spyOn(Message, 'success').mockImplementation(toastSuccess as unknown as typeof Message.success);
  vi.spyOn(Message, 'error').mockImplementation(toastError as unknown as typeof Message.error);
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  vi.mocked(Message.error).mockRestore();
});

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr')!;
}

describe('ThirdAccounts', () => {
  it('lists the bindings and offers the providers not bound', async () => {
    render(<ThirdAccounts t={locale} />);
    await screen.findByText('4711');
    expect(bodiesOf(thirdAccountCalls.mine)).toEqual([{}]);
    const bound = rowOf('公司 Gitea');
    expect(within(bound).getByText(/^2026-11-20 \d\d:30:00$/)).toBeInTheDocument();
    expect(within(bound).getByTestId('third-unbind-gitea')).toHaveTextContent('解除绑定');
    const open = rowOf('企业微信');
    expect(within(open).getByText('未绑定')).toBeInTheDocument();
    expect(within(open).getByTestId('third-bind-wecom')).toHaveTextContent('绑定');
    expect(screen.queryByTestId('third-bind-gitea')).toBeNull();
  });

  it('starts a binding and opens the provider’s page', async () => {
    const assign = vi.fn();
    render(<ThirdAccounts t={locale} assign={assign} />);
    fireEvent.click(await screen.findByTestId('third-bind-wecom'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://wecom.example.cn/authorize?state=s'));
    expect(bodiesOf(thirdAccountCalls.bindStart)).toEqual([{ provider: 'wecom' }]);
  });

  it('shows a refused start and never opens anything but a web address', async () => {
    const assign = vi.fn();
    post.mockImplementation(async (url: unknown) => {
      if (url === thirdAccountCalls.mine) return accounts;
      if (url === thirdAccountCalls.bindStart)
        throw new ApiError('400', '您已绑定该第三方登录方式的账号，请先解除原有绑定');
      throw new Error(`unexpected call ${String((url as { path?: string }).path)}`);
    });
    render(<ThirdAccounts t={locale} assign={assign} />);
    fireEvent.click(await screen.findByTestId('third-bind-wecom'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('您已绑定该第三方登录方式的账号，请先解除原有绑定'));

    post.mockImplementation(async (url: unknown) => {
      if (url === thirdAccountCalls.mine) return accounts;
      if (url === thirdAccountCalls.bindStart) return { authorizeUrl: 'javascript:alert(1)' };
      throw new Error(`unexpected call ${String((url as { path?: string }).path)}`);
    });
    fireEvent.click(screen.getByTestId('third-bind-wecom'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('第三方账号绑定失败，请稍后再试'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('unbinds after confirming, then lists again', async () => {
    render(<ThirdAccounts t={locale} />);
    fireEvent.click(await screen.findByTestId('third-unbind-gitea'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定解除「公司 Gitea」账号 4711 的绑定吗？');
    expect(bodiesOf(thirdAccountCalls.unbindMine)).toEqual([]);
    accounts = mine({ accounts: [] });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('已解除绑定'));
    expect(bodiesOf(thirdAccountCalls.unbindMine)).toEqual([{ provider: 'gitea', externalId: '4711' }]);
    expect(await screen.findByTestId('third-bind-gitea')).toBeInTheDocument();
    expect(bodiesOf(thirdAccountCalls.mine)).toHaveLength(2);
  });

  it('says so when no provider is configured, and shows a load failure', async () => {
    accounts = mine({ accounts: [], providers: [] });
    const { unmount } = render(<ThirdAccounts t={locale} />);
    expect(await screen.findByText('暂未配置第三方登录方式')).toBeInTheDocument();
    unmount();
    post.mockRejectedValueOnce(new ApiError('500', '服务暂不可用'));
    render(<ThirdAccounts t={locale} />);
    expect(await screen.findByTestId('account-third-error')).toHaveTextContent('第三方账号加载失败：服务暂不可用');
  });
});

function CurrentLocation() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderCentre(entry: string) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <AccountCenter />
      <CurrentLocation />
    </MemoryRouter>,
  );
}

describe('AccountCenter back from a binding', () => {
  it('opens the third-party tab with the outcome and clears the address', async () => {
    renderCentre('/account/center?thirdBind=bound');
    const notice = await screen.findByTestId('account-third-notice');
    expect(notice).toHaveTextContent('第三方账号绑定成功');
    expect(notice.className).toMatch(/success/);
    expect(await screen.findByText('4711')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/account\/center$/));
    // The notice stays after the address is cleared, until closed.
    expect(screen.getByTestId('account-third-notice')).toBeInTheDocument();
  });

  it('shows a refusal by its code, and only its own text for an unknown one', async () => {
    renderCentre('/account/center?thirdBind=bound-other');
    const notice = await screen.findByTestId('account-third-notice');
    expect(notice).toHaveTextContent('该第三方账号已绑定其他平台账号，请先在原账号中解除绑定');
    expect(notice.className).toMatch(/error/);
  });

  it('never shows text from the address', async () => {
    renderCentre(`/account/center?thirdBind=${encodeURIComponent('请拨打 400-000-0000')}`);
    const notice = await screen.findByTestId('account-third-notice');
    expect(notice).toHaveTextContent('第三方账号绑定未完成，请重新操作');
    expect(notice).not.toHaveTextContent('400-000-0000');
  });

  it('opens on the basic information without a binding outcome', async () => {
    renderCentre('/account/center');
    await screen.findByTestId('account-basic-form');
    expect(screen.queryByTestId('account-third-notice')).toBeNull();
    expect(bodiesOf(thirdAccountCalls.mine)).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: '第三方账号' }));
    expect(await screen.findByText('4711')).toBeInTheDocument();
  });
});
