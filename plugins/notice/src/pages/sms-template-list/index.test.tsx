import { Message } from '@arco-design/web-react';
import { request } from '@cotton/sdk';
import type { SmsTemplateRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { smsTemplateCalls } from '@cotton/sdk/calls';
import { SmsTemplateList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

function row(overrides: Partial<SmsTemplateRow>): SmsTemplateRow {
  return {
    id: '1',
    code: 'LOGIN_CODE',
    name: '登录验证码',
    content: '您的登录验证码为${code}，5分钟内有效。',
    variables: ['code'],
    enabled: true,
    system: true,
    createTime: '2026-03-18T08:00:00+08:00',
    ...overrides,
  };
}
const ROWS = [
  row({}),
  row({
    id: '2',
    code: 'PICKUP',
    name: '提货通知',
    content: '${name}您好，提货码${code}',
    variables: ['name', 'code'],
    system: false,
  }),
];
const ALL = [
  'system:smstemplate:list',
  'system:smstemplate:add',
  'system:smstemplate:edit',
  'system:smstemplate:delete',
  'system:smstemplate:send',
];
const user = userEvent.setup({ pointerEventsCheck: 0 });
/** Puts text in a field as a paste: the field sees it whole, as from the keyboard, without a key-by-key wait. */
async function fill(field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === smsTemplateCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
    if (url === smsTemplateCalls.send) return { status: '3', content: '王您好，提货码******' };
    return { id: '3' };
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ALL });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

// Drawers and dialogs open with Arco's transitions: slower than the default 5 s on a busy machine.
describe('SmsTemplateList', { timeout: 20_000 }, () => {
  it('offers no delete for a system template', async () => {
    render(<SmsTemplateList />);
    await screen.findByText('提货通知');
    expect(screen.queryByTestId('template-delete-LOGIN_CODE')).toBeNull();
    expect(screen.getByTestId('template-delete-PICKUP')).toBeInTheDocument();
  });

  it('test-sends with a value for each variable and shows what was logged', async () => {
    render(<SmsTemplateList />);
    await screen.findByText('提货通知');
    await user.click(screen.getByTestId('template-send-PICKUP'));
    const dialog = within(await screen.findByTestId('template-send'));
    await fill(dialog.getByPlaceholderText('请输入手机号码'), '13900001111');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    expect(await dialog.findByText('请输入变量 name 的值')).toBeInTheDocument();
    expect(bodiesOf(smsTemplateCalls.send)).toEqual([]);
    const inputs = dialog.getAllByRole('textbox');
    await fill(inputs[1]!, '王');
    await fill(inputs[2]!, '123456');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    await waitFor(() =>
      expect(bodiesOf(smsTemplateCalls.send)).toEqual([
        { code: 'PICKUP', mobile: '13900001111', variables: { name: '王', code: '123456' } },
      ]),
    );
    expect(await dialog.findByTestId('template-send-result')).toHaveTextContent('王您好，提货码******');
  });

  it('checks placeholders against the declared variables as they are typed, and repeated variables', async () => {
    render(<SmsTemplateList />);
    await screen.findByText('提货通知');
    await user.click(screen.getByTestId('template-add'));
    const form = within(await screen.findByTestId('template-form'));
    await fill(form.getByPlaceholderText('请输入模板内容'), '批次${batch}已到库');
    expect(await form.findByText('模板内容使用了未声明的变量：batch')).toBeInTheDocument();
    // A tag is added when the input loses focus (saveOnBlur).
    const variables = form.getByPlaceholderText('输入变量名后回车');
    await user.type(variables, 'batch');
    await user.tab();
    await waitFor(() => expect(form.queryByText('模板内容使用了未声明的变量：batch')).toBeNull());
    await user.type(variables, 'batch');
    await user.tab();
    expect(await form.findByText('变量不能重复：batch')).toBeInTheDocument();
    await user.click(screen.getByTestId('template-form-save'));
    expect(bodiesOf(smsTemplateCalls.add)).toEqual([]);
  });

  it('adds a template with its declared variables', async () => {
    render(<SmsTemplateList />);
    await screen.findByText('提货通知');
    await user.click(screen.getByTestId('template-add'));
    const form = within(await screen.findByTestId('template-form'));
    await fill(form.getByPlaceholderText('请输入模板编码'), 'ARRIVAL');
    await fill(form.getByPlaceholderText('请输入模板名称'), '到库通知');
    await fill(form.getByPlaceholderText('请输入模板内容'), '批次${batch}已到库');
    await user.type(form.getByPlaceholderText('输入变量名后回车'), 'batch{Enter}');
    await user.click(screen.getByTestId('template-form-save'));
    await waitFor(() =>
      expect(bodiesOf(smsTemplateCalls.add)).toEqual([
        { code: 'ARRIVAL', name: '到库通知', content: '批次${batch}已到库', variables: ['batch'], enabled: true },
      ]),
    );
  });
});
