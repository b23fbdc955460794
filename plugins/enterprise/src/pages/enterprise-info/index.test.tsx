import { request } from '@cotton/sdk';
import type { EnterpriseInfoView } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enterpriseCalls } from '@cotton/sdk/calls';
import { ENTERPRISE_CHANGE_PATH } from '../../api';
import { EnterpriseInfo } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

function view(overrides: Partial<EnterpriseInfoView> = {}): EnterpriseInfoView {
  return {
    enterpriseCode: 'M000005',
    enterpriseName: '新疆天山棉业有限公司',
    uniformCreditCode: '91650102MA78C4QN3X',
    registered: true,
    accountTypeNames: '棉花交易商',
    approvedAt: '2026-02-16T08:00:00+08:00',
    sections: [
      {
        title: '企业信息',
        fields: [
          { label: '企业名称', value: '新疆天山棉业有限公司' },
          { label: '企业类型', value: '轧花企业' },
          { label: '注册资本（万元）', value: '' },
        ],
        files: [
          {
            label: '营业执照复印件',
            files: [
              {
                fileId: 'f1',
                fileName: '营业执照.png',
                fileType: 'png',
                fileSize: 2048,
                previewUrl: '/file/preview/f1?exp=1&sig=a',
              },
            ],
          },
        ],
      },
      { title: '电子签章', fields: [{ label: '是否申请电子签章', value: '否' }], files: [] },
    ],
    change: null,
    ...overrides,
  };
}

const CHANGE = {
  id: '9',
  status: '3' as const,
  statusName: '退回修改',
  round: 1,
  traderName: '新疆天山棉业集团有限公司',
  uniformCreditCode: '91650102MA78C4QN3X',
  createTime: '2026-11-20T01:00:00Z',
  submitTime: '2026-11-20T01:00:00Z',
  reviews: [
    {
      round: 1,
      decision: '3',
      decisionName: '退回修改',
      reason: '营业执照复印件须加盖公章',
      reviewedAt: '2026-11-20T03:00:00Z',
    },
  ],
  changes: [
    { section: '企业信息', label: '企业名称', before: '新疆天山棉业有限公司', after: '新疆天山棉业集团有限公司' },
  ],
};

const user = userEvent.setup({ pointerEventsCheck: 0 });

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/enterprise/info']}>
      <Routes>
        <Route path="/enterprise/info" element={<EnterpriseInfo />} />
        <Route path={ENTERPRISE_CHANGE_PATH} element={<div data-testid="change-form" />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  post.mockReset();
  setSession({ token: 't', permissions: ['enterprise:info:view', 'enterprise:info:change'] });
});
afterEach(() => {
  clearSession();
});

describe('EnterpriseInfo', { timeout: 20_000 }, () => {
  it('shows every section as registered, values as shown, files with previews, and opens 变更申请', async () => {
    post.mockResolvedValue(view());
    renderPage();
    const head = await screen.findByTestId('enterprise-info-head');
    expect(within(head).getByText('M000005')).toBeInTheDocument();
    expect(within(head).getByText('棉花交易商')).toBeInTheDocument();
    const [trader, key] = screen.getAllByTestId('enterprise-info-section');
    expect(within(trader).getByText('轧花企业')).toBeInTheDocument();
    expect(within(trader).getByText('--')).toBeInTheDocument();
    expect(within(trader).getByAltText('营业执照.png')).toHaveAttribute('src', '/file/preview/f1?exp=1&sig=a');
    expect(within(key).getByText('否')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(enterpriseCalls.info, {});
    expect(screen.queryByTestId('enterprise-change-state')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('enterprise-info-change'));
    expect(await screen.findByTestId('change-form')).toBeInTheDocument();
  });

  it('shows a returned change request with what it changes and why, and offers to correct it', async () => {
    post.mockResolvedValue(view({ change: CHANGE }));
    renderPage();
    const state = await screen.findByTestId('enterprise-change-state');
    expect(within(state).getByTestId('enterprise-change-status')).toHaveTextContent('退回修改');
    expect(within(state).getByText('营业执照复印件须加盖公章')).toBeInTheDocument();
    const changes = within(state).getByTestId('enterprise-change-changes');
    expect(within(changes).getByText('新疆天山棉业集团有限公司')).toBeInTheDocument();
    expect(screen.getByTestId('enterprise-info-change')).toHaveTextContent('修改变更申请');
  });

  it('does not offer 变更申请 while one waits for review', async () => {
    post.mockResolvedValue(view({ change: { ...CHANGE, status: '0', statusName: '待审核', reviews: [] } }));
    renderPage();
    expect(await screen.findByTestId('enterprise-info-change')).toBeDisabled();
    expect(screen.getByText(/正在等待中心审核/)).toBeInTheDocument();
  });

  it('does not offer 变更申请 without its permission', async () => {
    setSession({ token: 't', permissions: ['enterprise:info:view'] });
    post.mockResolvedValue(view());
    renderPage();
    await screen.findByTestId('enterprise-info-head');
    expect(screen.queryByTestId('enterprise-info-change')).not.toBeInTheDocument();
  });

  it('tells an enterprise without a registration (the centre’s own) so, without a crash', async () => {
    post.mockResolvedValue(
      view({ enterpriseCode: 'CNCE', enterpriseName: '中国棉花交易市场', registered: false, sections: [] }),
    );
    renderPage();
    expect(await screen.findByTestId('enterprise-info-unregistered')).toHaveTextContent(
      '「中国棉花交易市场」（业务代码 CNCE）不是通过企业注册开通的',
    );
    expect(screen.queryByTestId('enterprise-info-change')).not.toBeInTheDocument();
  });
});
