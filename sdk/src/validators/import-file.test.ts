import { describe, expect, it } from 'vitest';
import { checkImportFile } from './import-file';

describe('checkImportFile', () => {
  it('takes an .xlsx of at most 2 MB, whatever the case of its extension', () => {
    expect(checkImportFile({ name: '用户.xlsx', size: 2 * 1024 * 1024 })).toBeNull();
    expect(checkImportFile({ name: 'USERS.XLSX', size: 10 })).toBeNull();
  });

  it('refuses another kind of file and a larger one', () => {
    expect(checkImportFile({ name: '用户.xls', size: 10 })).toBe('请选择 .xlsx 格式的 Excel 文件');
    expect(checkImportFile({ name: '用户.xlsx.csv', size: 10 })).toBe('请选择 .xlsx 格式的 Excel 文件');
    expect(checkImportFile({ name: '用户.xlsx', size: 2 * 1024 * 1024 + 1 })).toBe('文件不能超过 2 MB');
  });
});
