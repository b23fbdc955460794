import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { complaints, sysLimitTakes } from '../src/db/schema/index';
import { COMPLAINT_MESSAGES } from '@cotton/sdk/validators';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;

const GOOD = {
  name: '王建国',
  phone: '13912345678',
  email: 'wang@example.com',
  complaintType: 'SUGGESTION',
  content: '建议在仓库查询页面增加按城市筛选的功能。',
};

async function send(body: unknown, ip?: string) {
  return server.post<{ id: string }>('/rest/complain/addComplain', body, ip ? { 'x-test-ip': ip } : {});
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.db.delete(complaints);
  // What the limit took (lib/limits): each test starts with it unused.
  await server.db.delete(sysLimitTakes);
});

describe('/rest/complain/addComplain', () => {
  it('stores a valid complaint, trimmed, with the sender’s IP', async () => {
    const response = await send({ ...GOOD, name: ' 王建国 ', email: '', phone: '0991-2817766' });
    expect(response.envelope.rtnCode).toBe('0000');
    const [row] = await server.db
      .select()
      .from(complaints)
      .where(eq(complaints.id, Number(response.envelope.dataSet.id)));
    expect(row).toMatchObject({
      name: '王建国',
      phone: '0991-2817766',
      email: null,
      complaintType: 'SUGGESTION',
      content: GOOD.content,
      clientIp: '127.0.0.1',
    });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it.each([
    [{ ...GOOD, name: '   ' }, COMPLAINT_MESSAGES.nameRequired],
    [{ ...GOOD, name: '张'.repeat(33) }, COMPLAINT_MESSAGES.nameTooLong],
    [{ ...GOOD, phone: '' }, COMPLAINT_MESSAGES.phoneRequired],
    [{ ...GOOD, phone: '1391234567' }, COMPLAINT_MESSAGES.phoneInvalid],
    [{ ...GOOD, phone: '12912345678' }, COMPLAINT_MESSAGES.phoneInvalid],
    [{ ...GOOD, email: 'wang@' }, '请输入正确格式的邮箱'],
    [{ ...GOOD, email: `${'a'.repeat(60)}@x.com` }, COMPLAINT_MESSAGES.emailTooLong],
    [{ ...GOOD, complaintType: 'OTHER' }, COMPLAINT_MESSAGES.typeRequired],
    [{ ...GOOD, content: '  ' }, COMPLAINT_MESSAGES.contentRequired],
    [{ ...GOOD, content: '太慢了' }, COMPLAINT_MESSAGES.contentTooShort],
    [{ ...GOOD, content: '慢'.repeat(1001) }, COMPLAINT_MESSAGES.contentTooLong],
  ])('refuses %j with its message', async (body, message) => {
    const response = await send(body);
    expect(response.envelope).toEqual({ rtnCode: '400', rtnMessage: message, dataSet: null });
    expect(await server.db.select().from(complaints)).toHaveLength(0);
  });

  it('refuses missing fields and wrong types through the schema', async () => {
    const { name: _name, ...noName } = GOOD;
    expect((await send(noName)).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '参数错误：name（姓名）不能为空',
    });
    expect((await send({ ...GOOD, phone: 13912345678 })).envelope.rtnCode).toBe('0000');
    expect((await send({ ...GOOD, content: { text: 'x' } })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '参数错误：content（内容）应为字符串',
    });
  });

  it('allows 5 complaints per IP in 10 minutes, then answers 429', async () => {
    for (let i = 0; i < 5; i++) expect((await send(GOOD)).envelope.rtnCode).toBe('0000');
    expect((await send(GOOD)).envelope).toEqual({
      rtnCode: '429',
      rtnMessage: '请求过于频繁，请稍后再试',
      dataSet: null,
    });
    expect(await server.db.select().from(complaints)).toHaveLength(5);
    // Older than the window: counted no more.
    await server.db.update(sysLimitTakes).set({ at: sql`${sysLimitTakes.at} - interval '11 minutes'` });
    expect((await send(GOOD)).envelope.rtnCode).toBe('0000');
  });

  it('a bad complaint does not use up the quota', async () => {
    for (let i = 0; i < 6; i++) expect((await send({ ...GOOD, phone: 'x' })).envelope.rtnCode).toBe('400');
    expect((await send(GOOD)).envelope.rtnCode).toBe('0000');
  });
});
