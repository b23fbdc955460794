import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@cotton/sdk';
import { registerCalls } from '@cotton/sdk/calls';
import { AgreementPage, paragraphsOf } from './index';

const post = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/register/agreement/:code', element: <AgreementPage /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (call: unknown, body: { code: string }) => {
    if (call !== registerCalls.agreement) throw new Error('unexpected call');
    if (body.code === 'register') {
      return {
        code: 'register',
        title: '交易商注册协议',
        content:
          '第一条 为规范交易商注册行为，制定本协议。\n\n第二条 申请人应如实填写注册信息。\n第二条第二款。\n\n\n第三条 本协议自提交之日起生效。',
      };
    }
    const { ApiError } = await import('@cotton/sdk');
    throw new ApiError('404', `协议不存在：${body.code}`);
  });
});

describe('AgreementPage', () => {
  it('shows the agreement’s title and its paragraphs', async () => {
    renderAt('/register/agreement/register');
    expect(await screen.findByTestId('agreement-title')).toHaveTextContent('交易商注册协议');
    expect(post).toHaveBeenCalledWith(registerCalls.agreement, { code: 'register' });
    const paragraphs = screen.getByTestId('agreement-content').querySelectorAll('p');
    expect([...paragraphs].map((p) => p.textContent)).toEqual([
      '第一条 为规范交易商注册行为，制定本协议。',
      '第二条 申请人应如实填写注册信息。\n第二条第二款。',
      '第三条 本协议自提交之日起生效。',
    ]);
  });

  it('shows the server’s message for an unknown agreement', async () => {
    renderAt('/register/agreement/unknown');
    expect(await screen.findByText('协议不存在：unknown')).toBeInTheDocument();
  });

  it('splits plain text on blank lines', () => {
    expect(paragraphsOf('甲\r\n\r\n乙\n  \n丙\n')).toEqual(['甲', '乙', '丙']);
  });
});
