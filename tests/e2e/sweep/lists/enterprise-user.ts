import { TRADER, type SweepCase, type SweepKit } from '../kit';

/** 企业管理 › 用户管理: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '企业管理 › 用户管理',
    account: TRADER,
    menu: ['企业管理', '用户管理'],
    url: /\/enterprise\/user$/,
    testId: 'user-list',
    async seed(send) {
      for (const [suffix, name] of [
        ['a', '甲'],
        ['b', '乙'],
      ])
        await send('/rest/enterprise/user/AddUser', {
          loginName: `esweep${u}${suffix}`,
          realname: `企业清单${name}${u}`,
          password: 'Sweep@2026',
          roleIds: [],
        });
      return {};
    },
    detail: { row: `esweep${u}a`, key: 'realname', shows: `企业清单甲${u}` },
    filters: [{ placeholder: '请输入登录名', value: `esweep${u}` }],
    key: '登录名',
    filtered: { header: '登录名', matches: contains(`esweep${u}`), includes: [`esweep${u}a`, `esweep${u}b`] },
    tick: `esweep${u}a`,
    file: '用户列表.xlsx',
    exports: '/rest/enterprise/user/exportXls',
    // An enterprise's accounts have no organisation or posts: the list shows none, nor does the file.
    headers: ['登录名', '姓名', '手机号码', '邮箱', '角色', '状态', '创建时间'],
    row: { 登录名: `esweep${u}a`, 姓名: `企业清单甲${u}`, 状态: '正常' },
    fresh: ['创建时间'],
  };
}
