import type { SweepCase, SweepKit } from '../kit';

/** 短信模板: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '短信模板',
    menu: ['系统管理', '短信模板'],
    url: /\/system\/sms-template$/,
    testId: 'template-list',
    async seed(send) {
      await send('/rest/templateService/addTemplate', {
        code: `SWEEP_${u}_A`,
        name: `清单模板甲${u}`,
        content: '您好 ${name}',
        variables: ['name'],
        enabled: true,
      });
      await send('/rest/templateService/addTemplate', {
        code: `SWEEP_${u}_B`,
        name: `清单模板乙${u}`,
        content: '清单核对',
        variables: [],
        enabled: false,
      });
      return {};
    },
    detail: { row: `SWEEP_${u}_A`, key: 'content', shows: '您好 ${name}' },
    filters: [{ placeholder: '请输入模板编码', value: `SWEEP_${u}` }],
    key: '模板编码',
    filtered: { header: '模板编码', matches: contains(`SWEEP_${u}`), includes: [`SWEEP_${u}_A`, `SWEEP_${u}_B`] },
    tick: `SWEEP_${u}_A`,
    file: '短信模板.xlsx',
    exports: '/rest/templateService/exportTemplateXls',
    headers: ['模板编码', '模板名称', '模板内容', '变量', '状态', '系统模板', '创建时间'],
    row: { 模板编码: `SWEEP_${u}_A`, 模板内容: '您好 ${name}', 变量: 'name', 状态: '启用', 系统模板: '否' },
    fresh: ['创建时间'],
  };
}
