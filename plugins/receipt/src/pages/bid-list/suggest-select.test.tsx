import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Message } from '@arco-design/web-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '@cotton/sdk';
import { receiptCalls } from '@cotton/sdk/calls';
import { SuggestSelect } from './suggest-select';

const post = vi.fn();
// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

let failing = true;

beforeEach(() => {
  failing = true;
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url !== receiptCalls.suggestions) throw new Error(`unexpected call ${String(url)}`);
    if (failing) throw new ApiError('500', '服务器繁忙，请稍后再试');
    return { result: ['乌鲁木齐棉花监管仓库'] };
  });
  vi.spyOn(Message, 'error').mockImplementation((() => () => undefined) as unknown as typeof Message.error);
});

afterEach(() => {
  vi.mocked(Message.error).mockRestore();
  cleanup();
});

function renderSelect() {
  const onChange = vi.fn();
  render(
    <SuggestSelect
      field="whsName"
      value=""
      onChange={onChange}
      placeholder="请输入仓库名称搜索"
      emptyText="没有匹配的名称"
      failedText="名称查询失败，请重新输入后再试"
      data-testid="whs"
    />,
  );
  const select = screen.getByTestId('whs');
  fireEvent.click(within(select).getByRole('combobox'));
  const input = within(select).getByRole('combobox').querySelector('input') ?? within(select).getByRole('textbox');
  return { input, onChange };
}

const suggestionCalls = () => post.mock.calls.filter(([url]) => url === receiptCalls.suggestions);

describe('SuggestSelect', () => {
  it('shows the failure (spec §8), empties the list, and asks again when the user types again', async () => {
    const { input, onChange } = renderSelect();
    fireEvent.change(input, { target: { value: '乌鲁' } });

    expect(await screen.findByText('名称查询失败，请重新输入后再试')).toBeInTheDocument();
    // The toast comes from an effect, which React may run just after the text is painted.
    await waitFor(() =>
      expect(Message.error).toHaveBeenCalledWith({ id: 'suggest-failed-whsName', content: '服务器繁忙，请稍后再试' }),
    );
    expect(screen.queryByText('没有匹配的名称')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);

    // The same name typed again (the trailing space is trimmed) is asked again, and now answered.
    failing = false;
    fireEvent.change(input, { target: { value: '乌鲁 ' } });
    fireEvent.click(await screen.findByText('乌鲁木齐棉花监管仓库'));
    expect(onChange).toHaveBeenCalledWith('乌鲁木齐棉花监管仓库');
    expect(suggestionCalls()).toEqual([
      [receiptCalls.suggestions, { fieldName: 'whsName', fieldValue: '乌鲁' }],
      [receiptCalls.suggestions, { fieldName: 'whsName', fieldValue: '乌鲁' }],
    ]);
    expect(screen.queryByText('名称查询失败，请重新输入后再试')).not.toBeInTheDocument();
  });

  it('says nothing when the request layer has already told the user (a handled failure)', async () => {
    post.mockImplementation(async () => {
      throw new ApiError('401', '登录已过期', true);
    });
    const { input } = renderSelect();
    fireEvent.change(input, { target: { value: '乌鲁' } });
    await waitFor(() => expect(suggestionCalls()).toHaveLength(1));
    expect(await screen.findByText('名称查询失败，请重新输入后再试')).toBeInTheDocument();
    expect(Message.error).not.toHaveBeenCalled();
  });
});
