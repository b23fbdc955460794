import type { SweepCase, SweepKit } from '../kit';

/** 区域管理: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(_u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '区域管理',
    menu: ['系统管理', '区域管理'],
    url: /\/system\/region$/,
    testId: 'region-list',
    detail: { row: '河北省', key: 'code', shows: '130000' },
    filters: [{ placeholder: '请输入区域名称', value: '河' }],
    key: '区域代码',
    filtered: { header: '区域名称', matches: contains('河'), includes: ['130000', '410000'] },
    tick: '河南省',
    file: '区域.xlsx',
    exports: '/rest/region/exportXls',
    headers: ['区域代码', '区域名称', '上级区域代码', '级别', '排序', '状态', '下级区域数'],
    row: { 区域代码: '410000', 区域名称: '河南省', 级别: '省级' },
  };
}
