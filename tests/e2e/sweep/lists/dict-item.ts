import type { SweepCase, SweepKit } from '../kit';

/** 数据字典 › 字典项: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '数据字典 › 字典项',
    menu: ['系统管理', '数据字典'],
    url: /\/system\/dict$/,
    testId: 'dict-list',
    async seed(send) {
      const categoryCode = `SWEEP_${u}_I`;
      await send('/rest/dict/addDict', { code: categoryCode, name: `清单字典项${u}` });
      await send('/rest/dictItem/addDictItem', {
        categoryCode,
        itemCode: 'a1',
        itemValue: '清单项甲',
        sort: 1,
        status: '1',
      });
      await send('/rest/dictItem/addDictItem', {
        categoryCode,
        itemCode: 'b2',
        itemValue: '清单项乙',
        sort: 2,
        status: '2',
      });
      await send('/rest/dictItem/addDictItem', {
        categoryCode,
        itemCode: 'c3',
        itemValue: '其他项',
        sort: 3,
        status: '1',
      });
      return { categoryCode };
    },
    async open(page, dicts, { categoryCode }) {
      await dicts.getByPlaceholder('请输入字典编码').fill(categoryCode);
      await dicts.getByTestId('list-search-form').getByRole('button', { name: '查询', exact: true }).click();
      await dicts.getByTestId(`dict-items-${categoryCode}`).click();
      return page.getByTestId('dict-items');
    },
    detail: { row: '清单项乙', key: 'status', shows: '停用' },
    filters: [{ placeholder: '请输入字典项名称', value: '清单项' }],
    key: '字典项编码',
    filtered: { header: '字典项名称', matches: contains('清单项'), includes: ['a1', 'b2'] },
    tick: 'b2',
    file: `字典项-SWEEP_${u}_I.xlsx`,
    exports: '/rest/dictItem/exportXls',
    headers: ['字典编码', '字典项编码', '字典项名称'],
    row: { 字典编码: `SWEEP_${u}_I`, 字典项编码: 'b2', 字典项名称: '清单项乙', 状态: '停用' },
  };
}
