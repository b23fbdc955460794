import { Message } from '@arco-design/web-react';
import { request } from '@cotton/sdk';
import type { AdminDataRuleRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { dataRuleCalls, fieldCheckCalls } from '@cotton/sdk/calls';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataRuleList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);
const download = vi.fn();
vi.spyOn(request, 'download').mockImplementation(download);

const RULE: AdminDataRuleRow = {
  id: '7',
  menuId: '12',
  menuName: '用户管理',
  name: '本机构及下级机构的用户',
  scope: 'org_and_below',
  roleIds: ['3'],
  roleNames: '仓储查看员',
  createTime: '2026-03-18T08:00:00+08:00',
};
const OPTIONS = {
  menus: [{ id: '12', name: '用户管理' }],
  roles: [
    { id: '1', name: '系统管理员' },
    { id: '3', name: '仓储查看员' },
  ],
};
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  download.mockReset();
  download.mockResolvedValue(undefined);
  post.mockImplementation(async (url: unknown) => {
    if (url === dataRuleCalls.page) return { pagination: { result: [RULE], totalCount: 1, pageNum: 1, pageSize: 10 } };
    if (url === dataRuleCalls.options) return OPTIONS;
    return null;
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({
    token: 't',
    permissions: [
      'system:datarule:list',
      'system:datarule:add',
      'system:datarule:edit',
      'system:datarule:delete',
      'system:datarule:export',
    ],
  });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

describe('DataRuleList', () => {
  it('exports the query as it stands as 数据权限.xlsx, and hides 导出 without its code', async () => {
    render(<DataRuleList />);
    await screen.findByText('本机构及下级机构的用户');
    await user.click(screen.getByTestId('list-export'));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [call, body, filename] = download.mock.calls[0] as [unknown, unknown, string];
    expect(call).toBe(dataRuleCalls.export);
    expect(body).toMatchObject({ sort: { field: 'createTime', order: 'desc' } });
    expect(filename).toBe('数据权限.xlsx');
    cleanup();
    setSession({ token: 't', permissions: ['system:datarule:list'] });
    render(<DataRuleList />);
    await screen.findByText('本机构及下级机构的用户');
    expect(screen.queryByTestId('list-export')).toBeNull();
  });

  it('lists the rules with their menu, scope in words and roles', async () => {
    render(<DataRuleList />);
    const row = (await screen.findByText('本机构及下级机构的用户')).closest('tr')!;
    expect(row).toHaveTextContent('用户管理');
    expect(row).toHaveTextContent('本机构及下级机构');
    expect(row).toHaveTextContent('仓储查看员');
  });

  it('adds a rule: the only menu is chosen, the name required, the scope and roles sent', async () => {
    render(<DataRuleList />);
    await screen.findByText('本机构及下级机构的用户');
    await user.click(screen.getByTestId('data-rule-add'));
    const form = within(await screen.findByTestId('data-rule-form'));
    await user.click(screen.getByTestId('data-rule-form-save'));
    expect(await form.findByText('请输入规则名称')).toBeInTheDocument();
    expect(bodiesOf(dataRuleCalls.add)).toEqual([]);

    await user.type(form.getByPlaceholderText('请输入规则名称'), '仅本人');
    await user.click(form.getByText('仅本人', { selector: '.arco-radio-text, .arco-radio *' }));
    await user.click(screen.getByTestId('data-rule-form-roles'));
    await user.click((await screen.findAllByText('仓储查看员')).at(-1)!);
    await user.click(screen.getByTestId('data-rule-form-save'));
    await waitFor(() =>
      expect(bodiesOf(dataRuleCalls.add)).toEqual([{ menuId: '12', name: '仅本人', scope: 'self', roleIds: ['3'] }]),
    );
  });

  // Issue 31: a rule's name, unique among the menu's rules, was only found on 保存.
  it(
    'says a name is taken among the menu’s rules as the field is left, and sends nothing',
    { timeout: 30_000 },
    async () => {
      post.mockImplementation(
        async (url: unknown, body: { fieldName?: string; fieldVal?: string; withinVal?: string }) => {
          if (url === dataRuleCalls.page)
            return { pagination: { result: [RULE], totalCount: 1, pageNum: 1, pageSize: 10 } };
          if (url === dataRuleCalls.options) return OPTIONS;
          if (url === fieldCheckCalls.duplicate)
            return body.fieldVal === RULE.name && body.withinVal === '12'
              ? { valid: false, message: '该菜单下已有同名规则，请更换名称' }
              : { valid: true, message: '' };
          return null;
        },
      );
      render(<DataRuleList />);
      await screen.findByText('本机构及下级机构的用户');
      await user.click(screen.getByTestId('data-rule-add'));
      const form = within(await screen.findByTestId('data-rule-form'));
      await waitFor(() => expect(bodiesOf(dataRuleCalls.options)).toHaveLength(1));
      await user.click(form.getByPlaceholderText('请输入规则名称'));
      await user.paste(RULE.name);
      await user.tab();
      const message = await form.findByText('该菜单下已有同名规则，请更换名称', {}, { timeout: 5000 });
      expect(message.closest('.arco-form-item')).toHaveTextContent('规则名称');
      expect(bodiesOf(fieldCheckCalls.duplicate)).toEqual([
        { tableName: 'sys_data_rules', fieldName: 'name', fieldVal: RULE.name, dataId: null, withinVal: '12' },
      ]);
      expect(bodiesOf(dataRuleCalls.add)).toEqual([]);
    },
  );

  it('edits a rule with what it holds', async () => {
    render(<DataRuleList />);
    await screen.findByText('本机构及下级机构的用户');
    await user.click(screen.getByTestId('data-rule-edit-7'));
    await screen.findByTestId('data-rule-form');
    await waitFor(() => expect(bodiesOf(dataRuleCalls.options)).toHaveLength(1));
    await user.click(screen.getByTestId('data-rule-form-save'));
    await waitFor(() =>
      expect(bodiesOf(dataRuleCalls.update)).toEqual([
        { id: '7', menuId: '12', name: '本机构及下级机构的用户', scope: 'org_and_below', roleIds: ['3'] },
      ]),
    );
  });
});
