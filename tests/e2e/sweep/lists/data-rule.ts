import type { SweepCase, SweepKit } from '../kit';

/** 数据权限: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '数据权限',
    menu: ['系统管理', '数据权限'],
    url: /\/system\/data-rule$/,
    testId: 'data-rule-list',
    async seed(send) {
      const { menus } = await send<{ menus: Array<{ id: string; name: string }> }>(
        '/rest/datapermission/getDataRuleOptions',
      );
      const menuId = menus.find((menu) => menu.name === '登录日志')!.id;
      // No roles: rules that hold for nobody.
      await send('/rest/datapermission/addDataRule', { menuId, name: `清单规则甲${u}`, scope: 'self', roleIds: [] });
      await send('/rest/datapermission/addDataRule', { menuId, name: `清单规则乙${u}`, scope: 'org', roleIds: [] });
      return {};
    },
    detail: { row: `清单规则甲${u}`, key: 'scope', shows: '仅本人' },
    filters: [{ placeholder: '请输入规则名称', value: `清单规则` }],
    key: '规则名称',
    filtered: {
      header: '规则名称',
      matches: contains('清单规则'),
      includes: [`清单规则甲${u}`, `清单规则乙${u}`],
    },
    tick: `清单规则乙${u}`,
    file: '数据权限.xlsx',
    exports: '/rest/datapermission/exportXls',
    headers: ['菜单', '规则名称', '数据范围', '角色', '创建时间'],
    row: { 菜单: '登录日志', 规则名称: `清单规则乙${u}`, 数据范围: '本机构' },
    fresh: ['创建时间'],
  };
}
