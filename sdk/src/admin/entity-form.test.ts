import { describe, expect, it, vi } from 'vitest';
import { defineEntity } from '../list/entity';
import { entityFormConfig } from './entity-form';

const inspection = defineEntity({
  name: 'inspection',
  label: '质检记录',
  fields: [
    { name: 'batchNo', label: '批号', type: 'string', maxLength: 32, required: true, unique: true, pattern: 'code' },
    { name: 'weight', label: '重量', type: 'decimal', scale: 2 },
    { name: 'bales', label: '包数', type: 'integer', default: 1 },
    { name: 'inspectDate', label: '检验日期', type: 'date', required: true },
    { name: 'inspectedAt', label: '检验时间', type: 'datetime' },
    { name: 'passed', label: '合格', type: 'boolean', default: false },
    { name: 'grade', label: '等级', type: 'dict', dictCode: 'QC_GRADE' },
    { name: 'origin', label: '产地', type: 'region' },
    { name: 'report', label: '检验报告', type: 'file' },
  ],
});

describe('entityFormConfig', () => {
  const form = entityFormConfig('qc-records', inspection);
  const field = (name: string) => form.fields.find((item) => item.name === name)!;

  it('titles the drawer by the entity and saves through its own add and update calls', () => {
    expect(form.noun).toBe('质检记录');
    expect(form.add.call.path).toBe('/rest/pluginData/qc-records/inspection/add');
    expect(form.update.call.path).toBe('/rest/pluginData/qc-records/inspection/update');
  });

  it('draws each declared field with the rules the server checks, a file as an upload', () => {
    expect(form.fields.map((item) => [item.name, item.type])).toEqual([
      ['batchNo', 'text'],
      ['weight', 'number'],
      ['bales', 'number'],
      ['inspectDate', 'date'],
      ['inspectedAt', 'text'],
      ['passed', 'switch'],
      ['grade', 'select'],
      ['origin', 'text'],
      ['report', 'select'],
    ]);
    expect(field('report').render).toBeTypeOf('function');
    expect(field('report').required).toBe(false);
    // 保存 is refused only while the upload is under way (EntityFile.test.tsx): not now.
    const refused = vi.fn();
    void field('report').rules![0].validator('x', refused);
    expect(refused).toHaveBeenCalledWith(undefined);
    const photo = entityFormConfig(
      'qc-records',
      defineEntity({
        name: 'sample',
        label: '样品',
        fields: [{ name: 'photo', label: '照片', type: 'file', required: true }],
      }),
    );
    expect(photo.fields[0].required).toBe('请上传照片');
    expect(field('batchNo')).toMatchObject({ label: '批号', required: true, maxLength: 32 });
    expect(field('batchNo').pattern!.match.test('QC-001')).toBe(true);
    expect(field('batchNo').pattern!.match.test('批号 1')).toBe(false);
    expect(field('batchNo').pattern!.message).toBe('批号只能含字母、数字、_ 和 -，以字母或数字开头');
    expect(field('weight')).toMatchObject({ precision: 2, max: Number('9999999999999999.99') });
    expect(field('weight').min).toBe(-field('weight').max!);
    expect(field('bales')).toMatchObject({ precision: 0, initialValue: 1, min: -2147483648, max: 2147483647 });
    expect(field('inspectedAt').pattern!.match.test('2026-04-01 08:30:00')).toBe(true);
    expect(field('inspectedAt').pattern!.match.test('2026-04-01T08:30')).toBe(false);
    expect(field('passed')).toMatchObject({ required: false, initialValue: false });
    expect(field('grade').options).toEqual({ dict: 'QC_GRADE' });
    expect(field('origin').pattern!.match.test('410102')).toBe(true);
    expect(field('origin').pattern!.match.test('4101')).toBe(false);
  });
});
