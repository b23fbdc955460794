import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysSmsTemplates } from '../../db/schema/index';
import { SMS_VARIABLE_PATTERN } from '@cotton/sdk/validators';

/**
 * SMS templates (docs/architecture.md "SMS templates"): `${name}` placeholders, each declared,
 * each declared one used. The portal's own messages render the `system` templates below; an
 * administrator may reword them (短信模板) but not delete or disable them, nor change their
 * variables. Should a row still be missing or unusable (a restore, SQL by hand), the text
 * here is sent instead: a login code must never fail for want of a template.
 */

/** A variable's name: a letter, then letters, digits or `_`, at most 32 (the shared rule). */
const VARIABLE_NAME = SMS_VARIABLE_PATTERN;

/** Variables whose values the SMS log never shows (codes, passwords). */
export const SECRET_SMS_VARIABLES: ReadonlySet<string> = new Set(['code', 'password']);

export const SYSTEM_SMS_TEMPLATES = {
  LOGIN_CODE: {
    name: '登录验证码',
    variables: ['code'],
    content: '您的登录验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。',
  },
  BIND_PHONE_CODE: {
    name: '绑定手机验证码',
    variables: ['loginName', 'code'],
    content: '您正在将手机号码绑定到账号 ${loginName}，验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。',
  },
  REGISTER_STATUS_CODE: {
    name: '注册进度查询验证码',
    variables: ['traderName', 'code'],
    content: '您正在查询「${traderName}」的注册申请进度，验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。',
  },
  REGISTER_APPROVED: {
    name: '注册审核通过',
    variables: ['traderName', 'enterpriseCode', 'loginName', 'password'],
    content:
      '您提交的「${traderName}」注册申请已审核通过。业务代码：${enterpriseCode}，用户名：${loginName}，初始密码：${password}，首次登录须修改密码。',
  },
  REGISTER_RETURNED: {
    name: '注册申请退回',
    variables: ['traderName', 'reason'],
    content: '您提交的「${traderName}」注册申请需补正：${reason}。请在门户「注册进度查询」页面修改后重新提交。',
  },
  REGISTER_REJECTED: {
    name: '注册申请驳回',
    variables: ['traderName', 'reason'],
    content: '您提交的「${traderName}」注册申请未通过审核：${reason}。',
  },
  // An approved enterprise's change of its registered information (migration 0039).
  CHANGE_APPROVED: {
    name: '企业信息变更通过',
    variables: ['traderName'],
    content: '您提交的「${traderName}」企业信息变更申请已审核通过，新的企业信息已生效。',
  },
  CHANGE_RETURNED: {
    name: '企业信息变更退回',
    variables: ['traderName', 'reason'],
    content:
      '您提交的「${traderName}」企业信息变更申请需补正：${reason}。请登录门户在「企业管理 › 企业信息」修改后重新提交。',
  },
  CHANGE_REJECTED: {
    name: '企业信息变更驳回',
    variables: ['traderName', 'reason'],
    content: '您提交的「${traderName}」企业信息变更申请未通过审核：${reason}。',
  },
} as const satisfies Record<string, { name: string; variables: readonly string[]; content: string }>;

export type SystemSmsTemplateCode = keyof typeof SYSTEM_SMS_TEMPLATES;

export function isSystemTemplate(code: string): code is SystemSmsTemplateCode {
  return Object.hasOwn(SYSTEM_SMS_TEMPLATES, code);
}

type Piece = { text: string } | { name: string };

/**
 * The content cut into text and placeholders, or the first mistake in Chinese. One pass
 * over the text (no regular expression over the whole content).
 */
export function parseTemplate(content: string): { pieces: Piece[] } | { error: string } {
  const pieces: Piece[] = [];
  let at = 0;
  for (;;) {
    const open = content.indexOf('${', at);
    if (open < 0) break;
    const close = content.indexOf('}', open + 2);
    if (close < 0) return { error: `模板内容第 ${open + 1} 个字符起的“\${”缺少对应的“}”` };
    const name = content.slice(open + 2, close);
    if (!VARIABLE_NAME.test(name))
      return { error: `变量“\${${name.slice(0, 40)}}”的名称不正确：应以字母开头，由字母、数字或下划线组成` };
    if (open > at) pieces.push({ text: content.slice(at, open) });
    pieces.push({ name });
    at = close + 1;
  }
  if (at < content.length) pieces.push({ text: content.slice(at) });
  return { pieces };
}

/** The placeholders' names, each once, in order of appearance. */
export function placeholderNames(pieces: readonly Piece[]): string[] {
  return [...new Set(pieces.flatMap((piece) => ('name' in piece ? [piece.name] : [])))];
}

/**
 * Why `content` does not fit `variables` (null: it does): well-formed placeholders, every
 * placeholder declared, every declared variable used.
 */
export function templateProblem(content: string, variables: readonly string[]): string | null {
  const parsed = parseTemplate(content);
  if ('error' in parsed) return parsed.error;
  const used = placeholderNames(parsed.pieces);
  const undeclared = used.filter((name) => !variables.includes(name));
  if (undeclared.length > 0) return `模板内容使用了未声明的变量：${undeclared.join('、')}`;
  const unused = variables.filter((name) => !used.includes(name));
  if (unused.length > 0) return `声明的变量未在模板内容中使用：${unused.join('、')}`;
  return null;
}

/** What a message supplies against what the template declares (null: exactly those). */
export function valuesProblem(variables: readonly string[], values: Readonly<Record<string, string>>): string | null {
  const given = Object.keys(values);
  const missing = variables.filter((name) => !given.includes(name));
  if (missing.length > 0) return `缺少模板变量的值：${missing.join('、')}`;
  const unknown = given.filter((name) => !variables.includes(name));
  if (unknown.length > 0) return `模板未声明这些变量：${unknown.map((name) => name.slice(0, 32)).join('、')}`;
  return null;
}

export interface RenderedSms {
  content: string;
  /** The values of secret variables, for the SMS log to mask whatever the wording. */
  secrets: string[];
}

/** Fills a parsed template; the caller has checked the values (`valuesProblem`). */
export function fillTemplate(pieces: readonly Piece[], values: Readonly<Record<string, string>>): RenderedSms {
  const content = pieces.map((piece) => ('name' in piece ? (values[piece.name] ?? '') : piece.text)).join('');
  const secrets = Object.entries(values)
    .filter(([name, value]) => SECRET_SMS_VARIABLES.has(name) && value !== '')
    .map(([, value]) => value);
  return { content, secrets };
}

export interface TemplateWarnings {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * The text of one of the portal's own messages: the stored template when it is there,
 * enabled and fits the values; otherwise the built-in wording (and a warning in the log).
 */
export async function renderSystemSms(
  db: Pick<AppDatabase, 'select'>,
  code: SystemSmsTemplateCode,
  values: Readonly<Record<string, string>>,
  log?: TemplateWarnings,
): Promise<RenderedSms> {
  const [row] = await db
    .select({ content: sysSmsTemplates.content, enabled: sysSmsTemplates.enabled })
    .from(sysSmsTemplates)
    .where(sql`lower(${sysSmsTemplates.code}) = lower(${code})`)
    .limit(1);
  const declared = SYSTEM_SMS_TEMPLATES[code].variables;
  if (row?.enabled && templateProblem(row.content, declared) === null && valuesProblem(declared, values) === null) {
    const parsed = parseTemplate(row.content);
    if ('pieces' in parsed) return fillTemplate(parsed.pieces, values);
  }
  log?.warn({ templateCode: code }, '短信模板缺失、停用或与变量不符，已使用内置文案');
  const parsed = parseTemplate(SYSTEM_SMS_TEMPLATES[code].content);
  if ('error' in parsed) throw new Error(`built-in SMS template ${code}: ${parsed.error}`);
  return fillTemplate(parsed.pieces, values);
}
