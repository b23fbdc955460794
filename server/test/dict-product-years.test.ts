import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_MIGRATIONS } from '../src/bootstrap';
import { runDataMigrations } from '../src/db/data-migrations';
import { dictItems, sysDataMigrations } from '../src/db/schema/index';
import { PRODUCT_YEARS_MIGRATION } from '../src/modules/dict/product-years';
import { startTestServer, type TestServer } from './helpers';

// 仓单查询's 加工年度 row offers the PRODUCT_YEAR dictionary (issue 31): a database seeded when
// the dictionary stopped at 2022 gets the years the receipts run to, once, keeping what staff
// changed.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function years(): Promise<string[]> {
  const answer = await server.post('/rest/dict/getdictlist', { categoryCode: 'PRODUCT_YEAR' });
  return (answer.envelope.dataSet as { dictList: Array<{ code: string }> }).dictList.map((item) => item.code);
}

describe('data migration dict_product_years_2023_2025: the crop years of PRODUCT_YEAR', () => {
  it('is one of the start-up data migrations and the seed holds 2020–2025', async () => {
    expect(DATA_MIGRATIONS).toContain(PRODUCT_YEARS_MIGRATION);
    expect(await years()).toEqual(['2020', '2021', '2022', '2023', '2024', '2025']);
  });

  it('adds the missing years after the items there, leaving a renamed one as staff left it', async () => {
    await server.db
      .delete(dictItems)
      .where(and(eq(dictItems.categoryCode, 'PRODUCT_YEAR'), inArray(dictItems.itemCode, ['2023', '2024', '2025'])));
    await server.db
      .update(dictItems)
      .set({ itemValue: '2022 年度' })
      .where(and(eq(dictItems.categoryCode, 'PRODUCT_YEAR'), eq(dictItems.itemCode, '2022')));
    await server.db.delete(sysDataMigrations).where(eq(sysDataMigrations.name, PRODUCT_YEARS_MIGRATION.name));

    const [applied] = await runDataMigrations(server.db, [PRODUCT_YEARS_MIGRATION]);
    expect(applied?.result).toEqual({ added: ['2023', '2024', '2025'] });
    const answer = await server.post('/rest/dict/getdictlist', { categoryCode: 'PRODUCT_YEAR' });
    expect((answer.envelope.dataSet as { dictList: unknown[] }).dictList).toEqual([
      { code: '2020', value: '2020' },
      { code: '2021', value: '2021' },
      { code: '2022', value: '2022 年度' },
      { code: '2023', value: '2023' },
      { code: '2024', value: '2024' },
      { code: '2025', value: '2025' },
    ]);
    // Once only.
    expect(await runDataMigrations(server.db, [PRODUCT_YEARS_MIGRATION])).toEqual([]);
  });
});
