/** An ISO instant as China time (`2026-03-18 08:00:00`), as the lists show it and exports write it. */
export function chinaTime(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
