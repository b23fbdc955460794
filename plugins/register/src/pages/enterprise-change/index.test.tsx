import { Message } from '@arco-design/web-react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cotton/sdk';
import type { AccountRegisterDetail, EnterpriseChangeForm } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { enterpriseCalls, registerCalls } from '@cotton/sdk/calls';
import { regionCalls } from '@cotton/sdk/calls';
import { DICTS, OFFICES, REGIONS, shortDetail } from '../../test/fixtures';
import { forgetOffices } from '../register/hooks/useOffices';
import { EnterpriseChange } from './index';

const post = vi.hoisted(() => vi.fn());
const upload = vi.hoisted(() => vi.fn());

vi.mock('@cotton/sdk', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cotton/sdk')>();
  const { fakeTransport } = await import('../../test/transport');
  fakeTransport(actual.request, post, upload);
  return actual;
});

// The calls' paths: the fake transport answers by the wire (test/transport.ts).
const ACCOUNT_TYPE_DETAIL_URL = registerCalls.accountTypeDetail.path;
const CHANGE_FORM_URL = enterpriseCalls.changeForm.path;
const CHECK_TRADER_NAME_URL = registerCalls.checkTraderName.path;
const SUBMIT_CHANGE_URL = enterpriseCalls.submitChange.path;

const user = userEvent.setup({ pointerEventsCheck: 0 });
const NAME = '新疆天山棉业有限公司';

/** The registered information of a 仓储企业 (the short form), with its licence. */
function changeForm(overrides: Partial<EnterpriseChangeForm> = {}): EnterpriseChangeForm {
  return {
    accountTypeIds: ['21'],
    values: {
      traderInfo: {
        traderName: NAME,
        serviceAreaCode: 'ZZ',
        serviceAreaName: '郑州办事处',
        uniformCreditCode: '91350100M000100Y43',
        postcode: '830000',
        traderRegisteredAddress: '650000,650100,650102',
        traderRegisteredDetailedAddress: '红山路 88 号',
        traderMailingAddress: '650000,650100,650102',
        traderMailingDetailedAddress: '红山路 88 号',
      },
      contacterInfo: { contacterName: '王建国' },
    },
    files: [
      {
        path: 'traderInfo.copyBusinessLicenseId',
        fileId: 'F9',
        fileName: '营业执照.png',
        fileType: 'png',
        fileSize: 1024,
        previewUrl: '/files/F9',
      },
    ],
    correcting: false,
    reason: null,
    enterpriseName: NAME,
    uniformCreditCode: '91350100M000100Y43',
    ...overrides,
  };
}

let detail: AccountRegisterDetail;
let form: EnterpriseChangeForm | ApiError;

beforeEach(() => {
  detail = shortDetail({
    traderInfo: { ...shortDetail().traderInfo, copyBusinessLicenseId: { isRequired: '1' } },
  });
  form = changeForm();
  forgetOffices();
  setSession({ token: 't', permissions: ['enterprise:info:view', 'enterprise:info:change'] });
  vi.spyOn(Message, 'error').mockImplementation((() => () => undefined) as unknown as typeof Message.error);
  post.mockReset();
  post.mockImplementation(async (url: string, body: Record<string, string>) => {
    switch (url) {
      case CHANGE_FORM_URL:
        if (form instanceof ApiError) throw form;
        return form;
      case ACCOUNT_TYPE_DETAIL_URL:
        return { accountRegisterDetail: detail };
      case regionCalls.groups.path:
        return { regionGroups: OFFICES };
      case '/rest/dict/getdictlist':
        return { dictList: DICTS[body.categoryCode] ?? [] };
      case '/rest/region/getregions':
        return { regions: REGIONS[body.code] ?? [] };
    }
    throw new Error(`unexpected call ${url}`);
  });
  upload.mockReset();
  upload.mockResolvedValue({ applyId: '12', serviceAreaCode: 'ZZ' });
});
afterEach(() => {
  clearSession();
});

function renderPage(initialEntries = ['/enterprise/info/change']) {
  const router = createMemoryRouter(
    [
      { path: '/enterprise/info/change', element: <EnterpriseChange /> },
      { path: '/enterprise/info', element: <div data-testid="info-page" /> },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const control = (name: string) => screen.getByTestId(`register-field-${name}`);

describe('EnterpriseChange', { timeout: 30_000 }, () => {
  it('opens the registration form filled with the registered information and sends a change request', async () => {
    renderPage();
    await screen.findByTestId('register-form');
    expect(screen.getByText('企业信息变更申请', { selector: 'h4' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(ACCOUNT_TYPE_DETAIL_URL, { ids: '21' });
    expect(control('traderName')).toHaveValue(NAME);
    expect(within(control('copyBusinessLicenseId')).getByText('营业执照.png')).toBeInTheDocument();
    await waitFor(() => expect(control('serviceAreaCode')).toHaveTextContent('郑州办事处'));

    // The name is the submission's to check: the public check cannot know the enterprise's own.
    await user.clear(control('traderName'));
    await user.type(control('traderName'), '新疆天山棉业集团有限公司');
    await user.tab();
    expect(post.mock.calls.some(([url]) => url === CHECK_TRADER_NAME_URL)).toBe(false);

    await user.click(screen.getByTestId('register-agree'));
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('enterprise-change-complete')).toHaveTextContent('变更申请已提交，请等待审核');
    const [url, sent] = upload.mock.calls[0] as [string, FormData];
    expect(url).toBe(SUBMIT_CHANGE_URL);
    const vo = JSON.parse(String(sent.get('registerApplyVo'))) as {
      keepFileIds: string[];
      traderInfo: { traderName: string };
    };
    expect(vo.keepFileIds).toEqual(['F9']);
    expect(vo.traderInfo.traderName).toBe('新疆天山棉业集团有限公司');

    await user.click(screen.getByTestId('enterprise-change-done'));
    expect(await screen.findByTestId('info-page')).toBeInTheDocument();
  });

  it('asks before the Back button drops what was typed, as the registration form does', async () => {
    const router = renderPage(['/enterprise/info', '/enterprise/info/change']);
    await screen.findByTestId('register-form');
    await waitFor(() => expect(control('serviceAreaCode')).toHaveTextContent('郑州办事处'));
    fireEvent.change(control('traderName'), { target: { value: '新疆天山棉业集团有限公司' } });

    await act(() => router.navigate(-1));
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('放弃本次变更？')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: '继续填写' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/enterprise/info/change');
    expect(control('traderName')).toHaveValue('新疆天山棉业集团有限公司');

    await act(() => router.navigate(-1));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: '放弃变更' }));
    expect(await screen.findByTestId('info-page')).toBeInTheDocument();
  });

  it('shows why a returned request came back, titled 修改变更申请', async () => {
    form = changeForm({ correcting: true, reason: '营业执照复印件须加盖公章' });
    renderPage();
    await screen.findByTestId('register-form');
    expect(screen.getByText('修改变更申请', { selector: 'h4' })).toBeInTheDocument();
    expect(screen.getByTestId('enterprise-change-reason')).toHaveTextContent('退回原因：营业执照复印件须加盖公章');
  });

  it('says why no request can be made now, with the way back', async () => {
    form = new ApiError('400', '本企业已有待审核的变更申请，请等待审核结果');
    renderPage();
    const refused = await screen.findByTestId('enterprise-change-refused');
    expect(refused).toHaveTextContent('本企业已有待审核的变更申请，请等待审核结果');
    await user.click(within(refused).getByRole('button', { name: '返回企业信息' }));
    expect(await screen.findByTestId('info-page')).toBeInTheDocument();
  });
});
