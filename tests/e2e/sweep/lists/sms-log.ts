import type { SweepCase, SweepKit } from '../kit';

/** 短信日志: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '短信日志',
    menu: ['系统管理', '短信日志'],
    url: /\/system\/sms$/,
    testId: 'sms-log',
    async seed(send) {
      await send('/rest/templateService/addTemplate', {
        code: `SWEEP_${u}_S`,
        name: `清单发送${u}`,
        content: '清单核对 ${n}',
        variables: ['n'],
        enabled: true,
      });
      for (const n of ['1', '2'])
        await send('/rest/templateService/sendMsg', {
          code: `SWEEP_${u}_S`,
          mobile: `137${u}0${n}`,
          variables: { n },
        });
      return {};
    },
    detail: { row: `137${u}01`, shows: '清单核对 1' },
    filters: [{ placeholder: '请输入手机号码', value: `137${u}` }],
    key: '手机号码',
    filtered: { header: '手机号码', matches: contains(`137${u}`), includes: [`137${u}01`, `137${u}02`] },
    tick: `137${u}02`,
    file: '短信日志.xlsx',
    exports: '/rest/smsService/exportSmsXls',
    headers: ['手机号码', '模板编码', '短信内容', '发送通道', '发送状态', 'IP', '发送时间'],
    row: {
      手机号码: `137${u}02`,
      模板编码: `SWEEP_${u}_S`,
      短信内容: '清单核对 2',
      发送通道: '短信网关',
      发送状态: '已发送',
    },
    fresh: ['发送时间'],
  };
}
