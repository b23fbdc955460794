import { ApiError, request } from '@cotton/sdk';
import { clearSession, setSession } from '@cotton/sdk/host';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { regionCalls, registerReviewCalls } from '@cotton/sdk/calls';
import { registerApplyDetail, registerApplyPage, registerApplyRow } from '../../test/fixtures';
import { RegisterReviewList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);
const download = vi.fn();
vi.spyOn(request, 'download').mockImplementation(download);

const ROWS = [
  registerApplyRow(),
  registerApplyRow({
    id: '102',
    traderName: '河南中原纺织有限公司',
    uniformCreditCode: '91410100MA44YYYY2P',
    accountTypeNames: '纱线交易商',
    serviceAreaCode: 'ZZ',
    serviceAreaName: '郑州办事处',
    status: '1',
    createTime: '2026-11-19T18:05:00Z',
  }),
  registerApplyRow({ id: '103', traderName: '阿克苏棉麻有限公司', status: '2', serviceAreaName: '阿克苏办事处' }),
  registerApplyRow({
    id: '104',
    traderName: '库尔勒物流有限公司',
    status: '3',
    round: 2,
    serviceAreaName: '库尔勒办事处',
  }),
];

const OFFICES = {
  regionGroups: [
    { code: 'WLMQ', value: '乌鲁木齐办事处' },
    { code: 'KEL', value: '库尔勒办事处' },
    { code: 'AKS', value: '阿克苏办事处' },
    { code: 'KS', value: '喀什办事处' },
    { code: 'ZZ', value: '郑州办事处' },
    { code: 'QD', value: '青岛办事处' },
  ],
};

const CONFLICT = '该申请已由其他审核人处理，请刷新后查看';

type Handler = (url: unknown, body: unknown) => unknown;

/** The server: the list (25 applications), the offices, the detail; `extra` answers first. */
function serve(extra: Handler = () => undefined, detail = registerApplyDetail()) {
  post.mockImplementation(async (url: unknown, body: unknown) => {
    const answer = extra(url, body);
    if (answer !== undefined) return answer;
    if (url === registerReviewCalls.page) return registerApplyPage(ROWS, 25);
    if (url === regionCalls.groups) return OFFICES;
    if (url === registerReviewCalls.detail) return detail;
    return null;
  });
}

const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

async function renderList() {
  render(<RegisterReviewList />);
  await screen.findByText('河南中原纺织有限公司');
}

async function openDrawer(id = '101') {
  await user.click(screen.getByTestId(`register-review-view-${id}`));
  const drawer = await screen.findByTestId('register-review-drawer');
  await within(drawer).findByTestId('register-review-summary');
  return within(drawer);
}

/** The texts of the options of the select popup opened last. */
async function openOptions(): Promise<string[]> {
  await screen.findAllByRole('option');
  const popups = document.querySelectorAll<HTMLElement>('.arco-select-popup');
  return within(popups[popups.length - 1])
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

beforeEach(() => {
  post.mockReset();
  download.mockReset();
  download.mockResolvedValue(undefined);
  serve();
  setSession({ token: 't', permissions: ['register:review'] });
});

afterEach(() => {
  clearSession();
});

describe('RegisterReviewList', () => {
  it('offers 导出 only with its code, and exports the query as 注册审核.xlsx', async () => {
    await renderList();
    expect(screen.queryByTestId('list-export')).toBeNull();
    cleanup();
    setSession({ token: 't', permissions: ['register:review', 'register:review:export'] });
    await renderList();
    await user.click(screen.getByTestId('list-export'));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [call, body, filename] = download.mock.calls[0] as [unknown, unknown, string];
    expect(call).toBe(registerReviewCalls.export);
    expect(body).toMatchObject({ sort: { field: 'createTime', order: 'desc' } });
    expect(filename).toBe('注册审核.xlsx');
  });

  it('lists every application, newest first, with its status as a coloured tag and China time', async () => {
    await renderList();
    expect(bodiesOf(registerReviewCalls.page)).toEqual([
      { filters: {}, sort: { field: 'createTime', order: 'desc' }, pageNum: 1, pageSize: 10 },
    ]);
    const table = within(screen.getByTestId('register-review-list'));
    for (const title of [
      '企业名称',
      '统一社会信用代码',
      '账户类型',
      '所属服务区域',
      '状态',
      '轮次',
      '提交时间（北京时间）',
      '操作',
    ]) {
      expect(table.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(table.getByText('91410100MA44YYYY2P')).toBeInTheDocument();
    expect(table.getByText('郑州办事处')).toBeInTheDocument();
    // 01:15 UTC is 09:15 in China; 18:05 UTC is past midnight there.
    expect(table.getAllByText('2026-11-20 09:15')).toHaveLength(3);
    expect(table.getByText('2026-11-20 02:05')).toBeInTheDocument();
    const body = document.querySelector<HTMLElement>('.arco-table-body')!;
    const tags = Array.from(body.querySelectorAll<HTMLElement>('.arco-tag[data-status]'));
    expect(tags.map((tag) => tag.textContent)).toEqual(['待审核', '审核通过', '审核驳回', '退回修改']);
    expect(tags.map((tag) => tag.className.match(/arco-tag-(arcoblue|green|red|orange)/)?.[1])).toEqual([
      'arcoblue',
      'green',
      'red',
      'orange',
    ]);
    // 审核 only where a decision waits; 查看 everywhere; nothing to add, delete, import or export.
    expect(screen.getByTestId('register-review-audit-101')).toHaveTextContent('审核');
    expect(screen.queryByTestId('register-review-audit-102')).not.toBeInTheDocument();
    expect(screen.queryByTestId('register-review-audit-104')).not.toBeInTheDocument();
    expect(screen.getByTestId('register-review-view-104')).toHaveTextContent('查看');
    const toolbar = within(screen.getByTestId('list-toolbar'));
    for (const name of [/新\s*增/, /导\s*出/, /导\s*入/, /批量删除/]) {
      expect(toolbar.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
  });

  it('filters as the server expects: 待审核 in one click, name and code, an office from the server', async () => {
    await renderList();
    expect(bodiesOf(regionCalls.groups)).toEqual([{ code: 'office' }]);
    const status = within(screen.getByTestId('register-review-status'));
    expect(status.getByRole('radio', { name: '全部' })).toBeChecked();
    await user.click(status.getByText('待审核'));
    await waitFor(() =>
      expect(bodiesOf(registerReviewCalls.page).at(-1)).toEqual({
        filters: { status: '0' },
        sort: { field: 'createTime', order: 'desc' },
        pageNum: 1,
        pageSize: 10,
      }),
    );

    const form = within(screen.getByTestId('list-search-form'));
    await user.type(form.getByPlaceholderText('请输入企业名称'), ' 天山 ');
    await user.type(form.getByPlaceholderText('请输入统一社会信用代码'), '9165');
    await user.click(form.getAllByText('请选择所属服务区域')[0]);
    // The server's offices, without 青岛 (it takes no registrations).
    expect(await openOptions()).toEqual(['乌鲁木齐办事处', '库尔勒办事处', '阿克苏办事处', '喀什办事处', '郑州办事处']);
    await user.click(screen.getAllByRole('option', { name: '库尔勒办事处' }).at(-1)!);
    await user.click(form.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(bodiesOf(registerReviewCalls.page).at(-1)).toMatchObject({
        filters: { traderName: '天山', uniformCreditCode: '9165', serviceAreaCode: 'KEL', status: '0' },
        pageNum: 1,
      }),
    );

    // 全部 again keeps the search form's filters; 重置 clears everything.
    await user.click(status.getByText('全部'));
    await waitFor(() =>
      expect(bodiesOf(registerReviewCalls.page).at(-1)).toMatchObject({
        filters: { traderName: '天山', uniformCreditCode: '9165', serviceAreaCode: 'KEL' },
      }),
    );
    await user.click(status.getByText('退回修改'));
    await waitFor(() => expect(bodiesOf(registerReviewCalls.page).at(-1)).toMatchObject({ filters: { status: '3' } }));
    await user.click(form.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(bodiesOf(registerReviewCalls.page).at(-1)).toMatchObject({ filters: {} }));
    expect(status.getByRole('radio', { name: '全部' })).toBeChecked();
  });

  it(
    'super-queries the office by its name and sends its code, as the server filters',
    { timeout: 20_000 },
    async () => {
      await renderList();
      await user.click(screen.getByRole('button', { name: /高级查询/ }));
      const panel = within(await screen.findByTestId('list-super-query'));
      await user.click(panel.getAllByRole('combobox')[0]!);
      await user.click((await screen.findAllByRole('option', { name: '所属服务区域' })).at(-1)!);
      await user.click(panel.getAllByRole('combobox')[1]!);
      await user.click((await screen.findAllByRole('option', { name: '等于' })).at(-1)!);
      await user.click(panel.getAllByRole('combobox')[2]!);
      await user.click((await screen.findAllByRole('option', { name: '郑州办事处' })).at(-1)!);
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /查\s*询/ }));
      await waitFor(() =>
        expect(bodiesOf(registerReviewCalls.page).at(-1)).toMatchObject({
          superQueryParams: [{ field: 'serviceAreaCode', rule: 'eq', value: 'ZZ' }],
        }),
      );
    },
  );

  it('sorts by the enterprise name on the server', async () => {
    await renderList();
    const header = screen.getAllByText('企业名称').find((node) => node.closest('.arco-table-th'))!;
    await user.click(header);
    await waitFor(() =>
      expect(bodiesOf(registerReviewCalls.page).at(-1)).toMatchObject({ sort: { field: 'traderName', order: 'asc' } }),
    );
  });

  it('offers the five offices when the server cannot list them', async () => {
    serve((url) => {
      if (url === regionCalls.groups) throw new ApiError('503', '数据服务暂不可用，请稍后再试');
      return undefined;
    });
    await renderList();
    await user.click(within(screen.getByTestId('list-search-form')).getAllByText('请选择所属服务区域')[0]);
    expect(await openOptions()).toEqual(['乌鲁木齐办事处', '库尔勒办事处', '阿克苏办事处', '喀什办事处', '郑州办事处']);
  });

  it('shows the application: its head, each section with its files, and the review history', async () => {
    await renderList();
    const drawer = await openDrawer();
    expect(bodiesOf(registerReviewCalls.detail)).toEqual([{ id: '101' }]);

    const summary = within(drawer.getByTestId('register-review-summary'));
    expect(summary.getByText('新疆天山棉业有限公司')).toBeInTheDocument();
    expect(summary.getByText('91650100MA7XXXXX1K')).toBeInTheDocument();
    expect(summary.getByText('棉花交易商、纱线交易商')).toBeInTheDocument();
    expect(summary.getByText('待审核')).toBeInTheDocument();
    expect(summary.getByText('第 2 轮')).toBeInTheDocument();
    expect(summary.getByText('2026-11-20 02:05')).toBeInTheDocument();
    expect(summary.queryByText('业务代码')).not.toBeInTheDocument();

    const sections = drawer.getAllByTestId('register-review-section');
    expect(sections.map((section) => section.querySelector('h6')?.textContent)).toEqual(['企业信息', '联系人信息']);
    const first = within(sections[0]);
    expect(first.getByText('企业类型').closest('tr')).toHaveTextContent('有限责任公司');
    expect(first.getByText('注册资本（万元）').closest('tr')).toHaveTextContent('--');
    expect(within(sections[1]).getByText('13900139000')).toBeInTheDocument();

    const files = first.getAllByTestId('register-review-file');
    expect(files).toHaveLength(2);
    const image = within(files[0]).getByRole('img', { name: '营业执照.png' });
    expect(image).toHaveAttribute('src', '/file/preview/f1?exp=1&sig=a');
    expect(within(files[0]).queryByRole('link')).not.toBeInTheDocument();
    expect(files[0]).toHaveTextContent('240 KB');
    const pdf = within(files[1]).getByRole('link', { name: /资质证书\.pdf/ });
    expect(pdf).toHaveAttribute('href', '/file/preview/f2?exp=1&sig=b');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(files[1]).queryByRole('img')).not.toBeInTheDocument();
    expect(first.getByText('营业执照复印件')).toBeInTheDocument();
    expect(first.getByText('资质证书')).toBeInTheDocument();

    const history = within(drawer.getByTestId('register-review-history'));
    const row = history.getByText('营业执照复印件不清晰，请重新上传').closest('tr')!;
    expect(row).toHaveTextContent('第 1 轮');
    expect(row).toHaveTextContent('退回修改');
    expect(row).toHaveTextContent('李审核');
    expect(row).toHaveTextContent('2026-11-18 10:30');

    for (const id of ['register-review-approve', 'register-review-return', 'register-review-reject']) {
      expect(screen.getByTestId(id)).toBeInTheDocument();
    }
  });

  it('shows what a resubmission changed against the round before, and no such section in round 1', async () => {
    await renderList();
    const drawer = await openDrawer();
    const changes = within(drawer.getByTestId('register-review-changes'));
    expect(changes.getByText('本次修改（与第 1 次提交相比）')).toBeInTheDocument();
    for (const title of ['所属部分', '项目', '修改前', '修改后']) expect(changes.getByText(title)).toBeInTheDocument();
    const rows = changes
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['企业信息', '营业执照复印件', '营业执照（模糊）.png', '营业执照.png'],
      ['联系人信息', '联系人手机', '13900139001', '13900139000'],
    ]);

    await user.click(screen.getByRole('button', { name: /关\s*闭/ }));
    serve(undefined, registerApplyDetail({ round: 1, reviews: [], changes: [] }));
    const first = await openDrawer();
    await waitFor(() => expect(first.getByText('第 1 轮')).toBeInTheDocument());
    expect(first.queryByTestId('register-review-changes')).not.toBeInTheDocument();
    expect(first.queryByText(/本次修改/)).not.toBeInTheDocument();
  });

  it('opens large an image it shows as a thumbnail', async () => {
    await renderList();
    const drawer = await openDrawer();
    await user.click(drawer.getByRole('img', { name: '营业执照.png' }));
    const preview = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.arco-image-preview');
      if (!found) throw new Error('no preview');
      return found;
    });
    expect(preview.querySelector('img')).toHaveAttribute('src', '/file/preview/f1?exp=1&sig=a');
  });

  it('loads the application afresh each time it opens, and on 刷新', async () => {
    await renderList();
    await openDrawer();
    await user.click(screen.getByRole('button', { name: /关\s*闭/ }));
    await openDrawer();
    await waitFor(() => expect(bodiesOf(registerReviewCalls.detail)).toEqual([{ id: '101' }, { id: '101' }]));
    await user.click(screen.getByTestId('register-review-refresh'));
    await waitFor(() => expect(bodiesOf(registerReviewCalls.detail)).toHaveLength(3));
  });

  it('says when the application cannot be loaded, and loads it again on 重试', async () => {
    let fail = true;
    serve((url) => {
      if (url === registerReviewCalls.detail && fail) throw new ApiError('404', '注册申请不存在：101');
      return undefined;
    });
    await renderList();
    await user.click(screen.getByTestId('register-review-view-101'));
    const drawer = within(await screen.findByTestId('register-review-drawer'));
    expect(await drawer.findByText('注册申请加载失败：注册申请不存在：101')).toBeInTheDocument();
    expect(screen.queryByTestId('register-review-approve')).not.toBeInTheDocument();
    fail = false;
    await user.click(drawer.getByRole('button', { name: /重\s*试/ }));
    expect(await drawer.findByTestId('register-review-summary')).toBeInTheDocument();
  });

  it('offers no decision on an approved application, and shows its 业务代码', async () => {
    serve(
      undefined,
      registerApplyDetail({
        id: '102',
        status: '1',
        enterpriseCode: 'T00125',
        reviews: [
          {
            round: 1,
            decision: '1',
            decisionName: '审核通过',
            reason: null,
            reviewerName: '李审核',
            reviewedAt: '2026-11-20T03:00:00Z',
          },
        ],
      }),
    );
    await renderList();
    const drawer = await openDrawer('102');
    const summary = within(drawer.getByTestId('register-review-summary'));
    expect(summary.getByText('审核通过')).toBeInTheDocument();
    expect(summary.getByText('业务代码').closest('tr')).toHaveTextContent('T00125');
    expect(within(drawer.getByTestId('register-review-history')).getByText('--')).toBeInTheDocument();
    expect(screen.queryByTestId('register-review-approve')).not.toBeInTheDocument();
    expect(screen.queryByTestId('register-review-return')).not.toBeInTheDocument();
    expect(screen.queryByTestId('register-review-reject')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /关\s*闭/ })).toBeInTheDocument();
  });

  it('offers only 驳回 on a returned application, and posts the round the reviewer saw', async () => {
    let rejected = false;
    const returned = registerApplyDetail({
      id: '104',
      status: '3',
      round: 1,
      traderName: '库尔勒物流有限公司',
      changes: [],
      reviews: [
        {
          round: 1,
          decision: '3',
          decisionName: '退回修改',
          reason: '营业执照复印件不清晰，请重新上传',
          reviewerName: '李审核',
          reviewedAt: '2026-11-18T02:30:00Z',
        },
      ],
    });
    serve((url) => {
      if (url === registerReviewCalls.reject) {
        rejected = true;
        return null;
      }
      if (url === registerReviewCalls.detail) return rejected ? { ...returned, status: '2' } : returned;
      return undefined;
    });
    await renderList();
    const drawer = await openDrawer('104');
    expect(bodiesOf(registerReviewCalls.detail)).toEqual([{ id: '104' }]);
    expect(within(drawer.getByTestId('register-review-summary')).getByText('退回修改')).toBeInTheDocument();
    expect(screen.getByTestId('register-review-reject')).toHaveTextContent('驳回');
    expect(screen.queryByTestId('register-review-approve')).not.toBeInTheDocument();
    expect(screen.queryByTestId('register-review-return')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('register-review-reject'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('驳回申请')).toBeInTheDocument();
    await user.type(screen.getByTestId('register-review-reason'), '逾期未修改');
    await user.click(screen.getByTestId('register-review-confirm'));
    await waitFor(() =>
      expect(bodiesOf(registerReviewCalls.reject)).toEqual([{ id: '104', round: 1, reason: '逾期未修改' }]),
    );
    expect(bodiesOf(registerReviewCalls.return)).toEqual([]);
    expect(await screen.findByText('已驳回该注册申请')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('register-review-reason')).not.toBeInTheDocument());
    // Reloaded: a rejected application offers nothing more.
    await waitFor(() => expect(bodiesOf(registerReviewCalls.detail)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('register-review-reject')).not.toBeInTheDocument());
    await waitFor(() => expect(bodiesOf(registerReviewCalls.page)).toHaveLength(2));
  });

  it('approves after a confirmation with { id, round }: tells the 业务代码 and login name, reloads both on the same page', async () => {
    let approved = false;
    serve((url) => {
      if (url === registerReviewCalls.approve) {
        approved = true;
        return { kind: 'register', enterpriseCode: 'T00125', loginName: 'T00125admin' };
      }
      if (url === registerReviewCalls.detail && approved) {
        return registerApplyDetail({ status: '1', enterpriseCode: 'T00125' });
      }
      return undefined;
    });
    await renderList();
    // Page 2 of 3, to see the list stay there.
    const pager = Array.from(document.querySelectorAll<HTMLElement>('.arco-pagination-item'));
    await user.click(pager.find((item) => item.textContent === '2')!);
    await waitFor(() => expect(bodiesOf(registerReviewCalls.page).at(-1)).toMatchObject({ pageNum: 2 }));
    const pages = bodiesOf(registerReviewCalls.page).length;

    const drawer = await openDrawer();
    await user.click(screen.getByTestId('register-review-approve'));
    const confirm = await screen.findByText(/确定审核通过「新疆天山棉业有限公司」的注册申请吗/);
    await user.click(
      within(confirm.closest<HTMLElement>('.arco-popconfirm')!).getByRole('button', { name: /确\s*定/ }),
    );

    await waitFor(() => expect(bodiesOf(registerReviewCalls.approve)).toEqual([{ id: '101', round: 2 }]));
    expect(
      await screen.findByText(
        '审核通过。企业业务代码：T00125，管理员登录名：T00125admin，初始密码已通过短信发送至申请人手机。',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(registerReviewCalls.detail)).toHaveLength(2));
    await waitFor(() => expect(bodiesOf(registerReviewCalls.page)).toHaveLength(pages + 1));
    expect(bodiesOf(registerReviewCalls.page).at(-1)).toMatchObject({ pageNum: 2 });
    const summary = within(drawer.getByTestId('register-review-summary'));
    expect(await summary.findByText('T00125')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('register-review-approve')).not.toBeInTheDocument());
  });

  it('tells a change request apart: 类型, what it changes against the enterprise now, and its approval', async () => {
    const change = registerApplyRow({ id: '105', kind: 'change', traderName: '新疆天山棉业集团有限公司' });
    let approved = false;
    serve((url, body) => {
      if (url === registerReviewCalls.page)
        return registerApplyPage(
          (body as { filters: { kind?: string } }).filters.kind === 'change' ? [change] : [...ROWS, change],
        );
      if (url === registerReviewCalls.approve) {
        approved = true;
        return { kind: 'change', enterpriseCode: 'M000005', loginName: '' };
      }
      if (url === registerReviewCalls.detail)
        return registerApplyDetail({
          id: '105',
          kind: 'change',
          round: 1,
          status: approved ? '1' : '0',
          reviews: [],
          traderName: '新疆天山棉业集团有限公司',
          enterpriseCode: 'M000005',
          enterpriseName: '新疆天山棉业有限公司',
          changes: [
            {
              section: '企业信息',
              label: '企业名称',
              before: '新疆天山棉业有限公司',
              after: '新疆天山棉业集团有限公司',
            },
          ],
        });
      return undefined;
    });
    await renderList();
    const row = screen.getByTestId('register-review-view-105').closest('tr')!;
    expect(within(row).getByText('变更申请')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('register-review-view-101').closest('tr')!).getByText('注册申请'),
    ).toBeInTheDocument();

    const drawer = await openDrawer('105');
    expect(drawer.getByText('变更申请详情')).toBeInTheDocument();
    const summary = within(drawer.getByTestId('register-review-summary'));
    expect(summary.getByText('M000005')).toBeInTheDocument();
    expect(summary.getByText('新疆天山棉业有限公司')).toBeInTheDocument();
    const changes = within(drawer.getByTestId('register-review-changes'));
    expect(changes.getByText('变更内容（与企业当前信息相比）')).toBeInTheDocument();
    expect(changes.getByText('新疆天山棉业集团有限公司')).toBeInTheDocument();

    await user.click(screen.getByTestId('register-review-approve'));
    const confirm = await screen.findByText(/确定审核通过「新疆天山棉业集团有限公司」的企业信息变更申请吗/);
    await user.click(
      within(confirm.closest<HTMLElement>('.arco-popconfirm')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(bodiesOf(registerReviewCalls.approve)).toEqual([{ id: '105', round: 1 }]));
    expect(
      await screen.findByText('审核通过。企业（业务代码 M000005）的注册信息已按变更申请更新。'),
    ).toBeInTheDocument();
  });

  it('returns for correction only with a reason, and posts { id, round, reason }', async () => {
    await renderList();
    await openDrawer();
    await user.click(screen.getByTestId('register-review-return'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('退回修改')).toBeInTheDocument();
    expect(dialog.getByText('0/200')).toBeInTheDocument();

    await user.click(screen.getByTestId('register-review-confirm'));
    const required = await dialog.findByText('请输入退回原因');
    expect(required.closest('.arco-form-item')).toContainElement(screen.getByTestId('register-review-reason'));
    await user.type(screen.getByTestId('register-review-reason'), '   ');
    await user.click(screen.getByTestId('register-review-confirm'));
    expect(await dialog.findByText('请输入退回原因')).toBeInTheDocument();
    expect(bodiesOf(registerReviewCalls.return)).toEqual([]);

    await user.clear(screen.getByTestId('register-review-reason'));
    await user.type(screen.getByTestId('register-review-reason'), ' 请补充法定代表人身份证反面 ');
    expect(dialog.getByText('15/200')).toBeInTheDocument();
    await user.click(screen.getByTestId('register-review-confirm'));
    await waitFor(() =>
      expect(bodiesOf(registerReviewCalls.return)).toEqual([
        { id: '101', round: 2, reason: '请补充法定代表人身份证反面' },
      ]),
    );
    expect(await screen.findByText('已退回申请人修改')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('register-review-reason')).not.toBeInTheDocument());
    await waitFor(() => expect(bodiesOf(registerReviewCalls.detail)).toHaveLength(2));
    await waitFor(() => expect(bodiesOf(registerReviewCalls.page)).toHaveLength(2));
  });

  it('keeps the reason at most 200 characters', async () => {
    await renderList();
    await openDrawer();
    await user.click(screen.getByTestId('register-review-reject'));
    const reason = await screen.findByTestId('register-review-reason');
    await user.click(reason);
    await user.paste('驳'.repeat(230));
    expect((reason as HTMLTextAreaElement).value).toHaveLength(200);
    expect(within(screen.getByRole('dialog')).getByText('200/200')).toBeInTheDocument();
  });

  it('shows the server refusal of a rejection in the dialog and keeps the reason', async () => {
    serve((url) => {
      if (url === registerReviewCalls.reject) throw new ApiError('409', CONFLICT);
      return undefined;
    });
    await renderList();
    await openDrawer();
    await user.click(screen.getByTestId('register-review-reject'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('驳回申请')).toBeInTheDocument();
    await user.type(screen.getByTestId('register-review-reason'), '营业执照与企业名称不符');
    await user.click(screen.getByTestId('register-review-confirm'));
    await waitFor(() =>
      expect(bodiesOf(registerReviewCalls.reject)).toEqual([{ id: '101', round: 2, reason: '营业执照与企业名称不符' }]),
    );
    expect(await dialog.findByText(CONFLICT)).toBeInTheDocument();
    expect(screen.getByTestId('register-review-reason')).toHaveValue('营业执照与企业名称不符');
    expect(bodiesOf(registerReviewCalls.page)).toHaveLength(1);
  });

  it('shows the server refusal of an approval once, and nothing when the user was told already', async () => {
    let handled = false;
    serve((url) => {
      if (url === registerReviewCalls.approve) throw new ApiError(handled ? '510' : '409', CONFLICT, handled);
      return undefined;
    });
    await renderList();
    await openDrawer();
    const approve = async () => {
      await user.click(screen.getByTestId('register-review-approve'));
      const confirm = (await screen.findAllByText(/确定审核通过/)).at(-1)!;
      await user.click(
        within(confirm.closest<HTMLElement>('.arco-popconfirm')!).getByRole('button', { name: /确\s*定/ }),
      );
    };
    await approve();
    expect(await screen.findByText(CONFLICT)).toBeInTheDocument();
    expect(screen.getAllByText(CONFLICT)).toHaveLength(1);
    // The application stays open as it was: the reviewer reloads it when ready (刷新).
    expect(screen.getByTestId('register-review-approve')).toBeInTheDocument();
    expect(bodiesOf(registerReviewCalls.detail)).toHaveLength(1);

    handled = true;
    await approve();
    await waitFor(() => expect(bodiesOf(registerReviewCalls.approve)).toHaveLength(2));
    // Still the first message only: a handled refusal was shown by the request layer.
    expect(screen.getAllByText(CONFLICT)).toHaveLength(1);
  });

  it('offers the decisions only to holders of register:review', async () => {
    setSession({ token: 't', permissions: [] });
    await renderList();
    expect(screen.queryByTestId('register-review-audit-101')).not.toBeInTheDocument();
    await openDrawer();
    expect(screen.queryByTestId('register-review-approve')).not.toBeInTheDocument();
    expect(screen.queryByTestId('register-review-return')).not.toBeInTheDocument();
    expect(screen.queryByTestId('register-review-reject')).not.toBeInTheDocument();
  });
});
