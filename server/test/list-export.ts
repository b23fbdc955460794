import ExcelJS from 'exceljs';
import { asc, eq, inArray } from 'drizzle-orm';
import { sysPermissions, sysRolePermissions, sysRoles, sysUserRoles, sysUsers } from '../src/db/schema/index';
import { createSession } from '../src/modules/auth/session';
import type { TestServer } from './helpers';

/**
 * The generic lists' 导出 as a user meets it (docs/architecture.md "Generic admin list"): the
 * downloaded file read back as rows of text, and a user holding only some codes.
 */

export interface ExportAnswer {
  status: number;
  contentType: string | null;
  disposition: string | null;
  /** The sheet's rows as text, header first; null when the answer is an envelope (a refusal). */
  rows: string[][] | null;
  envelope: { rtnCode: string; rtnMessage: string } | null;
}

/** POSTs `body` to an export route and reads the answer: a workbook or a refusal's envelope. */
export async function downloadExport(
  server: TestServer,
  path: string,
  body: unknown,
  token: string,
): Promise<ExportAnswer> {
  const response = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type');
  const answer = {
    status: response.status,
    contentType,
    disposition: response.headers.get('content-disposition'),
  };
  if (!contentType?.includes('spreadsheetml')) {
    return { ...answer, rows: null, envelope: JSON.parse(bytes.toString('utf8')) as ExportAnswer['envelope'] };
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const values = Array.from(row.values as unknown[]);
    rows.push(values.slice(1).map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return { ...answer, rows, envelope: null };
}

let serial = 0;

/** A session's token for a new user of the admin's enterprise whose one role holds exactly `codes`. */
export async function tokenHolding(server: TestServer, codes: readonly string[]): Promise<string> {
  serial += 1;
  const name = `exp-holder-${process.pid}-${serial}`;
  const [admin] = await server.db
    .select({ enterpriseId: sysUsers.enterpriseId, passwordHash: sysUsers.passwordHash })
    .from(sysUsers)
    .where(eq(sysUsers.loginName, 'admin'))
    // The seeded system administrator: another enterprise may have an `admin` too.
    .orderBy(asc(sysUsers.id))
    .limit(1);
  const [role] = await server.db
    .insert(sysRoles)
    .values({ code: name.replace(/-/g, '_'), name })
    .returning({ id: sysRoles.id });
  const permissions = await server.db
    .select({ id: sysPermissions.id })
    .from(sysPermissions)
    .where(inArray(sysPermissions.code, [...codes]));
  if (permissions.length !== codes.length) throw new Error(`unknown codes among ${codes.join(', ')}`);
  await server.db
    .insert(sysRolePermissions)
    .values(permissions.map((permission) => ({ roleId: role.id, permissionId: permission.id })));
  const [user] = await server.db
    .insert(sysUsers)
    .values({ enterpriseId: admin.enterpriseId, loginName: name, realname: name, passwordHash: admin.passwordHash })
    .returning({ id: sysUsers.id });
  await server.db.insert(sysUserRoles).values({ userId: user.id, roleId: role.id });
  return createSession(server.db, { userId: user.id, clientName: 'form_client' });
}
