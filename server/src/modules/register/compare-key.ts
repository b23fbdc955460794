/**
 * A company name or credit code as the registration compares them: Unicode NFKC (full-width
 * letters, digits and spaces, and （） become their plain forms), spaces removed at both ends,
 * upper case. Computed here, not by the database's `upper()`, whose result depends on its
 * locale — so PGlite and PostgreSQL agree.
 */
export function compareKey(value: string): string {
  return value.normalize('NFKC').trim().toUpperCase();
}
