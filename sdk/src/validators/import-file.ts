/**
 * The file an admin list imports (导入): an `.xlsx` of at most {@link IMPORT_FILE_MAX_BYTES}.
 * The browser checks before sending; the server checks the same and reads the content.
 */

/** The largest file an import takes: 2 MB. */
export const IMPORT_FILE_MAX_BYTES = 2 * 1024 * 1024;

export const IMPORT_FILE_MESSAGES = {
  notXlsx: '请选择 .xlsx 格式的 Excel 文件',
  tooLarge: '文件不能超过 2 MB',
} as const;

/** The message for a file that cannot be imported, or null. */
export function checkImportFile(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name)) return IMPORT_FILE_MESSAGES.notXlsx;
  if (file.size > IMPORT_FILE_MAX_BYTES) return IMPORT_FILE_MESSAGES.tooLarge;
  return null;
}
