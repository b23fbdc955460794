import { Message } from '@arco-design/web-react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '@cotton/sdk';
import { cmsCalls, complainCalls } from '@cotton/sdk/calls';
import { SERVICE_TREE, brief, detail } from '../../test/fixtures';
import { ServicePage } from './index';

const post = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);

const FAQ = [
  brief({ id: '21', title: '忘记登录密码怎么办？' }),
  brief({ id: '22', title: '如何查询仓库入库预约进度？' }),
];

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/service', element: <ServicePage /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

const query = (router: ReturnType<typeof renderAt>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

let toastError: ReturnType<typeof vi.fn>;
let toastSuccess: ReturnType<typeof vi.fn>;

beforeEach(() => {
  toastError = vi.fn(() => () => undefined);
  toastSuccess = vi.fn(() => () => undefined);
  vi.spyOn(Message, 'error').mockImplementation(toastError as unknown as typeof Message.error);
  vi.spyOn(Message, 'success').mockImplementation(toastSuccess as unknown as typeof Message.success);
  post.mockReset();
  post.mockImplementation(async (url: unknown, body: Record<string, unknown>) => {
    if (url === cmsCalls.catalogTree) return { result: [SERVICE_TREE] };
    if (url === cmsCalls.contentPage) {
      const items = body.catalogId === '7' ? FAQ : [];
      return { catalog: {}, pagination: { result: items, totalCount: items.length, pageNum: 1, pageSize: 10 } };
    }
    if (url === cmsCalls.contentDetail) {
      if (body.id === '30')
        return {
          result: detail({
            id: '30',
            title: '联系我们',
            catalogCode: 'contactUs',
            body: '<h3>总部</h3><p>客服热线：400-009-6618</p>',
          }),
        };
      if (body.id === '21')
        return { result: detail({ id: '21', title: FAQ[0].title, next: { id: '22', title: FAQ[1].title } }) };
      throw new ApiError('404', '文章不存在或已撤回');
    }
    if (url === complainCalls.add) return { id: '1' };
    throw new Error(`unexpected call ${String(url)}`);
  });
});

afterEach(cleanup);

describe('ServicePage', () => {
  it('shows the service-centre menu and the first leaf’s list', async () => {
    renderAt('/service');
    expect(await screen.findByTestId('service-menu-registerGuide')).toHaveTextContent('注册指南');
    const menu = screen.getByTestId('service-menu');
    expect(within(menu).getByText('常见问题')).toBeInTheDocument();
    expect(within(menu).getByText('投诉建议')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(cmsCalls.catalogTree, { code: 'serviceCenter' });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(cmsCalls.contentPage, {
        catalogId: '6',
        pageParameter: { pageNum: 1, pageSize: 10 },
      }),
    );
    expect(await screen.findByText('暂无内容')).toBeInTheDocument();
  });

  it('opens the catalogue the footer names (code, activeKey, catalogId) and an article from its list', async () => {
    const router = renderAt('/service?code=serviceCenter&activeKey=faq&catalogId=7');
    const item = await screen.findByText('忘记登录密码怎么办？');
    await userEvent.click(item);
    expect(query(router)).toEqual({ code: 'serviceCenter', activeKey: 'faq', id: '21' });
    expect(await screen.findByTestId('article-title')).toHaveTextContent('忘记登录密码怎么办？');
    expect(screen.getByTestId('article-next')).toHaveTextContent('下一篇：如何查询仓库入库预约进度？');
    await userEvent.click(screen.getByTestId('back-to-list'));
    expect(await screen.findByText('如何查询仓库入库预约进度？')).toBeInTheDocument();
  });

  it('?id= opens an article (联系我们) and selects its catalogue; the server HTML is rendered', async () => {
    renderAt('/service?id=30');
    const body = await screen.findByTestId('article-body');
    expect(body.querySelector('h3')).toHaveTextContent('总部');
    expect(body).toHaveTextContent('400-009-6618');
    await waitFor(() => expect(screen.getByTestId('service-menu-contactUs').className).toContain('selected'));
  });

  it('a CONTENT_LINK entry opens its content; 投诉建议 shows the form', async () => {
    const router = renderAt('/service');
    await userEvent.click(await screen.findByText('联系我们'));
    expect(query(router)).toMatchObject({ activeKey: 'contactUs', id: '30' });
    expect(await screen.findByTestId('article-title')).toHaveTextContent('联系我们');
    await userEvent.click(screen.getByText('投诉建议'));
    expect(query(router)).toMatchObject({ activeKey: 'complaint' });
    expect(await screen.findByTestId('complaint-form')).toBeInTheDocument();
  });

  it('a withdrawn or unknown article is a page saying so in plain words, with a way back, no record number', async () => {
    renderAt('/service?id=999');
    const gone = await screen.findByTestId('article-gone');
    expect(gone).toHaveTextContent('文章不存在或已撤回');
    expect(gone).toHaveTextContent('您访问的文章可能已被撤回或删除');
    expect(within(gone).getByRole('link', { name: '返回服务中心' })).toHaveAttribute('href', '/service');
    expect(screen.getByTestId('service-page')).not.toHaveTextContent('999');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a link with ids and codes the server would refuse shows the default menu and says so once', async () => {
    const warning = vi.spyOn(Message, 'warning').mockImplementation((() => {}) as never);
    const router = renderAt('/service?id=abc&catalogId=-1&code=%3Cx%3E&pageNum=0');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(cmsCalls.catalogTree, expect.objectContaining({ code: 'serviceCenter' })),
    );
    expect(post).not.toHaveBeenCalledWith(cmsCalls.contentDetail, expect.anything());
    expect(warning).toHaveBeenCalledWith({ id: 'cotton-invalid-url', content: '链接参数无效，已恢复默认' });
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('ComplaintForm', () => {
  async function fill(values: Record<string, string>) {
    for (const [field, value] of Object.entries(values)) {
      fireEvent.change(screen.getByTestId(`complaint-${field}`), { target: { value } });
    }
  }

  it('stops a bad phone in the browser, sends a good complaint, and shows the server’s refusal', async () => {
    renderAt('/service?activeKey=complaint');
    await screen.findByTestId('complaint-form');
    await fill({ name: '王建国', phone: '12345', content: '建议仓库查询页面增加按城市筛选。' });
    fireEvent.click(screen.getByTestId('complaint-submit'));
    expect(await screen.findByText('请输入正确的手机号码或固定电话（如 0991-1234567）')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalledWith(complainCalls.add, expect.anything());

    await fill({ phone: '0991-2817766', email: 'wang@' });
    fireEvent.click(screen.getByTestId('complaint-submit'));
    expect(await screen.findByText('请输入正确格式的邮箱')).toBeInTheDocument();

    await fill({ email: '' });
    fireEvent.click(screen.getByTestId('complaint-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(complainCalls.add, {
        name: '王建国',
        phone: '0991-2817766',
        complaintType: 'SUGGESTION',
        content: '建议仓库查询页面增加按城市筛选。',
      }),
    );
    const success = await screen.findByTestId('complaint-success');
    expect(toastSuccess).toHaveBeenCalledWith('提交成功，感谢您的反馈');
    // Its close button is named for a screen reader (Arco's holds only an icon).
    expect(within(success).getByRole('button', { name: '关闭' })).toBeInTheDocument();

    post.mockImplementationOnce(async () => {
      const { ApiError } = await import('@cotton/sdk');
      throw new ApiError('429', '请求过于频繁，请稍后再试');
    });
    await fill({ name: '王建国', phone: '13912345678', content: '第二条建议：增加导出功能。' });
    fireEvent.click(screen.getByTestId('complaint-submit'));
    expect(await screen.findByTestId('complaint-error')).toHaveTextContent('请求过于频繁，请稍后再试');
  }, 20_000);
});
