import { CronExpressionParser } from 'cron-parser';

/** Schedules are read in the exchange's time zone, whatever the server's. */
export const CRON_TIME_ZONE = 'Asia/Shanghai';
export const CRON_MAX_LENGTH = 128;

export const CRON_MESSAGES = {
  empty: '请输入 Cron 表达式',
  tooLong: `Cron 表达式不能超过 ${CRON_MAX_LENGTH} 个字符`,
  fields: 'Cron 表达式应为 5 段（分 时 日 月 周）或 6 段（秒 分 时 日 月 周），各段以空格分隔',
  characters: 'Cron 表达式只能包含数字、英文字母、空格和 * / , - ? L W #',
  invalid: (detail: string) => `Cron 表达式无效：${detail}`,
  never: 'Cron 表达式无效：按此表达式任务永远不会执行',
} as const;

// One class of characters, one quantifier: linear whatever the input.
const CRON_CHARACTERS = /^[0-9A-Za-z*/,\-?#\s]*$/;

function describeParserError(message: string): string {
  const range = /got value (\S+) expected range (\d+)-(\d+)/.exec(message);
  if (range) return `取值 ${range[1]} 超出范围 ${range[2]}～${range[3]}`;
  if (/alias/i.test(message)) return '含有无法识别的名称';
  if (/day of month/i.test(message)) return '日期不存在';
  return '请检查各段的写法';
}

export type CronCheck = { ok: true; cron: string } | { ok: false; message: string };

/**
 * Checks a schedule as the administrator typed it (five fields, or six with seconds first)
 * and answers it normalised (single spaces) or the reason in Chinese.
 */
export function checkCron(text: string): CronCheck {
  const cron = text.trim().split(/\s+/).join(' ');
  if (cron === '') return { ok: false, message: CRON_MESSAGES.empty };
  if (cron.length > CRON_MAX_LENGTH) return { ok: false, message: CRON_MESSAGES.tooLong };
  if (!CRON_CHARACTERS.test(cron)) return { ok: false, message: CRON_MESSAGES.characters };
  const fields = cron.split(' ').length;
  if (fields !== 5 && fields !== 6) return { ok: false, message: CRON_MESSAGES.fields };
  try {
    CronExpressionParser.parse(cron, { tz: CRON_TIME_ZONE }).next();
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/out of the timespan|Out of the time span|no valid/i.test(message))
      return { ok: false, message: CRON_MESSAGES.never };
    return { ok: false, message: CRON_MESSAGES.invalid(describeParserError(message)) };
  }
  return { ok: true, cron };
}

/** The `count` times after `after` (exclusive) a checked schedule fires. */
export function nextRunTimes(cron: string, after: Date, count: number): Date[] {
  const interval = CronExpressionParser.parse(cron, { tz: CRON_TIME_ZONE, currentDate: after });
  return Array.from({ length: count }, () => interval.next().toDate());
}

/** The first time after `after` (exclusive) a checked schedule fires. */
export function nextRunTime(cron: string, after: Date): Date {
  return nextRunTimes(cron, after, 1)[0];
}
