import type { SweepCase, SweepKit } from '../kit';

/** 银行管理: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '银行管理',
    menu: ['系统管理', '银行管理'],
    url: /\/system\/bank$/,
    testId: 'bank-list',
    async seed(send) {
      await send('/rest/bank/addBank', {
        code: `97${u}1`,
        name: `清单银行甲${u}`,
        sort: 90,
        status: '1',
        accountBank: true,
      });
      await send('/rest/bank/addBank', {
        code: `97${u}2`,
        name: `清单银行乙${u}`,
        sort: 91,
        status: '2',
        accountBank: false,
      });
      return {};
    },
    detail: { row: `清单银行甲${u}`, key: 'code', shows: `97${u}1` },
    filters: [{ placeholder: '请输入银行名称', value: `清单银行` }],
    key: '银行代码',
    filtered: { header: '银行名称', matches: contains('清单银行'), includes: [`97${u}1`, `97${u}2`] },
    tick: `97${u}2`,
    file: '银行.xlsx',
    exports: '/rest/bank/exportXls',
    headers: ['银行代码', '银行名称', '排序', '状态', '结算账户开户行', '创建时间'],
    row: { 银行代码: `97${u}2`, 银行名称: `清单银行乙${u}`, 状态: '停用', 结算账户开户行: '否' },
    fresh: ['创建时间'],
  };
}
