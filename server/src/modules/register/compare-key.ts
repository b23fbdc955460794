import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { withoutInvisibleChars } from '@cotton/sdk/validators';

/**
 * A company name or credit code as the registration compares them: Unicode NFKC (full-width
 * letters, digits and spaces, and （） become their plain forms), invisible and
 * direction-control characters removed (`物流\u202e公司`, `棉\u200b业` are `物流公司`, `棉业`:
 * `hasInvisibleChar` of the SDK), spaces removed at both ends, upper case. Computed here, not
 * by the database's `upper()`, whose result depends on its locale — so PGlite and PostgreSQL
 * agree.
 */
export function compareKey(value: string): string {
  return withoutInvisibleChars(value.normalize('NFKC')).trim().toUpperCase();
}

/**
 * The invisible characters {@link compareKey} removes, as a PostgreSQL bracket expression (its
 * regular expressions have no `\p{…}`): the controls, the soft hyphen, the Arabic letter mark,
 * the zero-width and direction characters, the separators, the fillers, the BOM. Literal
 * characters in a bound parameter, ranges by code point.
 */
const SQL_INVISIBLE = `[${[
  [0x01, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffb],
]
  .map(([from, to]) =>
    from === to ? String.fromCodePoint(from) : `${String.fromCodePoint(from)}-${String.fromCodePoint(to)}`,
  )
  .join('')}]`;

/**
 * {@link compareKey} of a column in SQL, for rows whose key is not stored (enterprises made by
 * hand): PostgreSQL's `normalize()` is NFKC too; the upper case of the letters a key holds
 * (Latin, after NFKC) is the same in every locale.
 */
export function sqlCompareKey(column: AnyColumn): SQL {
  return sql`upper(btrim(regexp_replace(normalize(${column}, NFKC), ${SQL_INVISIBLE}, '', 'g')))`;
}
