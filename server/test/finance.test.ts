import { isLandline } from '@cotton/sdk/validators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financingProducts } from '../src/db/schema/index';
import type { FinancialProductDetailResult, FinancialService } from '@cotton/sdk/contracts';
import { FINANCING_PRODUCTS, generateFinanceContacts } from '../src/seed/finance';
import { REGION_GROUPS } from '../src/seed/regions';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;

async function financialService(): Promise<FinancialService> {
  const response = await server.post<FinancialService>('/rest/anon/queryFinancialService', {});
  expect(response.status).toBe(200);
  expect(response.envelope).toMatchObject({ rtnCode: '0000', rtnMessage: '成功' });
  return response.envelope.dataSet;
}

async function detail(body: unknown) {
  const response = await server.post<FinancialProductDetailResult>('/rest/anon/queryFinancialProductDetail', body);
  expect(response.status).toBe(200);
  return response.envelope;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('/rest/anon/queryFinancialService', () => {
  it('lists the four products of spec §9 in order: four banks, up to 80 %, 6 months, 3.85 / 3.6 / 3.6 / 3.85 %', async () => {
    const { products } = await financialService();
    expect(products).toHaveLength(4);
    expect(products.map((p) => p.annualRate)).toEqual([3.85, 3.6, 3.6, 3.85]);
    expect(products.every((p) => p.maxLoanRatio === 80 && p.termMonths === 6)).toBe(true);
    expect(products.map((p) => p.bankName)).toEqual(['中国农业发展银行', '中国农业银行', '中国银行', '中国建设银行']);
    expect(new Set(products.map((p) => p.bankName)).size).toBe(4);
    expect(products.map((p) => p.productName)).toEqual(FINANCING_PRODUCTS.map((p) => p.name));
    expect(Object.keys(products[0]).sort()).toEqual(
      [
        'id',
        'productName',
        'bankName',
        'modeCode',
        'modeName',
        'maxLoanRatio',
        'termMonths',
        'annualRate',
        'summary',
      ].sort(),
    );
    expect(products[0]).toMatchObject({ modeCode: 'receipt-pledge', modeName: '仓单质押融资' });
  });

  it('sends rates as JSON numbers with at most 2 decimals', async () => {
    const response = await server.post('/rest/anon/queryFinancialService', {});
    expect(response.text).toContain('"annualRate":3.85');
    expect(response.text).toContain('"annualRate":3.6');
    expect(response.text).toContain('"maxLoanRatio":80');
    for (const product of (response.envelope.dataSet as FinancialService).products) {
      expect(typeof product.annualRate).toBe('number');
      expect(Math.round(product.annualRate * 100) / 100).toBe(product.annualRate);
    }
  });

  it('gives the four advantages and the financing modes with hover intros and process steps', async () => {
    const { advantages, modes } = await financialService();
    expect(advantages.map((a) => a.title)).toEqual(['利率优惠', '放款高效', '手续便捷', '风险可控']);
    expect(advantages.map((a) => a.iconKey)).toEqual(['rate', 'speed', 'convenience', 'risk']);
    for (const advantage of advantages) expect(advantage.description.length).toBeGreaterThan(20);

    expect(modes.map((m) => m.name)).toEqual(['仓单质押融资', '预付款融资', '标准仓单融资']);
    for (const mode of modes) {
      expect(mode.intro.length).toBeGreaterThan(30);
      expect(mode.steps.length).toBeGreaterThanOrEqual(4);
      for (const step of mode.steps) {
        expect(step.title).not.toBe('');
        expect(step.description).not.toBe('');
      }
    }
    expect(modes[0].steps[0].title).toBe('仓单注册');
    expect(modes[0].steps.at(-1)!.title).toBe('还款解押');
  });

  it('lists the offices of the centre, then the four lending banks, with valid phone numbers', async () => {
    const { contacts } = await financialService();
    const offices = REGION_GROUPS.filter((g) => g.groupType === 'office').map((g) => g.name);
    expect(contacts.filter((c) => c.contactType === 'office').map((c) => c.organization)).toEqual(offices);
    const banks = contacts.filter((c) => c.contactType === 'bank');
    expect(banks.map((c) => c.organization)).toEqual([
      '中国农业发展银行新疆维吾尔自治区分行',
      '中国农业银行新疆维吾尔自治区分行',
      '中国银行新疆维吾尔自治区分行',
      '中国建设银行新疆维吾尔自治区分行',
    ]);
    expect(contacts.map((c) => c.contactType)).toEqual([...offices.map(() => 'office'), ...banks.map(() => 'bank')]);
    for (const contact of contacts) {
      expect(isLandline(contact.phone), contact.phone).toBe(true);
      expect(contact.phone).toMatch(/^0\d{2,3}-[2-8]\d{6,7}$/);
      expect(contact.contactName).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
      expect(contact.address).toMatch(/号$/);
    }
    // Deterministic: the seeded stream gives the same table every time.
    expect(contacts.map(({ id: _id, ...contact }) => contact)).toEqual(generateFinanceContacts());
  });

  it('leaves out a withdrawn product', async () => {
    const [first] = (await financialService()).products;
    await server.db.update(financingProducts).set({ enabled: false }).where(eq(financingProducts.id, first.id));
    try {
      const { products } = await financialService();
      expect(products.map((p) => p.id)).not.toContain(first.id);
      expect(products).toHaveLength(3);
      expect(await detail({ id: first.id })).toMatchObject({
        rtnCode: '404',
        rtnMessage: `融资产品不存在：${first.id}`,
        dataSet: null,
      });
    } finally {
      await server.db.update(financingProducts).set({ enabled: true }).where(eq(financingProducts.id, first.id));
    }
  });

  it('accepts an empty body and refuses a non-object one', async () => {
    const empty = await server.post('/rest/anon/queryFinancialService', '');
    expect(empty.envelope.rtnCode).toBe('0000');
    const array = await server.post('/rest/anon/queryFinancialService', '[]');
    expect(array.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '参数错误：请求体必须是 JSON 对象' });
  });
});

describe('/rest/anon/queryFinancialProductDetail', () => {
  it('returns the product with its detail texts', async () => {
    const { products } = await financialService();
    const envelope = await detail({ id: products[2].id });
    expect(envelope.rtnCode).toBe('0000');
    const { product } = envelope.dataSet;
    expect(product).toMatchObject({
      id: products[2].id,
      productName: '棉花预付款融资',
      bankName: '中国银行',
      modeName: '预付款融资',
      maxLoanRatio: 80,
      termMonths: 6,
      annualRate: 3.6,
    });
    expect(product.summary).toBe(products[2].summary);
    for (const text of [product.target, product.guarantee, product.repayment]) expect(text.length).toBeGreaterThan(5);
    expect(product.conditions.length).toBeGreaterThan(0);
    expect(product.materials).toContain('营业执照（统一社会信用代码）');
  });

  it('accepts the id as a numeric string', async () => {
    const { products } = await financialService();
    const envelope = await detail({ id: String(products[0].id) });
    expect(envelope.rtnCode).toBe('0000');
    expect(envelope.dataSet.product.annualRate).toBe(3.85);
  });

  it('answers 404 with a Chinese message for an unknown id', async () => {
    expect(await detail({ id: 99999 })).toEqual({ rtnCode: '404', rtnMessage: '融资产品不存在：99999', dataSet: null });
  });

  it('refuses a missing or malformed id with the field named', async () => {
    expect(await detail({})).toMatchObject({ rtnCode: '400', rtnMessage: '参数错误：id（产品编号）不能为空' });
    expect(await detail({ id: 'abc' })).toMatchObject({
      rtnCode: '400',
      rtnMessage: '参数错误：id（产品编号）应为整数',
    });
    expect(await detail({ id: 0 })).toMatchObject({ rtnCode: '400', rtnMessage: '参数错误：id（产品编号）不能小于 1' });
    expect(await detail({ id: 1.5 })).toMatchObject({ rtnCode: '400', rtnMessage: '参数错误：id（产品编号）应为整数' });
  });
});
