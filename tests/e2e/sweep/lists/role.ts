import type { SweepCase, SweepKit } from '../kit';

/** 角色管理: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '角色管理',
    menu: ['系统管理', '角色管理'],
    url: /\/system\/role$/,
    testId: 'role-list',
    async seed(send) {
      await send('/rest/role/addRole', { code: `sweep_${u}_a`, name: `清单角色甲${u}`, description: '清单核对' });
      await send('/rest/role/addRole', { code: `sweep_${u}_b`, name: `清单角色乙${u}`, enterpriseGrantable: true });
      return {};
    },
    detail: { row: `sweep_${u}_a`, key: 'description', shows: '清单核对' },
    filters: [{ placeholder: '请输入角色编码', value: `sweep_${u}` }],
    key: '角色编码',
    filtered: { header: '角色编码', matches: contains(`sweep_${u}`), includes: [`sweep_${u}_a`, `sweep_${u}_b`] },
    tick: `sweep_${u}_b`,
    file: '角色列表.xlsx',
    exports: '/rest/role/exportXls',
    headers: ['角色编码', '角色名称', '描述', '用户数', '授予范围', '创建时间'],
    row: { 角色编码: `sweep_${u}_b`, 角色名称: `清单角色乙${u}`, 用户数: '0', 授予范围: '企业可授予' },
    fresh: ['创建时间'],
  };
}
