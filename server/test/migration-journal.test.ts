import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/paths';

// Drizzle's migrator applies a migration only when its journal time (`when`) is later than
// that of the last one the database has applied: a migration listed with an earlier time is
// skipped without a word. drizzle-kit writes the current time; a migration written by hand
// (or generated before the previous one's time) must be given a later one.

interface Journal {
  entries: Array<{ idx: number; when: number; tag: string }>;
}

describe('server/drizzle/meta/_journal.json', () => {
  it('lists each migration with a later time than the one before, so that none is skipped', () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
    const late = journal.entries.filter((entry, index) => index > 0 && entry.when <= journal.entries[index - 1]!.when);
    expect(late.map((entry) => entry.tag)).toEqual([]);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, index) => index));
  });
});
