import type { SweepCase, SweepKit } from '../kit';

/** 通知公告: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '通知公告',
    menu: ['系统管理', '通知公告'],
    url: /\/system\/notice$/,
    testId: 'notice-list',
    // Drafts: nobody's bell rings.
    async seed(send) {
      await send('/rest/noticeService/addNotice', {
        title: `清单通知甲${u}`,
        content: '清单核对的通知',
        type: '1',
        audience: 'all',
      });
      await send('/rest/noticeService/addNotice', {
        title: `清单公告乙${u}`,
        content: '清单核对的公告',
        type: '2',
        audience: 'all',
      });
      return {};
    },
    detail: { row: `清单通知甲${u}`, shows: '清单核对的通知' },
    filters: [{ placeholder: '请输入标题', value: `${u}` }],
    key: '标题',
    filtered: { header: '标题', matches: contains(u), includes: [`清单通知甲${u}`, `清单公告乙${u}`] },
    tick: `清单公告乙${u}`,
    file: '通知公告.xlsx',
    exports: '/rest/noticeService/exportNoticeXls',
    headers: ['标题', '类型', '接收范围', '状态', '发布人', '发布时间', '已读人数', '创建时间'],
    row: { 标题: `清单公告乙${u}`, 类型: '公告', 接收范围: '全部用户', 状态: '草稿' },
    fresh: ['创建时间'],
  };
}
