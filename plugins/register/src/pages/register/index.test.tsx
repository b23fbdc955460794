import { Message } from '@arco-design/web-react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountRegisterDetail } from '@cotton/sdk/contracts';
import { filesCalls, registerCalls } from '@cotton/sdk/calls';
import { UPLOAD_TOKEN_KEY } from '../../api';
import { bankCalls, regionCalls } from '@cotton/sdk/calls';
import { REGISTER_MESSAGES, REGISTER_SECTIONS, sectionFields } from '../../rules';
import {
  ACCOUNT_TYPES,
  BANKS,
  DICTS,
  OFFICES,
  REGIONS,
  SERVICE_AREAS,
  fullDetail,
  shortDetail,
} from '../../test/fixtures';
import { forgetOffices } from './hooks/useOffices';
import { RegisterPage } from './index';

const post = vi.hoisted(() => vi.fn());
const upload = vi.hoisted(() => vi.fn());

vi.mock('@cotton/sdk', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cotton/sdk')>();
  const { fakeTransport } = await import('../../test/transport');
  fakeTransport(actual.request, post, upload);
  return actual;
});

// The calls' paths: the fake transport answers by the wire (test/transport.ts).
const ACCOUNT_TYPES_URL = registerCalls.accountTypes.path;
const ACCOUNT_TYPE_DETAIL_URL = registerCalls.accountTypeDetail.path;
const ADD_REGISTER_APPLY_URL = registerCalls.apply.path;
const CFCA_AGREEMENT_URL = registerCalls.cfcaAgreement.path;
const CHECK_TRADER_NAME_URL = registerCalls.checkTraderName.path;
const ENTRY_AGREEMENT_URL = registerCalls.entryAgreement.path;
const FILE_INFO_URL = filesCalls.info.path;
const JUDGE_ENTERPRISE_URL = registerCalls.checkCreditCode.path;
const SERVICE_AREAS_URL = registerCalls.serviceAreas.path;
const SERVICE_AREA_PHONE_URL = registerCalls.serviceAreaPhone.path;
const WEB_UPLOAD_URL = filesCalls.upload.path;

const user = userEvent.setup({ pointerEventsCheck: 0 });
const VALID_CODE = '91350100M000100Y43';

let detail: AccountRegisterDetail;
let warning: ReturnType<typeof vi.fn>;
let toastError: ReturnType<typeof vi.fn>;

beforeEach(() => {
  detail = fullDetail();
  forgetOffices();
  sessionStorage.clear();
  warning = vi.fn(() => () => undefined);
  toastError = vi.fn(() => () => undefined);
  vi.spyOn(Message, 'warning').mockImplementation(warning as unknown as typeof Message.warning);
  vi.spyOn(Message, 'error').mockImplementation(toastError as unknown as typeof Message.error);
  post.mockReset();
  post.mockImplementation(async (url: string, body: Record<string, string>) => {
    switch (url) {
      case ACCOUNT_TYPES_URL:
        return { registerAccountTypeList: ACCOUNT_TYPES };
      case ENTRY_AGREEMENT_URL:
        return { url: '/register/agreement/entry' };
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
      case bankCalls.query.path:
        return { banks: BANKS.filter((bank) => bank.value.includes(body.keyWord)) };
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
  let uploaded = 0;
  upload.mockImplementation(async (url: string, form: FormData) => {
    if (url === WEB_UPLOAD_URL) {
      const file = form.get('file') as File;
      uploaded += 1;
      return { fileId: `F${uploaded}`, fileName: file.name, fileSize: file.size, fileType: 'png', uploadToken: 'T1' };
    }
    if (url === ADD_REGISTER_APPLY_URL) return { applyId: 'A1', serviceAreaCode: 'ZZ' };
    throw new Error(`unexpected upload ${url}`);
  });
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/home', element: <div>首页</div> },
    ],
    { initialEntries: ['/register'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Opens the form of account type `id`. */
async function openForm(id = '11') {
  const router = renderPage();
  await user.click(await screen.findByTestId(`register-account-type-${id}`));
  await user.click(screen.getByTestId('register-next'));
  await screen.findByTestId('register-form');
  return router;
}

const control = (name: string) => screen.getByTestId(`register-field-${name}`);
const fieldItem = (name: string) => control(name).closest<HTMLElement>('.arco-form-item')!;
const sectionItem = (section: string) =>
  screen.getByTestId(`register-section-${section}`).closest<HTMLElement>('.arco-collapse-item')!;
const isOpen = (section: string) => sectionItem(section).classList.contains('arco-collapse-item-active');

function typeInto(name: string, value: string) {
  const input = control(name) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** Opens an Arco select inside a field and picks the option named `label`. */
async function pick(name: string, label: string) {
  await user.click(control(name).querySelector('.arco-select-view')!);
  await user.click((await screen.findAllByRole('option', { name: label })).at(-1)!);
}

async function pickRegion(name: string, labels: string[]) {
  await user.click(control(name).querySelector('.arco-cascader')!);
  for (const label of labels) {
    const popups = document.querySelectorAll<HTMLElement>('.arco-cascader-popup');
    await user.click(await within(popups[popups.length - 1]).findByText(label));
  }
}

function submittedApplication() {
  const call = upload.mock.calls.find(([url]) => url === ADD_REGISTER_APPLY_URL);
  if (!call) throw new Error('not submitted');
  const form = call[1] as FormData;
  return { form, apply: JSON.parse(String(form.get('registerApplyVo'))), config: call[2] };
}

const submitCalls = () => upload.mock.calls.filter(([url]) => url === ADD_REGISTER_APPLY_URL);

async function fillShortForm() {
  typeInto('traderName', '  新疆棉业有限公司 ');
  typeInto('uniformCreditCode', VALID_CODE);
  await pick('serviceAreaCode', '郑州办事处');
  typeInto('postcode', '830000');
  await pickRegion('traderRegisteredAddress', ['新疆维吾尔自治区', '乌鲁木齐市', '天山区']);
  typeInto('traderRegisteredDetailedAddress', '红山路 88 号');
  await user.click(screen.getByTestId('register-copy-address'));
  await user.click(screen.getByTestId('register-section-contacterInfo'));
  typeInto('contacterName', '王建国');
  await user.click(screen.getByTestId('register-agree'));
}

/**
 * A window `width` px wide for matchMedia (jsdom has none), following resizes: `resize`
 * changes the width, `restore` puts jsdom's window back.
 */
function fakeWindowWidth(width: number) {
  const listeners = new Set<() => void>();
  let current = width;
  const had = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  const matchMedia = (query: string) => ({
    get matches() {
      const max = /max-width:\s*(\d+)px/.exec(query);
      return max ? current <= Number(max[1]) : false;
    },
    media: query,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    // The old API, which Arco's responsive grid uses.
    addListener: () => undefined,
    removeListener: () => undefined,
  });
  Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true, writable: true });
  return {
    resize(next: number) {
      current = next;
      listeners.forEach((listener) => listener());
    },
    restore() {
      if (had) Object.defineProperty(window, 'matchMedia', had);
      else delete (window as Partial<Window>).matchMedia;
    },
  };
}

describe('steps', () => {
  it('puts the steps side by side on a desktop and stacks them on a phone, following a resize', async () => {
    const { resize, restore } = fakeWindowWidth(1366);
    try {
      renderPage();
      const steps = await screen.findByTestId('register-steps');
      expect(steps).toHaveClass('arco-steps-horizontal');
      expect(within(steps).getByText('填写注册信息')).toBeInTheDocument();
      act(() => resize(390));
      expect(steps).toHaveClass('arco-steps-vertical');
      for (const title of ['选择账户类型', '填写注册信息', '等待审核'])
        expect(within(steps).getByText(title)).toBeVisible();
      act(() => resize(1024));
      expect(steps).toHaveClass('arco-steps-horizontal');
    } finally {
      restore();
    }
  });

  it('keeps the desktop steps without matchMedia', async () => {
    renderPage();
    expect(await screen.findByTestId('register-steps')).toHaveClass('arco-steps-horizontal');
  });
});

describe('account-type step', () => {
  it('shows the types in their two groups and links the entry agreement', async () => {
    renderPage();
    const traders = await screen.findByTestId('register-identity-1');
    expect(traders).toHaveTextContent('交易商');
    expect(within(traders).getByText('现货交易商')).toBeInTheDocument();
    expect(within(traders).getByText('储备棉交易商')).toBeInTheDocument();
    const enterprises = screen.getByTestId('register-identity-2');
    expect(enterprises).toHaveTextContent('普通企业');
    expect(within(enterprises).getByText('仓储企业')).toBeInTheDocument();
    expect(within(enterprises).queryByText('现货交易商')).not.toBeInTheDocument();
    expect(await screen.findByTestId('register-entry-agreement')).toHaveAttribute('href', '/register/agreement/entry');
    expect(screen.getByTestId('register-entry-agreement')).toHaveTextContent('《入市协议》');
  });

  it('warns when nothing is chosen, then opens the chosen type’s form; 返回 goes back with the choice kept', async () => {
    renderPage();
    await screen.findByTestId('register-account-type-11');
    await user.click(screen.getByTestId('register-next'));
    expect(warning).toHaveBeenCalledWith('请选择开通哪种业务类型权限');
    expect(post).not.toHaveBeenCalledWith(ACCOUNT_TYPE_DETAIL_URL, expect.anything());

    await user.click(screen.getByTestId('register-account-type-21'));
    await user.click(screen.getByTestId('register-next'));
    expect(await screen.findByText('填写注册信息', { selector: 'h4' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(ACCOUNT_TYPE_DETAIL_URL, { ids: '21' });

    await user.click(screen.getByTestId('register-back'));
    expect(await screen.findByTestId('register-account-types')).toBeInTheDocument();
    expect(screen.getByTestId('register-account-type-21').querySelector('input')).toBeChecked();
  });
});

describe('registration form', () => {
  it('shows only the sections and fields the detail lists, numbered, and requires only the required ones', async () => {
    detail = shortDetail();
    await openForm('21');
    expect(screen.getByTestId('register-section-traderInfo')).toHaveTextContent('1企业信息');
    expect(screen.getByTestId('register-section-contacterInfo')).toHaveTextContent('2联系人信息');
    for (const absent of ['lrInfo', 'vtaInvoiceInfo', 'usbkeyInfo']) {
      expect(screen.queryByTestId(`register-section-${absent}`)).not.toBeInTheDocument();
    }
    expect(control('traderName')).toBeInTheDocument();
    expect(fieldItem('traderName')).toHaveTextContent('企业名称');
    for (const absent of ['registeredCapital', 'traderType', 'copyBusinessLicenseId', 'lrName', 'contacterPhone']) {
      expect(screen.queryByTestId(`register-field-${absent}`)).not.toBeInTheDocument();
    }
    // Required fields carry the red mark; optional ones do not.
    expect(fieldItem('traderName').querySelector('.arco-form-item-symbol')).not.toBeNull();
    expect(fieldItem('postcode').querySelector('.arco-form-item-symbol')).toBeNull();

    await user.click(screen.getByTestId('register-agree'));
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(fieldItem('traderName')).toHaveTextContent('请输入企业名称'));
    expect(fieldItem('serviceAreaCode')).toHaveTextContent('请选择所属服务区域');
    expect(fieldItem('uniformCreditCode')).toHaveTextContent('请输入统一社会信用代码');
    expect(fieldItem('contacterName')).toHaveTextContent('请输入联系人姓名');
    expect(fieldItem('postcode').querySelector('.arco-form-message')).toBeNull();
    expect(fieldItem('contacterEmail').querySelector('.arco-form-message')).toBeNull();
    expect(submitCalls()).toHaveLength(0);
  });

  it('shows every empty message under its field, opens the first section with an error, and checks formats', async () => {
    await openForm();
    expect(isOpen('traderInfo')).toBe(true);
    await user.click(screen.getByTestId('register-section-contacterInfo'));
    expect(isOpen('contacterInfo')).toBe(true);
    expect(isOpen('traderInfo')).toBe(false);

    await user.click(screen.getByTestId('register-agree'));
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(isOpen('traderInfo')).toBe(true));
    expect(isOpen('contacterInfo')).toBe(false);

    for (const section of REGISTER_SECTIONS.filter((s) => s !== 'usbkeyInfo')) {
      for (const view of sectionFields(detail, section)) {
        // 增值税纳税人类型 starts as 一般纳税人.
        if (view.name === 'vtaInvoiceTraderType') continue;
        await waitFor(() => expect(fieldItem(view.name)).toHaveTextContent(view.spec.empty));
      }
    }
    // The spec's texts, as the user reads them.
    expect(fieldItem('registeredCapital')).toHaveTextContent('注册资本不能为空');
    expect(fieldItem('postcode')).toHaveTextContent('邮编不能为空');
    expect(fieldItem('lrCertificateNumber')).toHaveTextContent('法定代表人证件号码不能为空');
    expect(fieldItem('contacterFixedTelephone')).toHaveTextContent('其他联系电话不能为空');
    expect(fieldItem('copyBusinessLicenseId')).toHaveTextContent('请上传营业执照复印件');
    expect(fieldItem('vtaInvoiceTraderType').querySelector('.arco-form-message')).toBeNull();

    typeInto('registeredCapital', '-5');
    typeInto('postcode', '012345');
    typeInto('uniformCreditCode', '12345');
    typeInto('contacterEmail', 'wang@');
    typeInto('contacterPhone', '1234567');
    typeInto('contacterFixedTelephone', '0991 1234567');
    await waitFor(() => expect(fieldItem('registeredCapital')).toHaveTextContent('输入的金额有误，请重新输入'));
    await waitFor(() => expect(fieldItem('postcode')).toHaveTextContent('请输入正确格式的邮编'));
    await waitFor(() => expect(fieldItem('uniformCreditCode')).toHaveTextContent('统一社会信用代码有误，请重新输入'));
    await waitFor(() => expect(fieldItem('contacterEmail')).toHaveTextContent('请输入正确格式的邮箱'));
    await waitFor(() => expect(fieldItem('contacterPhone')).toHaveTextContent('请输入正确格式的手机号码'));
    await waitFor(() => expect(fieldItem('contacterFixedTelephone')).toHaveTextContent('区号与号码之间请用“-”分隔'));
    // The money field shows its unit.
    expect(fieldItem('registeredCapital')).toHaveTextContent('万元');
    // A field name never shows.
    expect(screen.getByTestId('register-form')).not.toHaveTextContent('traderName');
    expect(submitCalls()).toHaveLength(0);
  }, 30_000);

  it('checks the certificate number as an ID card number, except for a passport', async () => {
    await openForm();
    await user.click(screen.getByTestId('register-section-lrInfo'));
    await pick('lrCertificateType', '居民身份证');
    typeInto('lrCertificateNumber', 'E12345678');
    await waitFor(() => expect(fieldItem('lrCertificateNumber')).toHaveTextContent('请输入正确格式的证件号码'));
    await pick('lrCertificateType', '护照');
    await waitFor(() => expect(fieldItem('lrCertificateNumber').querySelector('.arco-form-message')).toBeNull());
  });

  it('offers the offices without 青岛, in reverse order', async () => {
    await openForm();
    await user.click(control('serviceAreaCode').querySelector('.arco-select-view')!);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '郑州办事处',
      '喀什办事处',
      '阿克苏办事处',
      '库尔勒办事处',
      '乌鲁木齐办事处',
    ]);
    expect(post).toHaveBeenCalledWith(regionCalls.groups.path, { code: 'office' });
  });

  it('同注册地址 copies the registered address and detailed address to the mailing ones', async () => {
    await openForm();
    await pickRegion('traderRegisteredAddress', ['新疆维吾尔自治区', '乌鲁木齐市', '天山区']);
    typeInto('traderRegisteredDetailedAddress', '红山路 88 号');
    await user.click(screen.getByTestId('register-copy-address'));
    await waitFor(() =>
      expect(control('traderMailingAddress')).toHaveTextContent('新疆维吾尔自治区 / 乌鲁木齐市 / 天山区'),
    );
    expect(control('traderMailingDetailedAddress')).toHaveValue('红山路 88 号');
  });

  it('shows the server’s 504 on the name and the credit code under the field', async () => {
    const { ApiError } = await import('@cotton/sdk');
    const base = post.getMockImplementation()!;
    post.mockImplementation(async (url: string, body: Record<string, string>) => {
      if (url === CHECK_TRADER_NAME_URL) throw new ApiError('504', '企业名称已存在，请勿重复注册');
      if (url === JUDGE_ENTERPRISE_URL) throw new ApiError('504', '该统一社会信用代码已注册');
      return base(url, body);
    });
    await openForm();
    typeInto('traderName', ' 新疆棉业有限公司 ');
    await waitFor(() => expect(fieldItem('traderName')).toHaveTextContent('企业名称已存在，请勿重复注册'));
    expect(post).toHaveBeenCalledWith(CHECK_TRADER_NAME_URL, { traderName: '新疆棉业有限公司' });
    expect(control('traderName')).toHaveValue('新疆棉业有限公司');

    typeInto('uniformCreditCode', VALID_CODE);
    await waitFor(() => expect(fieldItem('uniformCreditCode')).toHaveTextContent('该统一社会信用代码已注册'));
    expect(post).toHaveBeenCalledWith(JUDGE_ENTERPRISE_URL, {
      uniformCreditCode: VALID_CODE,
      traderName: '新疆棉业有限公司',
    });

    // Another name is the server's to judge again; an empty one is not sent.
    post.mockImplementation(base);
    typeInto('traderName', '新疆另一家棉业有限公司');
    await waitFor(() => expect(fieldItem('traderName')).not.toHaveTextContent('企业名称已存在'));
    const calls = post.mock.calls.filter(([url]) => url === CHECK_TRADER_NAME_URL).length;
    typeInto('traderName', '');
    expect(post.mock.calls.filter(([url]) => url === CHECK_TRADER_NAME_URL)).toHaveLength(calls);
  });

  it('是 reveals the electronic-signature section with its defaults; the name and code mirror the enterprise’s', async () => {
    await openForm();
    typeInto('traderName', '新疆棉业有限公司');
    await user.click(screen.getByTestId('register-section-usbkeyInfo'));
    expect(screen.getByTestId('register-usbkey-no').querySelector('input')).toBeChecked();
    expect(screen.queryByTestId('register-usbkey-details')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('register-usbkey-yes'));
    expect(await screen.findByTestId('register-usbkey-details')).toBeInTheDocument();
    expect(screen.getByTestId('register-usbkey-handle-type')).toHaveTextContent('申请办理');
    // Today in China (UTC+8), whatever the zone the test runs in.
    const todayText = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(control('ukeyApplyTime').querySelector('input')).toHaveValue(todayText);
    expect(control('certDeadline')).toHaveValue('3');
    expect(control('ukeyUseRemark')).toHaveValue('电子签章');
    expect(screen.getByTestId('register-usbkey-consent-1')).toHaveTextContent('CFCA');
    // The agreement it names opens where getCFCAFileIdAndUrl says.
    expect(await screen.findByTestId('register-usbkey-cfca')).toHaveAttribute('href', '/register/agreement/cfca');
    expect(screen.getByTestId('register-usbkey-consent-2')).toHaveTextContent('经办人');
    expect(screen.getByTestId('register-usbkey-consent-3')).toHaveTextContent('妥善保管');
    expect(fieldItem('usbkeyAgentFile')).toHaveTextContent('授权该经办人办理本单位电子签章相关事宜');

    // Typed before: copied; typed in either place: the other follows.
    expect(control('ukeyUserName')).toHaveValue('新疆棉业有限公司');
    typeInto('ukeyUserName', '新疆棉业股份有限公司');
    expect(control('traderName')).toHaveValue('新疆棉业股份有限公司');
    typeInto('uniformCreditCode', VALID_CODE);
    expect(control('ukeyUniformCreditCode')).toHaveValue(VALID_CODE);

    // With 是 every signature field is required (USBKEY_REQUIRED_FIELDS) though the detail marks them optional.
    typeInto('ukeyUserPhone', '');
    await waitFor(() => expect(fieldItem('ukeyUserPhone')).toHaveTextContent('请输入联系电话'));
  });

  it('starts on 是 when the type asks for a key, and disables 否 when a key is on record', async () => {
    detail = fullDetail({ usbkeyDefault: '1', usbkeyLocked: '1' });
    await openForm();
    await user.click(screen.getByTestId('register-section-usbkeyInfo'));
    expect(screen.getByTestId('register-usbkey-yes').querySelector('input')).toBeChecked();
    expect(screen.getByTestId('register-usbkey-no').querySelector('input')).toBeDisabled();
    expect(screen.getByTestId('register-usbkey-details')).toBeInTheDocument();
  });

  it('refuses to submit before the agreements are accepted, and before the three acknowledgements', async () => {
    detail = shortDetail({ usbkeyInfo: fullDetail().usbkeyInfo, usbkeyDefault: '1' });
    await openForm('21');
    expect(screen.getByTestId('register-agreement-register')).toHaveAttribute('href', '/register/agreement/register');
    expect(screen.getByTestId('register-agreement-register')).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('register-agreement-privacy')).toHaveAttribute('href', '/register/agreement/privacy');

    await user.click(screen.getByTestId('register-submit'));
    expect(warning).toHaveBeenCalledWith('请先阅读并同意相关协议');

    await user.click(screen.getByTestId('register-agree'));
    await user.click(screen.getByTestId('register-usbkey-consent-1'));
    await user.click(screen.getByTestId('register-submit'));
    expect(warning).toHaveBeenLastCalledWith(REGISTER_MESSAGES.usbkeyConsents);
    // The fields were not checked yet: the gates come first.
    expect(fieldItem('traderName').querySelector('.arco-form-message')).toBeNull();
    expect(submitCalls()).toHaveLength(0);
  });

  it('submits once: a second click while it runs says 请勿重复提交 and sends nothing', async () => {
    detail = shortDetail();
    let finish: (value: unknown) => void = () => undefined;
    const base = upload.getMockImplementation()!;
    upload.mockImplementation((url: string, form: FormData) =>
      url === ADD_REGISTER_APPLY_URL ? new Promise((resolve) => (finish = resolve)) : base(url, form),
    );
    await openForm('21');
    await fillShortForm();

    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(submitCalls()).toHaveLength(1));
    expect(screen.getByTestId('register-submit')).toHaveAttribute('aria-busy', 'true');
    await user.click(screen.getByTestId('register-submit'));
    expect(warning).toHaveBeenCalledWith('请勿重复提交');
    expect(submitCalls()).toHaveLength(1);

    const { form, apply, config } = submittedApplication();
    expect(form.get('serviceType')).toBe('registerApply');
    expect(form.get('serviceId')).toBe('addRegisterApply');
    expect(form.get('serviceVersion')).toBe('1');
    expect(config).toEqual({ timeout: 90_000 });
    expect(apply.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(apply).toEqual({
      requestId: apply.requestId,
      accountTypeIds: ['21'],
      traderInfo: {
        traderName: '新疆棉业有限公司',
        serviceAreaCode: 'ZZ',
        serviceAreaName: '郑州办事处',
        uniformCreditCode: VALID_CODE,
        postcode: '830000',
        traderRegisteredAddress: '650000,650100,650102',
        traderRegisteredDetailedAddress: '红山路 88 号',
        traderMailingAddress: '650000,650100,650102',
        traderMailingDetailedAddress: '红山路 88 号',
      },
      contacterInfo: { contacterName: '王建国' },
    });

    await act(async () => finish({ applyId: 'A1', serviceAreaCode: 'ZZ' }));
    expect(await screen.findByTestId('register-complete')).toBeInTheDocument();
  }, 30_000);

  it('shows the server’s field messages under their fields, opening the section', async () => {
    detail = shortDetail();
    const { ApiError } = await import('@cotton/sdk');
    const base = upload.getMockImplementation()!;
    upload.mockImplementation(async (url: string, form: FormData) => {
      if (url === ADD_REGISTER_APPLY_URL) {
        throw new ApiError('400', '参数错误', false, {
          errors: { 'traderInfo.traderName': '企业名称已存在，请勿重复注册' },
        });
      }
      return base(url, form);
    });
    await openForm('21');
    await fillShortForm();
    expect(isOpen('contacterInfo')).toBe(true);
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(fieldItem('traderName')).toHaveTextContent('企业名称已存在，请勿重复注册'));
    expect(isOpen('traderInfo')).toBe(true);
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.queryByTestId('register-complete')).not.toBeInTheDocument();

    // Another refusal shows its message; the same request id is sent again.
    const first = submittedApplication().apply.requestId;
    upload.mockImplementation(async (url: string, form: FormData) => {
      if (url === ADD_REGISTER_APPLY_URL) throw new ApiError('500', '服务器内部错误，请稍后再试');
      return base(url, form);
    });
    typeInto('traderName', '新疆另一家棉业有限公司');
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('服务器内部错误，请稍后再试'));
    const ids = submitCalls().map(
      ([, form]) => JSON.parse(String((form as FormData).get('registerApplyVo'))).requestId,
    );
    expect(ids).toEqual([first, first]);
  }, 30_000);

  it('after success shows the dialog with the offices and the chosen office’s phone; 返回首页 goes home', async () => {
    detail = shortDetail();
    const router = await openForm('21');
    await fillShortForm();
    await user.click(screen.getByTestId('register-submit'));
    const dialog = await screen.findByTestId('register-complete');
    expect(dialog).toHaveTextContent('信息已提交，请等待审核');
    await waitFor(() => expect(screen.getByTestId('register-complete-phone')).toHaveTextContent('0371-6551111'));
    expect(screen.getByTestId('register-complete-phone')).toHaveTextContent('郑州办事处');
    expect(post).toHaveBeenCalledWith(SERVICE_AREA_PHONE_URL, { serviceAreaCode: 'ZZ' });

    const table = screen.getByTestId('register-complete-offices');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['名称', '电话一', '电话二', '地址', '邮编', '服务省份']);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(7));
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
    expect(names).toEqual([
      '乌鲁木齐办事处',
      '库尔勒办事处',
      '阿克苏办事处',
      '喀什办事处',
      '郑州办事处',
      '总部客户服务中心',
    ]);
    // A number is never broken across lines (it wrapped mid-number at 1366 px).
    expect(within(table).getByText('0991-2811111').className).toMatch(/nowrap/);

    await user.click(screen.getByTestId('register-home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  }, 30_000);
});

describe('on a phone and in the history', () => {
  it('the completion dialog lists each office as a card: the facts by name, whole numbers to tap, the applicant’s office marked', async () => {
    const { restore } = fakeWindowWidth(360);
    try {
      detail = shortDetail();
      await openForm('21');
      await fillShortForm();
      await user.click(screen.getByTestId('register-submit'));
      await screen.findByTestId('register-complete');
      await waitFor(() => expect(screen.getAllByTestId('register-complete-office')).toHaveLength(6));
      const cards = screen.getAllByTestId('register-complete-office');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(cards.map((card) => card.querySelector('h5')?.firstChild?.textContent)).toEqual([
        '乌鲁木齐办事处',
        '库尔勒办事处',
        '阿克苏办事处',
        '喀什办事处',
        '郑州办事处',
        '总部客户服务中心',
      ]);
      const first = cards[0];
      expect([...first.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
        '电话一',
        '电话二',
        '地址',
        '邮编',
        '服务省份',
      ]);
      const phone = within(first).getByRole('link', { name: '0991-2811111' });
      expect(phone).toHaveAttribute('href', 'tel:09912811111');
      expect(phone.className).toMatch(/nowrap/);
      // The application went to 郑州 (ZZ): its card says so, no other.
      expect(within(cards[4]).getByText('您所属的服务区域')).toBeInTheDocument();
      expect(within(cards[0]).queryByText('您所属的服务区域')).not.toBeInTheDocument();
      expect(screen.getByTestId('register-home')).toBeInTheDocument();
    } finally {
      restore();
    }
  }, 30_000);

  it('the form step is a history entry: Back returns to the type step with the type chosen, Forward reopens the form', async () => {
    const router = await openForm('21');
    expect(router.state.location.search).toBe('?type=21');
    await act(() => router.navigate(-1));
    expect(await screen.findByTestId('register-account-types')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByTestId('register-account-type-21').querySelector('input')).toBeChecked();
    const before = post.mock.calls.length;
    await act(() => router.navigate(1));
    expect(await screen.findByTestId('register-form')).toBeInTheDocument();
    // The type's detail is asked again (not necessarily last: the form's pickers ask too, and
    // on a busy machine one of theirs may come after).
    await waitFor(() => expect(post.mock.calls.slice(before)).toContainEqual([ACCOUNT_TYPE_DETAIL_URL, { ids: '21' }]));
  });

  it('a form opened by its address: 返回 replaces it with the type step', async () => {
    const router = createMemoryRouter([{ path: '/register', element: <RegisterPage /> }], {
      initialEntries: ['/register?type=21'],
    });
    render(<RouterProvider router={router} />);
    await screen.findByTestId('register-form');
    await user.click(screen.getByTestId('register-back'));
    expect(await screen.findByTestId('register-account-types')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('register-account-type-21').querySelector('input')).toBeChecked();
  });

  it('without input, 返回 leaves at once', async () => {
    await openForm('21');
    await user.click(screen.getByTestId('register-back'));
    expect(await screen.findByTestId('register-account-types')).toBeInTheDocument();
    expect(screen.queryByText('放弃填写的注册信息？')).not.toBeInTheDocument();
  });

  it('with input, 返回 and Back ask before dropping it: 继续填写 keeps it, 放弃并离开 leaves', async () => {
    const router = await openForm('21');
    typeInto('traderName', '新疆棉业有限公司');

    await user.click(screen.getByTestId('register-back'));
    expect(await screen.findByText('放弃填写的注册信息？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '继续填写' }));
    await waitFor(() => expect(screen.queryByText('放弃填写的注册信息？')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?type=21');
    expect(control('traderName')).toHaveValue('新疆棉业有限公司');

    // The browser's (a phone's) Back button.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('放弃填写的注册信息？')).toBeInTheDocument();
    expect(screen.getAllByText('放弃填写的注册信息？')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '放弃并离开' }));
    expect(await screen.findByTestId('register-account-types')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('a refused submit scrolls the first refused field in the form’s order into view, its label below the sticky header', async () => {
    const scrolled: Element[] = [];
    const had = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      detail = shortDetail();
      await openForm('21');
      typeInto('traderName', '新疆棉业有限公司');
      // The contact section open; the first refusal is in the enterprise section above it.
      await user.click(screen.getByTestId('register-section-contacterInfo'));
      await user.click(screen.getByTestId('register-agree'));
      scrolled.length = 0;
      await user.click(screen.getByTestId('register-submit'));
      await waitFor(() => expect(isOpen('traderInfo')).toBe(true));
      // 企业名称 is filled: 所属服务区域 is the first refused.
      await waitFor(() => expect(scrolled).toContain(fieldItem('serviceAreaCode')));
      expect(scrolled).not.toContain(fieldItem('uniformCreditCode'));
      // The item keeps the header's height above it when scrolled to (scroll-margin-top).
      expect(fieldItem('serviceAreaCode').className).toMatch(/field/);
      expect(scrolled).not.toContain(fieldItem('contacterName'));
    } finally {
      if (had) Object.defineProperty(Element.prototype, 'scrollIntoView', had);
      else delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('a region field says which levels to pick', async () => {
    await openForm('21');
    expect(control('traderRegisteredAddress').querySelector('input')).toHaveAttribute(
      'placeholder',
      '请选择省/市/区县',
    );
  });
});

describe('uploads', () => {
  const png = (name = 'license.png', size = 1024) => {
    const file = new File(['x'], name, { type: 'image/png' });
    Object.defineProperty(file, 'size', { value: size });
    return file;
  };
  const choose = (name: string, files: File[]) =>
    fireEvent.change(control(name).querySelector('input[type=file]')!, { target: { files } });

  it('checks each file, sends it at once with the system fields, its part and the upload token, and shows its thumbnail', async () => {
    await openForm();
    choose('copyBusinessLicenseId', [png('license.pdf')]);
    expect(warning).toHaveBeenCalledWith('图片格式错误');
    choose('copyBusinessLicenseId', [png('big.png', 11 * 1024 * 1024)]);
    expect(warning).toHaveBeenCalledWith('图片大小不能超过10M');
    expect(upload).not.toHaveBeenCalled();

    choose('copyBusinessLicenseId', [png('front.png')]);
    const thumb = await within(control('copyBusinessLicenseId')).findByAltText('front.png');
    expect(thumb).toHaveAttribute('src', '/files/F1');
    const [url, form, config] = upload.mock.calls[0];
    expect(url).toBe(WEB_UPLOAD_URL);
    expect((form as FormData).get('file')).toBeInstanceOf(File);
    expect(
      Object.fromEntries([...(form as FormData)].filter(([key]) => key !== 'file' && key !== 'requestTime')),
    ).toEqual({
      sendSysName: 'portal',
      sendSysCode: 'PORTAL',
      receiveSysName: 'trade',
      receiveSysCode: 'TRADE',
      // The part it is for: the server checks the content as the licence's field does (images only).
      field: 'copyBusinessLicenseFile',
    });
    expect(Number.isNaN(Date.parse(String((form as FormData).get('requestTime'))))).toBe(false);
    expect(config).toEqual({ timeout: 90_000 });
    // The preview is asked for under the token the upload was given.
    expect(post).toHaveBeenCalledWith(FILE_INFO_URL, { fileId: 'F1' }, { headers: { 'X-Upload-Token': 'T1' } });
    expect(sessionStorage.getItem(UPLOAD_TOKEN_KEY)).toBe('T1');

    choose('copyBusinessLicenseId', [png('back.png'), png('third.png')]);
    expect(warning).toHaveBeenCalledWith('最多上传 2 个文件');
    await within(control('copyBusinessLicenseId')).findByAltText('back.png');
    expect(upload.mock.calls[1][2]).toEqual({ timeout: 90_000, headers: { 'X-Upload-Token': 'T1' } });
    expect(within(control('copyBusinessLicenseId')).queryByText('上传文件')).not.toBeInTheDocument();
    expect(fieldItem('copyBusinessLicenseId')).toHaveTextContent('加盖企业公章');

    // A certificate may be a pdf: shown as a link.
    await user.click(screen.getByTestId('register-section-lrInfo'));
    choose('lrCertificateId', [new File(['%PDF'], 'id.pdf', { type: 'application/pdf' })]);
    await waitFor(() =>
      expect(within(control('lrCertificateId')).getByRole('link', { name: 'id.pdf' })).toHaveAttribute(
        'href',
        '/files/F3',
      ),
    );
    choose('lrCertificateId', [new File(['x'], 'id.docx')]);
    expect(warning).toHaveBeenCalledWith('文件格式错误');

    // Removing one frees its place.
    await user.click(screen.getByTestId('register-field-copyBusinessLicenseId-remove-0'));
    expect(within(control('copyBusinessLicenseId')).queryByAltText('front.png')).not.toBeInTheDocument();
    expect(within(control('copyBusinessLicenseId')).getByText('上传文件')).toBeInTheDocument();
  }, 30_000);

  it('sends the files themselves with the application, one part per file named by its field', async () => {
    detail = shortDetail({
      traderInfo: { ...shortDetail().traderInfo, copyBusinessLicenseId: { isRequired: '1' } },
    });
    await openForm('21');
    await fillShortForm();
    await user.click(screen.getByTestId('register-section-traderInfo'));
    const front = png('front.png');
    const back = png('back.png');
    choose('copyBusinessLicenseId', [front, back]);
    await within(control('copyBusinessLicenseId')).findByAltText('back.png');
    await user.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('register-complete');
    const { form, apply, config } = submittedApplication();
    expect(form.getAll('copyBusinessLicenseFile')).toEqual([front, back]);
    expect(config).toEqual({ timeout: 90_000, headers: { 'X-Upload-Token': 'T1' } });
    expect(apply.traderInfo).not.toHaveProperty('copyBusinessLicenseId');
  }, 30_000);
});

describe('bank search', () => {
  it('searches the banks 500 ms after the last key', async () => {
    await openForm();
    await user.click(screen.getByTestId('register-section-vtaInvoiceInfo'));
    const input = control('vtaInvoiceBank').querySelector('input')!;
    vi.useFakeTimers();
    try {
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: '建' } });
      act(() => vi.advanceTimersByTime(300));
      fireEvent.change(input, { target: { value: '建设' } });
      act(() => vi.advanceTimersByTime(499));
      expect(post.mock.calls.filter(([url]) => url === bankCalls.query.path)).toHaveLength(0);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
    } finally {
      vi.useRealTimers();
    }
    expect(post.mock.calls.filter(([url]) => url === bankCalls.query.path).map(([, body]) => body)).toEqual([
      { keyWord: '建设' },
    ]);
    expect(await screen.findByRole('option', { name: '中国建设银行' })).toBeInTheDocument();
  });
});
