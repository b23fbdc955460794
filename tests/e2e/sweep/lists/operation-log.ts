import type { SweepCase, SweepKit } from '../kit';

/** 操作日志: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { operator } = kit;
  return {
    list: '操作日志',
    menu: ['系统管理', '操作日志'],
    url: /\/system\/log\/operation$/,
    testId: 'operation-log',
    async seed(send) {
      return operator(send, async (own) => {
        await own('/rest/postService/addPost', { code: `sweep_${u}_o`, name: `清单日志岗${u}`, status: '1' });
        await own('/rest/dict/addDict', { code: `SWEEP_${u}_O`, name: `清单日志字典${u}` });
      });
    },
    detail: { row: '新增岗位', shows: `清单日志岗${u}` },
    filters: [{ placeholder: '请输入操作人', value: `sweep${u}op` }],
    key: '操作',
    filtered: { header: '操作人', matches: (value) => value === `sweep${u}op`, includes: [] },
    tick: '数据字典 · 新增字典',
    file: '操作日志.xlsx',
    exports: '/rest/log/exportOperationLog',
    headers: ['操作人', '姓名', '操作', '操作类型', '请求地址', '结果', '失败原因', 'IP 地址', '耗时（毫秒）', '时间'],
    row: {
      操作人: `sweep${u}op`,
      姓名: `清单操作员${u}`,
      操作类型: '新增',
      请求地址: '/rest/dict/addDict',
      结果: '成功',
    },
    fresh: ['时间'],
  };
}
