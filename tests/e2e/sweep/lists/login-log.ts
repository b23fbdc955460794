import type { SweepCase, SweepKit } from '../kit';

/** 登录日志: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { operator } = kit;
  return {
    list: '登录日志',
    menu: ['系统管理', '登录日志'],
    url: /\/system\/log\/login$/,
    testId: 'login-log',
    async seed(send) {
      return operator(send, async () => undefined);
    },
    detail: { row: `CNCE/sweep${u}op`, shows: '账号密码' },
    filters: [{ placeholder: '请输入登录账号', value: `sweep${u}op` }],
    key: '登录账号',
    filtered: { header: '用户', matches: (value) => value === `sweep${u}op`, includes: [`CNCE/sweep${u}op`] },
    tick: `CNCE/sweep${u}op`,
    file: '登录日志.xlsx',
    exports: '/rest/log/exportLoginLog',
    headers: ['登录账号', '用户', '登录方式', '结果', '失败原因', 'IP 地址', '客户端', '时间'],
    row: { 登录账号: `CNCE/sweep${u}op`, 用户: `sweep${u}op`, 登录方式: '账号密码', 结果: '成功' },
    fresh: ['时间'],
  };
}
