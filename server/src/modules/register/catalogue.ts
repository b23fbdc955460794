import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AccountRegisterDetail, RegisterAccountType, ServiceArea } from '@cotton/sdk/contracts';
import { REGISTER_FIELDS, REGISTER_SECTIONS, type RegisterSection } from '@cotton/sdk/validators';
import type { AppDatabase } from '../../db/client';
import { registerAccountTypes, registerAgreements, serviceAreas } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { REGISTER_SERVER_MESSAGES } from './messages';

/**
 * What the registration form is made of (docs/registration.md): the account types an
 * applicant may open and the form the chosen ones show, the agreements, the service areas
 * (the offices) and their phones.
 */

const IDENTITY_NAMES: Record<string, string> = { '1': '交易商', '2': '普通企业' };

export async function accountTypes(db: AppDatabase): Promise<RegisterAccountType[]> {
  const rows = await db
    .select()
    .from(registerAccountTypes)
    .where(eq(registerAccountTypes.status, '1'))
    .orderBy(asc(registerAccountTypes.sort), asc(registerAccountTypes.id));
  return rows.map((row) => ({
    id: String(row.id),
    code: row.code,
    name: row.name,
    identity: row.identity as '1' | '2',
    identityName: IDENTITY_NAMES[row.identity] ?? '',
    description: row.description,
  }));
}

/** The enabled types of `ids`; any unknown or disabled one is a 400. */
export async function chosenTypes(db: AppDatabase, ids: string[]) {
  const numbers = [...new Set(ids.map(Number))];
  if (numbers.length === 0 || numbers.some((id) => !Number.isSafeInteger(id) || id <= 0))
    throw new ApiError('400', REGISTER_SERVER_MESSAGES.unknownType);
  const rows = await db
    .select()
    .from(registerAccountTypes)
    .where(and(inArray(registerAccountTypes.id, numbers), eq(registerAccountTypes.status, '1')));
  if (rows.length !== numbers.length) throw new ApiError('400', REGISTER_SERVER_MESSAGES.unknownType);
  return rows;
}

/** The form of the chosen types: every field any of them shows, required when any requires it. */
export async function accountRegisterDetail(db: AppDatabase, ids: string[]): Promise<AccountRegisterDetail> {
  const types = await chosenTypes(db, ids);
  const flags: Partial<Record<RegisterSection, Record<string, { isRequired: '0' | '1' }>>> = {};
  for (const type of types) {
    for (const section of REGISTER_SECTIONS) {
      const fields = type.fields[section];
      if (!fields) continue;
      const target = (flags[section] ??= {});
      for (const [name, required] of Object.entries(fields)) {
        if (!(name in REGISTER_FIELDS[section])) continue;
        target[name] = { isRequired: target[name]?.isRequired === '1' || required === '1' ? '1' : '0' };
      }
    }
  }
  return {
    accountTypeIds: types.map((type) => String(type.id)),
    ...flags,
    usbkeyDefault: types.some((type) => type.usbkeyDefault === '1') ? '1' : '0',
    // A new applicant has no key on record; an existing one would (not a path of this form).
    usbkeyLocked: '0',
  };
}

export async function agreement(db: AppDatabase, code: string) {
  const [row] = await db.select().from(registerAgreements).where(eq(registerAgreements.code, code));
  if (!row) throw new ApiError('404', REGISTER_SERVER_MESSAGES.noAgreement);
  return row;
}

export async function allServiceAreas(db: AppDatabase): Promise<ServiceArea[]> {
  const rows = await db.select().from(serviceAreas).orderBy(asc(serviceAreas.sort));
  return rows.map((row) => ({
    serviceAreaCode: row.code,
    serviceAreaName: row.name,
    phone: row.phone,
    phone2: row.phone2,
    address: row.address,
    postcode: row.postcode,
    provinces: row.provinces,
    headquarters: row.headquarters === '1' ? '1' : '0',
  }));
}

export async function serviceAreaPhone(db: AppDatabase, code: string) {
  const [row] = await db.select().from(serviceAreas).where(eq(serviceAreas.code, code));
  if (!row) throw new ApiError('404', REGISTER_SERVER_MESSAGES.noServiceArea);
  return { serviceAreaName: row.name, phone: row.phone };
}
