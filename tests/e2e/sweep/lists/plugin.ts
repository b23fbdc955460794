import type { SweepCase, SweepKit } from '../kit';

/** 插件管理: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(_u: string, _kit: SweepKit): SweepCase {
  return {
    list: '插件管理',
    menu: ['系统管理', '插件管理'],
    url: /\/system\/plugin$/,
    testId: 'plugin-list',
    detail: { row: 'basedata', shows: 'DictList' },
    filters: [{ select: '来源', option: '内置' }],
    key: '插件标识',
    filtered: { header: '来源', matches: (value) => value === '内置', includes: ['account', 'basedata'] },
    tick: 'basedata',
    file: '插件列表.xlsx',
    exports: '/rest/plugin/exportXls',
    headers: ['插件标识', '名称', '当前版本', '来源', '状态', '组件', '签名', '版本数', '更新时间'],
    row: { 插件标识: 'basedata', 来源: '内置', 组件: 'DictList、RegionList、BankList' },
  };
}
