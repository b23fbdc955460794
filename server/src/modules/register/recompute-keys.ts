import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { DataMigration } from '../../db/data-migrations';
import { registerApplies } from '../../db/schema/index';
import { compareKey } from './compare-key';

/** The statuses whose keys the unique indexes hold: 待审核, 审核通过, 退回修改. */
const LIVE = new Set(['0', '1', '3']);

interface KeyRow {
  id: number;
  kind: string;
  status: string;
  enterpriseId: number | null;
  value: string;
  stored: string;
}

/**
 * The keys `rows` should hold, computed as the server computes them now ({@link compareKey}),
 * within the live-key unique index: a change request that holds none ('') keeps none; where two
 * live applications now come to one key — a name that differed only by an invisible or
 * direction-control character — the one that holds it already, else the earlier, takes it, a
 * later change request of the same enterprise holds none (as the submission would store it),
 * and any other keeps its stored key and is reported (`conflicts`) for a reviewer to decide.
 */
export function recomputedKeys(rows: readonly KeyRow[]): { keys: Map<number, string>; conflicts: number[] } {
  const keys = new Map(rows.map((row) => [row.id, row.stored === '' ? '' : compareKey(row.value)]));
  const conflicts = new Set<number>();
  const live = rows.filter((row) => LIVE.has(row.status));
  for (let settled = false; !settled;) {
    settled = true;
    const holders = new Map<string, KeyRow[]>();
    for (const row of live) {
      const key = keys.get(row.id)!;
      if (key !== '') holders.set(key, [...(holders.get(key) ?? []), row]);
    }
    for (const group of holders.values()) {
      if (group.length < 2) continue;
      const winner = group.find((row) => row.stored === keys.get(row.id)) ?? group[0];
      for (const row of group) {
        if (row === winner || row.stored === keys.get(row.id)) continue;
        const ownEnterprise =
          row.kind === 'change' && group.some((other) => other !== row && other.enterpriseId === row.enterpriseId);
        keys.set(row.id, ownEnterprise ? '' : row.stored);
        if (!ownEnterprise) conflicts.add(row.id);
        settled = false;
      }
    }
  }
  return { keys, conflicts: [...conflicts].sort((a, b) => a - b) };
}

/**
 * Recomputes the name and credit-code keys of every application (registrations and change
 * requests, any status) with {@link compareKey} as it is now: keys stored before invisible and
 * direction-control characters were removed (`物流\u202e公司`) did not match the same name typed
 * plainly, so the duplicate check missed it. Two steps, so that no row meets a key another row
 * gives up later in the same run: the rows that change first take a placeholder no key can be
 * (a zero-width space, which {@link compareKey} removes), then their keys.
 */
export async function recomputeRegisterKeys(tx: Tx) {
  const rows = await tx
    .select({
      id: registerApplies.id,
      kind: registerApplies.kind,
      status: registerApplies.status,
      enterpriseId: registerApplies.enterpriseId,
      traderName: registerApplies.traderName,
      uniformCreditCode: registerApplies.uniformCreditCode,
      nameKey: registerApplies.nameKey,
      codeKey: registerApplies.codeKey,
    })
    .from(registerApplies)
    .orderBy(asc(registerApplies.id));
  const names = recomputedKeys(rows.map((row) => ({ ...row, value: row.traderName, stored: row.nameKey })));
  const codes = recomputedKeys(rows.map((row) => ({ ...row, value: row.uniformCreditCode, stored: row.codeKey })));
  const changed = rows.filter(
    (row) => names.keys.get(row.id) !== row.nameKey || codes.keys.get(row.id) !== row.codeKey,
  );
  for (const row of changed)
    await tx
      .update(registerApplies)
      .set({ nameKey: `\u200b${row.id}`, codeKey: `\u200b${row.id}` })
      .where(eq(registerApplies.id, row.id));
  for (const row of changed)
    await tx
      .update(registerApplies)
      .set({ nameKey: names.keys.get(row.id)!, codeKey: codes.keys.get(row.id)! })
      .where(eq(registerApplies.id, row.id));
  return {
    recomputed: changed.map((row) => row.id),
    nameConflicts: names.conflicts,
    codeConflicts: codes.conflicts,
  };
}

/** Migration 0040's data step (docs/registration.md "Checks"). */
export const REGISTER_KEYS_MIGRATION: DataMigration = {
  name: '0040_register_compare_keys',
  run: recomputeRegisterKeys,
};
