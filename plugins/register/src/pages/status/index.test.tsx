import { Message } from '@arco-design/web-react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cotton/sdk';
import type { AccountRegisterDetail, RegisterApplicantView } from '@cotton/sdk/contracts';
import { filesCalls, registerCalls, registerStatusCalls } from '@cotton/sdk/calls';
import { regionCalls } from '@cotton/sdk/calls';
import { DICTS, OFFICES, REGIONS, SERVICE_AREAS, shortDetail } from '../../test/fixtures';
import { forgetOffices } from '../register/hooks/useOffices';
import { RegisterStatusPage, STATUS_TOKEN_KEY, TOKEN_RENEW_MS } from './index';

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
const CHECK_TRADER_NAME_URL = registerCalls.checkTraderName.path;
const FILE_INFO_URL = filesCalls.info.path;
const GET_STATUS_URL = registerStatusCalls.get.path;
const JUDGE_ENTERPRISE_URL = registerCalls.checkCreditCode.path;
const QUERY_STATUS_URL = registerStatusCalls.query.path;
const RESUBMIT_REGISTER_APPLY_URL = registerCalls.resubmit.path;
const SEND_STATUS_CODE_URL = registerStatusCalls.sendCode.path;
const SERVICE_AREAS_URL = registerCalls.serviceAreas.path;
const SERVICE_AREA_PHONE_URL = registerCalls.serviceAreaPhone.path;
const WEB_UPLOAD_URL = filesCalls.upload.path;
const CFCA_AGREEMENT_URL = registerCalls.cfcaAgreement.path;

const user = userEvent.setup({ pointerEventsCheck: 0 });
const CODE = '91350100M000100Y43';
const NOT_FOUND = '未找到该统一社会信用代码的注册申请，请核对后重新输入';
const BAD_CODE = '验证码错误或已过期';
const RETURN_REASON = '营业执照复印件不清晰，请重新上传';
const SLIDER_CHALLENGE_URL = '/rest/anon/slider/challenge';
const SLIDER_VERIFY_URL = '/rest/anon/slider/verify';
const SLIDER_IDLE = '请按住滑块，拖动到最右边';
const SLIDE_FIRST = '请先完成滑块验证';

/** The applicant's view of a waiting application; `overrides` make it another. */
function applicantView(overrides: Partial<RegisterApplicantView> = {}): RegisterApplicantView {
  return {
    statusToken: 'S1',
    applyId: '7',
    status: '0',
    statusName: '待审核',
    round: 1,
    traderName: '新疆棉业有限公司',
    uniformCreditCode: CODE,
    accountTypeNames: '仓储企业',
    createTime: '2026-11-18T02:00:00Z',
    submitTime: '2026-11-18T02:00:00Z',
    reviews: [],
    enterpriseCode: null,
    correction: null,
    ...overrides,
  };
}

/** Returned in round 1, with what was submitted: the short form's values and one licence file. */
function returnedView(overrides: Partial<RegisterApplicantView> = {}): RegisterApplicantView {
  return applicantView({
    status: '3',
    statusName: '退回修改',
    reviews: [
      {
        round: 1,
        decision: '3',
        decisionName: '退回修改',
        reason: RETURN_REASON,
        reviewedAt: '2026-11-19T02:30:00Z',
      },
    ],
    correction: {
      accountTypeIds: ['21'],
      values: {
        traderInfo: {
          traderName: '新疆棉业有限公司',
          serviceAreaCode: 'ZZ',
          serviceAreaName: '郑州办事处',
          uniformCreditCode: CODE,
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
    },
    ...overrides,
  });
}

let detail: AccountRegisterDetail;
/** What queryStatus and getStatus answer. */
let found: RegisterApplicantView;
let success: ReturnType<typeof vi.fn>;
let toastError: ReturnType<typeof vi.fn>;
/** How many proofs the slider was given: each one differs (a proof is good for one code). */
let proofs: number;

beforeEach(() => {
  detail = shortDetail({
    traderInfo: { ...shortDetail().traderInfo, copyBusinessLicenseId: { isRequired: '1' } },
  });
  found = applicantView();
  forgetOffices();
  sessionStorage.clear();
  success = vi.fn(() => () => undefined);
  toastError = vi.fn(() => () => undefined);
  vi.spyOn(Message, 'success').mockImplementation(success as unknown as typeof Message.success);
  vi.spyOn(Message, 'error').mockImplementation(toastError as unknown as typeof Message.error);
  vi.spyOn(Message, 'warning').mockImplementation((() => () => undefined) as unknown as typeof Message.warning);
  proofs = 0;
  post.mockReset();
  post.mockImplementation(async (url: string, body: Record<string, string>) => {
    switch (url) {
      case SLIDER_CHALLENGE_URL:
        return { challengeId: 'c1', expiresIn: 120 };
      case SLIDER_VERIFY_URL:
        proofs += 1;
        return { proof: `P${proofs}` };
      case SEND_STATUS_CODE_URL:
        return { mobile: '138****5678', expiresIn: 300 };
      case QUERY_STATUS_URL:
      case GET_STATUS_URL:
        return found;
      case ACCOUNT_TYPE_DETAIL_URL:
        return { accountRegisterDetail: detail };
      case regionCalls.groups.path:
        return { regionGroups: OFFICES };
      case '/rest/dict/getdictlist':
        return { dictList: DICTS[body.categoryCode] ?? [] };
      case '/rest/region/getregions':
        return { regions: REGIONS[body.code] ?? [] };
      case CHECK_TRADER_NAME_URL:
      case JUDGE_ENTERPRISE_URL:
        return null;
      case FILE_INFO_URL:
        return {
          fileVos: [
            { fileId: body.fileId, fileName: 'x', fileSize: 1, fileType: 'png', previewUrl: `/files/${body.fileId}` },
          ],
        };
      case SERVICE_AREAS_URL:
        return { serviceAreaList: SERVICE_AREAS };
      case CFCA_AGREEMENT_URL:
        return { fileId: 'cfca', url: '/register/agreement/cfca' };
      case SERVICE_AREA_PHONE_URL:
        return { serviceAreaName: '郑州办事处', phone: '0371-6551111' };
    }
    throw new Error(`unexpected call ${url}`);
  });
  upload.mockReset();
  upload.mockImplementation(async (url: string, form: FormData) => {
    if (url === WEB_UPLOAD_URL) {
      const file = form.get('file') as File;
      return { fileId: 'F10', fileName: file.name, fileSize: file.size, fileType: 'png', uploadToken: 'T1' };
    }
    if (url === RESUBMIT_REGISTER_APPLY_URL) return { applyId: '7', serviceAreaCode: 'ZZ' };
    throw new Error(`unexpected upload ${url}`);
  });
});

/** Answers `url` with `handler` (or the usual answer when it returns undefined). */
function answer(url: string, handler: (body: Record<string, string>) => unknown) {
  const base = post.getMockImplementation()!;
  post.mockImplementation(async (called: string, body: Record<string, string>, ...rest: unknown[]) => {
    if (called === url) {
      const result = await handler(body);
      if (result !== undefined) return result;
    }
    return base(called, body, ...rest);
  });
}

/** The router of the page rendered last (its history: Back, Forward). */
let router: ReturnType<typeof createMemoryRouter>;

function renderPage() {
  router = createMemoryRouter(
    [
      { path: '/register/status', element: <RegisterStatusPage /> },
      { path: '/login', element: <div>登录页</div> },
      { path: '/register', element: <div>注册页</div> },
    ],
    { initialEntries: ['/register/status'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const callsTo = (url: string) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);
const itemOf = (testId: string) => screen.getByTestId(testId).closest<HTMLElement>('.arco-form-item')!;

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/** Drags the slider (420 px wide, so 380 px of travel) to the end; resolves once it is verified. */
async function slide() {
  const handle = screen.getByRole('slider', { name: '滑块验证' });
  fireEvent.pointerDown(handle, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 0 });
  for (const x of [80, 190, 300, 380])
    fireEvent.pointerMove(handle, { pointerId: 1, pointerType: 'mouse', clientX: x });
  fireEvent.pointerUp(handle, { pointerId: 1, pointerType: 'mouse', clientX: 380 });
  await waitFor(() => expect(screen.getByTestId('slider-verify-label')).toHaveTextContent('验证通过'));
}

const sliderLabel = () => screen.getByTestId('slider-verify-label');
/** The slider's error (its hint 获取验证码前请先完成滑块验证 is not it). */
const sliderError = () => screen.queryByText(SLIDE_FIRST);

/** Types the credit code and an SMS code, then 查询; resolves when the view shows. */
async function queryWith(code = CODE, sms = '123456') {
  renderPage();
  await screen.findByTestId('register-status-form');
  type('register-status-code', code);
  type('register-status-sms', sms);
  await user.click(screen.getByTestId('register-status-query'));
  return screen.findByTestId('register-status-view');
}

describe('query form', () => {
  it('asks for the credit code and the slider before sending a code, and shows the server’s 404 under it', async () => {
    renderPage();
    await screen.findByTestId('register-status-form');
    expect(screen.getByText('注册进度查询')).toBeInTheDocument();
    expect(itemOf('register-status-sms')).toHaveTextContent('验证码将发送至注册时填写的手机号码');
    expect(sliderLabel()).toHaveTextContent(SLIDER_IDLE);
    expect(sliderError()).not.toBeInTheDocument();

    await user.click(screen.getByTestId('register-status-send'));
    await waitFor(() => expect(itemOf('register-status-code')).toHaveTextContent('请输入统一社会信用代码'));
    expect(sliderError()).toBeInTheDocument();
    type('register-status-code', '   ');
    await user.click(screen.getByTestId('register-status-send'));
    await waitFor(() => expect(itemOf('register-status-code')).toHaveTextContent('请输入统一社会信用代码'));

    // A credit code alone is not enough: the slider first.
    type('register-status-code', CODE);
    await user.click(screen.getByTestId('register-status-send'));
    await waitFor(() => expect(itemOf('register-status-code')).not.toHaveTextContent('请输入统一社会信用代码'));
    expect(sliderError()).toBeInTheDocument();
    expect(callsTo(SEND_STATUS_CODE_URL)).toEqual([]);

    answer(SEND_STATUS_CODE_URL, () => {
      throw new ApiError('404', NOT_FOUND);
    });
    await slide();
    await waitFor(() => expect(sliderError()).not.toBeInTheDocument());
    await user.click(screen.getByTestId('register-status-send'));
    await waitFor(() => expect(itemOf('register-status-code')).toHaveTextContent(NOT_FOUND));
    expect(callsTo(SEND_STATUS_CODE_URL)).toEqual([{ uniformCreditCode: CODE, proof: 'P1' }]);
    expect(toastError).not.toHaveBeenCalled();
    // Nothing was sent: the button is not counting down.
    expect(screen.getByTestId('register-status-send')).toHaveTextContent('获取验证码');
    expect(screen.getByTestId('register-status-send')).not.toBeDisabled();
    // The proof is spent even so: a fresh slider, without an error.
    await waitFor(() => expect(sliderLabel()).toHaveTextContent(SLIDER_IDLE));
    expect(sliderError()).not.toBeInTheDocument();

    // Another code needs another slide.
    await user.click(screen.getByTestId('register-status-send'));
    expect(await screen.findByText(SLIDE_FIRST)).toBeInTheDocument();
    expect(callsTo(SEND_STATUS_CODE_URL)).toHaveLength(1);
    await slide();
    await user.click(screen.getByTestId('register-status-send'));
    await waitFor(() => expect(callsTo(SEND_STATUS_CODE_URL)).toHaveLength(2));
    expect(callsTo(SEND_STATUS_CODE_URL)[1]).toEqual({ uniformCreditCode: CODE, proof: 'P2' });
  });

  it('sends the code with the slider’s proof, names the masked mobile, counts down and resets the slider', async () => {
    renderPage();
    await screen.findByTestId('register-status-form');
    type('register-status-code', ` ${CODE} `);
    await slide();
    expect(callsTo(SLIDER_CHALLENGE_URL)).toEqual([{}]);
    expect(callsTo(SLIDER_VERIFY_URL)).toEqual([expect.objectContaining({ challengeId: 'c1', width: 380 })]);
    await user.click(screen.getByTestId('register-status-send'));
    await waitFor(() => expect(screen.getByTestId('register-status-send')).toHaveTextContent('60 秒后重新获取'));
    expect(screen.getByTestId('register-status-send')).toBeDisabled();
    expect(callsTo(SEND_STATUS_CODE_URL)).toEqual([{ uniformCreditCode: CODE, proof: 'P1' }]);
    expect(itemOf('register-status-sms')).toHaveTextContent('验证码已发送至注册时填写的手机 138****5678，5 分钟内有效');
    expect(success).toHaveBeenCalledWith('验证码已发送至 138****5678');
    // The proof is used: a fresh slider, quietly.
    await waitFor(() => expect(sliderLabel()).toHaveTextContent(SLIDER_IDLE));
    expect(screen.getByRole('slider', { name: '滑块验证' })).toHaveAttribute('aria-valuenow', '0');
    expect(sliderError()).not.toBeInTheDocument();
  });

  it('tells other refusals of the send as a toast, and resets the slider', async () => {
    answer(SEND_STATUS_CODE_URL, () => {
      throw new ApiError('429', '验证码发送过于频繁，请稍后再试');
    });
    renderPage();
    await screen.findByTestId('register-status-form');
    type('register-status-code', CODE);
    await slide();
    await user.click(screen.getByTestId('register-status-send'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('验证码发送过于频繁，请稍后再试'));
    expect(itemOf('register-status-code')).not.toHaveTextContent('验证码发送过于频繁');
    expect(screen.getByTestId('register-status-send')).toHaveTextContent('获取验证码');
    await waitFor(() => expect(sliderLabel()).toHaveTextContent(SLIDER_IDLE));
  });

  it('counts the resend down a second at a time, and offers it again after a minute', async () => {
    renderPage();
    await screen.findByTestId('register-status-form');
    type('register-status-code', CODE);
    await slide();
    const button = screen.getByTestId('register-status-send');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(button);
      // The validation and the answer settle; the countdown starts.
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(button).toHaveTextContent('60 秒后重新获取');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(button).toHaveTextContent('59 秒后重新获取');
      expect(button).toBeDisabled();
      for (let second = 59; second > 1; second -= 1) await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(button).toHaveTextContent('1 秒后重新获取');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(button).toHaveTextContent('获取验证码');
      expect(button).not.toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
    expect(callsTo(SEND_STATUS_CODE_URL)).toHaveLength(1);
  });

  it('asks for a 6-digit code (not the slider), and shows the server’s 400 under the SMS field', async () => {
    renderPage();
    await screen.findByTestId('register-status-form');
    type('register-status-code', CODE);
    await user.click(screen.getByTestId('register-status-query'));
    await waitFor(() => expect(itemOf('register-status-sms')).toHaveTextContent('请输入短信验证码'));
    type('register-status-sms', '12a45');
    await user.click(screen.getByTestId('register-status-query'));
    await waitFor(() => expect(itemOf('register-status-sms')).toHaveTextContent('请输入 6 位数字验证码'));
    expect(callsTo(QUERY_STATUS_URL)).toEqual([]);

    answer(QUERY_STATUS_URL, () => {
      throw new ApiError('400', BAD_CODE);
    });
    type('register-status-sms', '123456');
    await user.click(screen.getByTestId('register-status-query'));
    await waitFor(() => expect(itemOf('register-status-sms')).toHaveTextContent(BAD_CODE));
    expect(callsTo(QUERY_STATUS_URL)).toEqual([{ uniformCreditCode: CODE, smsCode: '123456' }]);
    expect(itemOf('register-status-code')).not.toHaveTextContent(BAD_CODE);
    expect(screen.queryByTestId('register-status-view')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(STATUS_TOKEN_KEY)).toBeNull();
    // 查询 does not ask for the slider: that is for sending a code.
    expect(sliderError()).not.toBeInTheDocument();
    expect(callsTo(SLIDER_CHALLENGE_URL)).toEqual([]);
  });

  it('shows a 404 of the query under the credit code', async () => {
    answer(QUERY_STATUS_URL, () => {
      throw new ApiError('404', NOT_FOUND);
    });
    renderPage();
    await screen.findByTestId('register-status-form');
    type('register-status-code', CODE);
    type('register-status-sms', '123456');
    await user.click(screen.getByTestId('register-status-query'));
    await waitFor(() => expect(itemOf('register-status-code')).toHaveTextContent(NOT_FOUND));
    expect(itemOf('register-status-sms')).not.toHaveTextContent(NOT_FOUND);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('tells other refusals of the query as a toast, not under a field', async () => {
    answer(QUERY_STATUS_URL, () => {
      throw new ApiError('500', '服务繁忙，请稍后再试');
    });
    renderPage();
    await screen.findByTestId('register-status-form');
    type('register-status-code', CODE);
    type('register-status-sms', '123456');
    await user.click(screen.getByTestId('register-status-query'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('服务繁忙，请稍后再试'));
    expect(callsTo(QUERY_STATUS_URL)).toEqual([{ uniformCreditCode: CODE, smsCode: '123456' }]);
    expect(itemOf('register-status-sms')).not.toHaveTextContent('服务繁忙');
    expect(itemOf('register-status-code')).not.toHaveTextContent('服务繁忙');
    expect(screen.queryByTestId('register-status-view')).not.toBeInTheDocument();
  });

  it('slides, sends a code, then 查询 with it shows the application (the spent slider is not asked again)', async () => {
    renderPage();
    await screen.findByTestId('register-status-form');
    type('register-status-code', CODE);
    await slide();
    await user.click(screen.getByTestId('register-status-send'));
    await waitFor(() => expect(callsTo(SEND_STATUS_CODE_URL)).toEqual([{ uniformCreditCode: CODE, proof: 'P1' }]));
    await waitFor(() => expect(sliderLabel()).toHaveTextContent(SLIDER_IDLE));
    type('register-status-sms', '123456');
    await user.click(screen.getByTestId('register-status-query'));
    expect(await screen.findByTestId('register-status-view')).toBeInTheDocument();
    expect(callsTo(QUERY_STATUS_URL)).toEqual([{ uniformCreditCode: CODE, smsCode: '123456' }]);
    expect(callsTo(SLIDER_CHALLENGE_URL)).toHaveLength(1);
  });
});

describe('status view', () => {
  it('shows a waiting application with its decisions, and keeps the token for the tab', async () => {
    found = applicantView({
      round: 2,
      reviews: [
        {
          round: 1,
          decision: '3',
          decisionName: '退回修改',
          reason: RETURN_REASON,
          reviewedAt: '2026-11-19T02:30:00Z',
        },
      ],
    });
    const view = within(await queryWith(` ${CODE} `));
    expect(callsTo(QUERY_STATUS_URL)).toEqual([{ uniformCreditCode: CODE, smsCode: '123456' }]);
    expect(view.getByText('企业名称').closest('tr')).toHaveTextContent('新疆棉业有限公司');
    expect(view.getByText(CODE)).toBeInTheDocument();
    expect(view.getByText('仓储企业')).toBeInTheDocument();
    expect(view.getByTestId('register-status-tag')).toHaveTextContent('待审核');
    expect(view.getByText(/（第 2 次提交）/)).toBeInTheDocument();
    // The server's instants (02:00 UTC) in China time, whatever the zone of the browser, and said so.
    expect(view.getByText('首次提交时间（北京时间）').closest('tr')).toHaveTextContent('2026-11-18 10:00');
    expect(view.getByText('最近提交时间（北京时间）').closest('tr')).toHaveTextContent(
      '2026-11-18 10:00（第 2 次提交）',
    );
    expect(view.getByText('您的注册申请正在审核中，审核结果将以短信通知您，请耐心等待。')).toBeInTheDocument();
    expect(view.queryByTestId('register-status-correct')).not.toBeInTheDocument();

    expect(view.getByText('审核记录')).toBeInTheDocument();
    const history = within(view.getByTestId('register-status-history'));
    const rows = history.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('第 1 次提交');
    expect(rows[0]).toHaveTextContent('退回修改');
    expect(rows[0]).toHaveTextContent(RETURN_REASON);
    expect(rows[0]).toHaveTextContent('2026-11-19 10:30');
    expect(history.getByText('审核时间（北京时间）')).toBeInTheDocument();

    expect(screen.queryByTestId('register-status-form')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(STATUS_TOKEN_KEY)).toBe('S1');
  });

  it('shows an approved application’s 业务代码 and leads to the login', async () => {
    found = applicantView({
      status: '1',
      statusName: '审核通过',
      enterpriseCode: 'T00125',
      reviews: [
        { round: 1, decision: '1', decisionName: '审核通过', reason: null, reviewedAt: '2026-11-19T02:30:00Z' },
      ],
    });
    const router = renderPage();
    await screen.findByTestId('register-status-form');
    type('register-status-code', CODE);
    type('register-status-sms', '123456');
    await user.click(screen.getByTestId('register-status-query'));
    const view = within(await screen.findByTestId('register-status-view'));
    expect(view.getByTestId('register-status-tag')).toHaveTextContent('审核通过');
    expect(view.getByTestId('register-status-approved')).toHaveTextContent('业务代码：T00125');
    const row = within(view.getByTestId('register-status-history')).getAllByRole('row')[1];
    expect(row).toHaveTextContent('审核通过');
    expect(row).toHaveTextContent('—');
    await user.click(view.getByRole('button', { name: /去登录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows a returned application’s reason and 修改并重新提交', async () => {
    found = returnedView();
    const view = within(await queryWith());
    expect(view.getByTestId('register-status-tag')).toHaveTextContent('退回修改');
    expect(view.getByTestId('register-status-reason')).toHaveTextContent(
      `原因：${RETURN_REASON}。请按要求修改注册信息后重新提交。`,
    );
    expect(view.getByTestId('register-status-correct')).toHaveTextContent('修改并重新提交');
  });

  it('shows the application again from the stored token, without the form', async () => {
    sessionStorage.setItem(STATUS_TOKEN_KEY, 'S0');
    renderPage();
    const view = within(await screen.findByTestId('register-status-view'));
    expect(view.getByTestId('register-status-tag')).toHaveTextContent('待审核');
    expect(callsTo(GET_STATUS_URL)).toEqual([{ statusToken: 'S0' }]);
    expect(screen.queryByTestId('register-status-form')).not.toBeInTheDocument();
    // The answer carries a fresh token: the tab keeps it.
    expect(sessionStorage.getItem(STATUS_TOKEN_KEY)).toBe('S1');
  });

  it('asks again when the stored token is refused, and forgets it', async () => {
    sessionStorage.setItem(STATUS_TOKEN_KEY, 'S0');
    answer(GET_STATUS_URL, () => {
      throw new ApiError('400', '查询已过期，请重新获取验证码');
    });
    renderPage();
    expect(await screen.findByTestId('register-status-form')).toBeInTheDocument();
    expect(callsTo(GET_STATUS_URL)).toEqual([{ statusToken: 'S0' }]);
    expect(screen.queryByTestId('register-status-view')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(STATUS_TOKEN_KEY)).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('查询其他申请 returns to an empty query form and forgets the token', async () => {
    await queryWith();
    expect(sessionStorage.getItem(STATUS_TOKEN_KEY)).toBe('S1');
    await user.click(screen.getByTestId('register-status-reset'));
    expect(await screen.findByTestId('register-status-form')).toBeInTheDocument();
    expect(screen.queryByTestId('register-status-view')).not.toBeInTheDocument();
    expect(screen.getByTestId('register-status-code')).toHaveValue('');
    expect(sliderLabel()).toHaveTextContent(SLIDER_IDLE);
    expect(sessionStorage.getItem(STATUS_TOKEN_KEY)).toBeNull();
  });
});

describe('correction', () => {
  const control = (name: string) => screen.getByTestId(`register-field-${name}`);

  async function openCorrection() {
    found = returnedView();
    await queryWith();
    await user.click(screen.getByTestId('register-status-correct'));
    return screen.findByTestId('register-form');
  }

  it('opens the registration form titled 修改注册信息 with what was submitted', async () => {
    await openCorrection();
    expect(screen.getByText('修改注册信息', { selector: 'h4' })).toBeInTheDocument();
    expect(screen.queryByText('注册进度查询')).not.toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(ACCOUNT_TYPE_DETAIL_URL, { ids: '21' });
    expect(control('traderName')).toHaveValue('新疆棉业有限公司');
    expect(control('uniformCreditCode')).toHaveValue(CODE);
    expect(control('postcode')).toHaveValue('830000');
    expect(control('traderRegisteredDetailedAddress')).toHaveValue('红山路 88 号');
    await waitFor(() => expect(control('serviceAreaCode')).toHaveTextContent('郑州办事处'));
    await waitFor(() =>
      expect(control('traderRegisteredAddress')).toHaveTextContent('新疆维吾尔自治区 / 乌鲁木齐市 / 天山区'),
    );
    // The licence submitted stays, listed by its name.
    const licence = within(control('copyBusinessLicenseId'));
    expect(licence.getByText('营业执照.png')).toBeInTheDocument();
    expect(licence.getByAltText('营业执照.png')).toHaveAttribute('src', '/files/F9');
    expect(upload).not.toHaveBeenCalled();

    // 返回 asks first: 继续填写 stays in the form, with what was typed.
    type('register-field-postcode', '830001');
    await user.click(screen.getByTestId('register-back'));
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('放弃本次修改？')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: '继续填写' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('register-form')).toBeInTheDocument();
    expect(control('postcode')).toHaveValue('830001');

    // 放弃修改 goes back to the view, the entry the correction came from.
    await user.click(screen.getByTestId('register-back'));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: '放弃修改' }));
    expect(await screen.findByTestId('register-status-view')).toBeInTheDocument();
    expect(screen.queryByTestId('register-form')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('POP');
  });

  it('is a history entry: Back from the correction asks when something was typed, then shows the status', async () => {
    found = returnedView();
    await queryWith();
    await user.click(screen.getByTestId('register-status-correct'));
    await screen.findByTestId('register-form');
    expect(router.state.location.search).toBe('?correct=1');
    await waitFor(() => expect(control('serviceAreaCode')).toHaveTextContent('郑州办事处'));
    type('register-field-postcode', '830001');

    // Back: asked; 继续填写 keeps the form and what was typed.
    await act(() => router.navigate(-1));
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('放弃本次修改？')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: '继续填写' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?correct=1');
    expect(control('postcode')).toHaveValue('830001');

    // Back again, 放弃修改: the status as it was; Forward opens the correction afresh.
    await act(() => router.navigate(-1));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: '放弃修改' }));
    expect(await screen.findByTestId('register-status-view')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await act(() => router.navigate(1));
    await screen.findByTestId('register-form');
    await waitFor(() => expect(control('postcode')).toHaveValue('830000'));
  });

  it('sends a replaced file itself, under both tokens, and keeps none of the old ones', async () => {
    await openCorrection();
    await waitFor(() => expect(control('serviceAreaCode')).toHaveTextContent('郑州办事处'));
    await user.click(screen.getByTestId('register-field-copyBusinessLicenseId-remove-0'));
    expect(within(control('copyBusinessLicenseId')).queryByText('营业执照.png')).not.toBeInTheDocument();
    const clearer = new File(['x'], '营业执照（清晰）.png', { type: 'image/png' });
    fireEvent.change(control('copyBusinessLicenseId').querySelector('input[type=file]')!, {
      target: { files: [clearer] },
    });
    await within(control('copyBusinessLicenseId')).findByAltText('营业执照（清晰）.png');
    await user.click(screen.getByTestId('register-agree'));
    await user.click(screen.getByTestId('register-submit'));
    await screen.findByText('修改后的注册信息已提交');

    const [, form, config] = upload.mock.calls.find(([url]) => url === RESUBMIT_REGISTER_APPLY_URL)!;
    expect(config).toEqual({
      timeout: 90_000,
      headers: { 'X-Upload-Token': 'T1', 'X-Register-Status-Token': 'S1' },
    });
    expect((form as FormData).getAll('copyBusinessLicenseFile')).toEqual([clearer]);
    expect(JSON.parse(String((form as FormData).get('registerApplyVo'))).keepFileIds).toEqual([]);
  }, 30_000);

  it('resubmits under the status token, keeping the file not replaced, then shows the status again', async () => {
    await openCorrection();
    await waitFor(() => expect(control('serviceAreaCode')).toHaveTextContent('郑州办事处'));
    await user.click(screen.getByTestId('register-agree'));
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() =>
      expect(upload).toHaveBeenCalledWith(RESUBMIT_REGISTER_APPLY_URL, expect.anything(), expect.anything()),
    );

    const calls = upload.mock.calls.filter(([url]) => url === RESUBMIT_REGISTER_APPLY_URL);
    expect(calls).toHaveLength(1);
    const [, form, config] = calls[0] as [string, FormData, { timeout: number; headers: Record<string, string> }];
    expect(config).toEqual({ timeout: 90_000, headers: { 'X-Register-Status-Token': 'S1' } });
    expect(form.get('serviceId')).toBe('resubmitRegisterApply');
    const apply = JSON.parse(String(form.get('registerApplyVo')));
    expect(apply.keepFileIds).toEqual(['F9']);
    expect(apply.accountTypeIds).toEqual(['21']);
    expect(apply.traderInfo).toMatchObject({
      traderName: '新疆棉业有限公司',
      serviceAreaCode: 'ZZ',
      serviceAreaName: '郑州办事处',
      uniformCreditCode: CODE,
      traderRegisteredAddress: '650000,650100,650102',
    });
    expect(apply.traderInfo).not.toHaveProperty('copyBusinessLicenseId');
    expect(apply.contacterInfo).toEqual({ contacterName: '王建国' });
    expect(form.getAll('copyBusinessLicenseFile')).toEqual([]);
    expect(upload.mock.calls.some(([url]) => url === WEB_UPLOAD_URL)).toBe(false);

    expect(await screen.findByText('修改后的注册信息已提交')).toBeInTheDocument();
    // 查看审核进度 reads the view again with the token.
    found = applicantView({ round: 2, reviews: returnedView().reviews });
    const before = callsTo(GET_STATUS_URL).length;
    await user.click(screen.getByTestId('register-view-status'));
    await waitFor(() => expect(callsTo(GET_STATUS_URL)).toHaveLength(before + 1));
    expect(callsTo(GET_STATUS_URL).at(-1)).toEqual({ statusToken: 'S1' });
    const view = within(await screen.findByTestId('register-status-view'));
    expect(view.getByTestId('register-status-tag')).toHaveTextContent('待审核');
    expect(screen.queryByTestId('register-form')).not.toBeInTheDocument();
  }, 30_000);

  it('renews the token every 10 minutes while correcting, keeps what was typed, and resubmits with the newest', async () => {
    found = returnedView();
    await queryWith();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await user.click(screen.getByTestId('register-status-correct'));
      await screen.findByTestId('register-form');
      await waitFor(() => expect(control('serviceAreaCode')).toHaveTextContent('郑州办事处'));
      type('register-field-postcode', '830001');
      const reads = callsTo(GET_STATUS_URL).length;

      await act(() => vi.advanceTimersByTimeAsync(TOKEN_RENEW_MS - 1));
      expect(callsTo(GET_STATUS_URL)).toHaveLength(reads);

      found = returnedView({ statusToken: 'S2' });
      await act(() => vi.advanceTimersByTimeAsync(1));
      await waitFor(() => expect(sessionStorage.getItem(STATUS_TOKEN_KEY)).toBe('S2'));
      expect(callsTo(GET_STATUS_URL).slice(reads)).toEqual([{ statusToken: 'S1' }]);

      // The next renewal uses the renewed token.
      found = returnedView({ statusToken: 'S3' });
      await act(() => vi.advanceTimersByTimeAsync(TOKEN_RENEW_MS));
      await waitFor(() => expect(sessionStorage.getItem(STATUS_TOKEN_KEY)).toBe('S3'));
      expect(callsTo(GET_STATUS_URL).slice(reads)).toEqual([{ statusToken: 'S1' }, { statusToken: 'S2' }]);

      // The form was not drawn again: what was typed stays.
      expect(screen.getByTestId('register-form')).toBeInTheDocument();
      expect(control('postcode')).toHaveValue('830001');

      await user.click(screen.getByTestId('register-agree'));
      await user.click(screen.getByTestId('register-submit'));
      await screen.findByText('修改后的注册信息已提交');
      const [, form, config] = upload.mock.calls.find(([url]) => url === RESUBMIT_REGISTER_APPLY_URL)!;
      expect(config).toEqual({ timeout: 90_000, headers: { 'X-Register-Status-Token': 'S3' } });
      expect(JSON.parse(String((form as FormData).get('registerApplyVo'))).traderInfo.postcode).toBe('830001');
    } finally {
      vi.useRealTimers();
    }
  }, 30_000);

  it('stops renewing the token once the correction is left', async () => {
    found = returnedView();
    await queryWith();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await user.click(screen.getByTestId('register-status-correct'));
      await screen.findByTestId('register-form');
      // Nothing typed: 返回 goes back without asking.
      await user.click(screen.getByTestId('register-back'));
      await screen.findByTestId('register-status-view');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      const reads = callsTo(GET_STATUS_URL).length;
      await act(() => vi.advanceTimersByTimeAsync(TOKEN_RENEW_MS * 2));
      expect(callsTo(GET_STATUS_URL)).toHaveLength(reads);
      expect(sessionStorage.getItem(STATUS_TOKEN_KEY)).toBe('S1');
    } finally {
      vi.useRealTimers();
    }
  });
});
