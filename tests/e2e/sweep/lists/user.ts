import type { SweepCase, SweepKit } from '../kit';

/** 用户管理: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '用户管理',
    menu: ['系统管理', '用户管理'],
    url: /\/system\/user$/,
    testId: 'user-list',
    async seed(send) {
      for (const [suffix, name] of [
        ['a', '甲'],
        ['b', '乙'],
      ])
        await send('/rest/user/AddUser', {
          loginName: `sweep${u}${suffix}`,
          realname: `清单${name}${u}`,
          password: 'Sweep@2026',
          phone: `139${u}0${suffix === 'a' ? 1 : 2}`,
          roleIds: [],
        });
      return {};
    },
    detail: { row: `sweep${u}a`, key: 'realname', shows: `清单甲${u}` },
    filters: [{ placeholder: '请输入登录名', value: `sweep${u}` }],
    key: '登录名',
    filtered: { header: '登录名', matches: contains(`sweep${u}`), includes: [`sweep${u}a`, `sweep${u}b`] },
    tick: `sweep${u}b`,
    file: '用户列表.xlsx',
    exports: '/rest/user/exportXls',
    headers: ['登录名', '姓名', '手机号码', '邮箱', '所属企业', '所属机构', '岗位', '角色', '状态', '创建时间'],
    row: { 登录名: `sweep${u}b`, 姓名: `清单乙${u}`, 手机号码: `139${u}02`, 状态: '正常' },
    fresh: ['创建时间'],
  };
}
