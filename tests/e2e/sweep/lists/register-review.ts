import type { SweepCase, SweepKit } from '../kit';

/** 注册审核: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(_u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '注册审核',
    menu: ['系统管理', '注册审核'],
    url: /\/system\/register$/,
    testId: 'register-review-list',
    // 查看 is its 详情: the application whole (sections, files, history).
    detail: { row: '河南豫丰纺织股份有限公司', button: '查看', shows: '91410100MA44R8TN3W' },
    filters: [{ placeholder: '请输入企业名称', value: '纺织' }],
    key: '企业名称',
    filtered: { header: '企业名称', matches: contains('纺织'), includes: ['河南豫丰纺织股份有限公司'] },
    tick: '河南豫丰纺织股份有限公司',
    file: '注册审核.xlsx',
    exports: '/rest/registerReview/exportXls',
    headers: ['类型', '企业名称', '统一社会信用代码', '账户类型', '所属服务区域', '状态', '轮次', '提交时间'],
    row: { 类型: '注册申请', 企业名称: '河南豫丰纺织股份有限公司', 统一社会信用代码: '91410100MA44R8TN3W' },
  };
}
