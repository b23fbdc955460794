import type { SweepCase, SweepKit } from '../kit';

/** 投诉建议: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { withRequest, sender, contains } = kit;
  return {
    list: '投诉建议',
    menu: ['内容管理', '投诉建议'],
    url: /\/cms\/complain$/,
    testId: 'complaint-inbox',
    // Sent as a visitor sends them (five an address in ten minutes: two here).
    async seed() {
      await withRequest(async (visitor) => {
        const anonymous = sender(visitor, null);
        await anonymous('/rest/complain/addComplain', {
          name: `清单甲${u}`,
          phone: `136${u}01`,
          complaintType: 'SUGGESTION',
          content: '清单核对：建议列表增加导出功能',
        });
        await anonymous('/rest/complain/addComplain', {
          name: `清单乙${u}`,
          phone: `136${u}02`,
          complaintType: 'CONSULT',
          content: '清单核对：咨询仓单交割流程',
        });
      });
      return {};
    },
    detail: { row: `清单甲${u}`, button: '查看', shows: '清单核对：建议列表增加导出功能' },
    filters: [{ placeholder: '请输入联系电话', value: `136${u}` }],
    key: '联系电话',
    filtered: { header: '联系电话', matches: contains(`136${u}`), includes: [`136${u}01`, `136${u}02`] },
    tick: `136${u}02`,
    file: '投诉建议.xlsx',
    exports: '/rest/cmsAdmin/exportComplain',
    headers: ['姓名', '联系电话', '邮箱', '类型', '内容', '处理状态', '答复', '处理人', '处理时间', '提交时间'],
    row: {
      姓名: `清单乙${u}`,
      联系电话: `136${u}02`,
      类型: '咨询',
      内容: '清单核对：咨询仓单交割流程',
      处理状态: '待处理',
    },
    fresh: ['提交时间'],
  };
}
