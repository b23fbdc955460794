import { describe, expect, it } from 'vitest';
import { defineEntity, entityListConfig, type EntityRowOf } from './entity';

const inspection = defineEntity({
  name: 'inspection',
  label: '质检记录',
  fields: [
    { name: 'batchNo', label: '批号', type: 'string', maxLength: 32, required: true },
    { name: 'bales', label: '包数', type: 'integer' },
    { name: 'passed', label: '合格', type: 'boolean' },
    { name: 'inspectDate', label: '检验日期', type: 'date' },
  ],
  list: {
    columns: ['batchNo', 'passed', 'createTime'],
    filters: ['batchNo', 'passed', 'inspectDate'],
    sorts: ['batchNo'],
    superQuery: ['bales'],
  },
});

describe('entityListConfig', () => {
  it('draws the list, its calls and its buttons’ codes from the declaration', () => {
    const config = entityListConfig<EntityRowOf<typeof inspection>>('qc-records', inspection);
    expect(config.columns.map((column) => [column.title, column.dataIndex, column.sortable])).toEqual([
      ['批号', 'batchNo', true],
      ['合格', 'passed', false],
      ['创建时间', 'createTime', true],
    ]);
    expect(config.columns[1].render?.(true, {} as never, 0)).toBe('是');
    expect(config.searchFields?.map((field) => [field.name, field.kind])).toEqual([
      ['batchNo', 'text'],
      ['passed', 'select'],
      ['inspectDate', 'date'],
    ]);
    expect(config.superQueryFields).toEqual([{ name: 'bales', label: '包数', type: 'number' }]);
    expect(config.calls.list.path).toBe('/rest/pluginData/qc-records/inspection/getPage');
    expect(config.calls.batchDelete?.body?.(['1', '2'])).toEqual({ ids: '1,2' });
    expect(config.permissions).toMatchObject({
      add: 'plugin:qc-records:inspection:add',
      import: 'plugin:qc-records:inspection:import',
    });
  });
});
