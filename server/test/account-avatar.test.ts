import { deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files, sysAuditLog, sysLimitTakes, sysUsers } from '../src/db/schema/index';
import { AVATAR_UPLOADS_PER_HOUR, imageSize } from '../src/modules/account/avatar';
import { createSession } from '../src/modules/auth/session';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let editorId: number;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  const userId = async (loginName: string) =>
    (await server.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.loginName, loginName)))[0]!.id;
  editorId = await userId('editor');
  adminId = await userId('admin');
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.db.delete(sysLimitTakes);
  await server.db.update(sysUsers).set({ avatar: null }).where(eq(sysUsers.id, editorId));
});

const session = (userId = editorId) => createSession(server.db, { userId, clientName: 'form_client' });

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real, grey PNG of `width` × `height`. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row += 1) rows[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A JPEG's header up to its frame (SOF0) of `width` × `height`, after an APP0 segment. */
function jpeg(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0];
  const sof = [0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

async function upload(bytes: Buffer | null, token: string | null, name = 'avatar.png') {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([bytes]), name);
  else form.append('note', 'no file');
  const response = await fetch(`${server.baseUrl}/rest/user/accountCenterAvatar`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: token } : {},
  });
  return {
    status: response.status,
    envelope: (await response.json()) as {
      rtnCode: string;
      rtnMessage: string;
      dataSet: { userInfo: { avatar: string | null; loginName: string } };
    },
  };
}

describe('imageSize', () => {
  it('reads PNG and JPEG headers, and refuses what it cannot read', () => {
    expect(imageSize(png(300, 200), 'png')).toEqual({ width: 300, height: 200 });
    expect(imageSize(jpeg(640, 480), 'jpg')).toEqual({ width: 640, height: 480 });
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff]), 'jpg')).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0x00]), 'jpg')).toBeNull();
    expect(imageSize(png(1, 1).subarray(0, 20), 'png')).toBeNull();
  });
});

describe('/rest/user/accountCenterAvatar', () => {
  it('sets the caller’s own avatar, shown by the session and served as an image, audited', async () => {
    const token = await session();
    const { envelope } = await upload(png(256, 256), token);
    expect(envelope.rtnCode).toBe('0000');
    const avatar = envelope.dataSet.userInfo.avatar!;
    expect(avatar).toMatch(/^\/file\/avatar\/[0-9a-f]{32}$/);
    expect(envelope.dataSet.userInfo.loginName).toBe('editor');

    const init = await server.post<{ loginUser: { avatar: string | null } }>(
      '/rest/auth/init',
      {},
      {
        authorization: token,
      },
    );
    expect(init.envelope.dataSet.loginUser.avatar).toBe(avatar);

    // Anyone holding the address sees it (an <img> carries no token), as an image only.
    const image = await server.get(avatar);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(png(256, 256))).toBe(true);

    const audits = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.action, 'user.avatar'), eq(sysAuditLog.entityId, String(editorId))));
    expect(audits.at(-1)?.after).toMatchObject({ avatar });
  });

  it('replacing the avatar retires the old address; removing it returns to the default', async () => {
    const token = await session();
    const first = (await upload(png(128, 128), token)).envelope.dataSet.userInfo.avatar!;
    const second = (await upload(jpeg(512, 512), token, 'me.jpg')).envelope.dataSet.userInfo.avatar!;
    expect(second).not.toBe(first);
    expect((await server.get(first)).status).toBe(404);
    expect((await server.get(second)).headers.get('content-type')).toBe('image/jpeg');

    const removed = await server.post<{ userInfo: { avatar: string | null } }>(
      '/rest/user/delAccountCenterAvatar',
      {},
      { authorization: token },
    );
    expect(removed.envelope.rtnCode).toBe('0000');
    expect(removed.envelope.dataSet.userInfo.avatar).toBeNull();
    expect((await server.get(second)).status).toBe(404);
    const [row] = await server.db.select({ avatar: sysUsers.avatar }).from(sysUsers).where(eq(sysUsers.id, editorId));
    expect(row!.avatar).toBeNull();
    const [audit] = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.action, 'user.avatarRemove'), eq(sysAuditLog.entityId, String(editorId))));
    expect(audit?.before).toMatchObject({ avatar: second });
  });

  it('changes only the caller: another user’s avatar is untouched', async () => {
    const [before] = await server.db.select({ avatar: sysUsers.avatar }).from(sysUsers).where(eq(sysUsers.id, adminId));
    await upload(png(100, 100), await session());
    const [after] = await server.db.select({ avatar: sysUsers.avatar }).from(sysUsers).where(eq(sysUsers.id, adminId));
    expect(after).toEqual(before);
  });

  it('refuses a visitor without a login', async () => {
    expect((await upload(png(100, 100), null)).envelope.rtnCode).toBe('401');
    expect((await server.post('/rest/user/delAccountCenterAvatar', {})).envelope.rtnCode).toBe('401');
  });

  it.each([
    ['an HTML page named .png', Buffer.from('<!DOCTYPE html><script>alert(1)</script>'), '头像只能是 PNG 或 JPEG 图片'],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n'), '头像只能是 PNG 或 JPEG 图片'],
    ['a picture that is not square', png(300, 200), '头像须为正方形，边长 64～1024 像素'],
    ['a picture too small', png(32, 32), '头像须为正方形，边长 64～1024 像素'],
    ['a picture too large', jpeg(2048, 2048), '头像须为正方形，边长 64～1024 像素'],
    ['a PNG whose header is cut', png(100, 100).subarray(0, 16), '无法读取该图片，请换一张 PNG 或 JPEG 图片'],
    ['a file over 512 KB', Buffer.concat([png(100, 100), Buffer.alloc(600 * 1024)]), '头像图片不能超过 512KB'],
  ])('refuses %s with a clear message, the avatar unchanged', async (_what, bytes, message) => {
    const token = await session();
    const { status, envelope } = await upload(bytes, token);
    expect(status).toBeLessThan(500);
    expect(envelope.rtnCode).toBe('400');
    expect(envelope.rtnMessage).toBe(message);
    const [row] = await server.db.select({ avatar: sysUsers.avatar }).from(sysUsers).where(eq(sysUsers.id, editorId));
    expect(row!.avatar).toBeNull();
  });

  it('refuses a request without a file', async () => {
    const token = await session();
    expect((await upload(null, token)).envelope.rtnMessage).toBe('请选择头像图片');
    const json = await server.post('/rest/user/accountCenterAvatar', {}, { authorization: token });
    expect(json.envelope.rtnMessage).toBe('请选择头像图片');
  });

  it(`takes at most ${AVATAR_UPLOADS_PER_HOUR} avatars an hour from one user`, async () => {
    const token = await session();
    for (let count = 0; count < AVATAR_UPLOADS_PER_HOUR; count += 1)
      expect((await upload(png(64, 64), token)).envelope.rtnCode).toBe('0000');
    const refused = await upload(png(64, 64), token);
    expect(refused.envelope.rtnCode).toBe('429');
    expect(refused.envelope.rtnMessage).toBe('头像更换过于频繁，请稍后再试');
  });

  it('serves only avatars at /file/avatar/:id', async () => {
    const [other] = await server.db.select({ id: files.id }).from(files).where(eq(files.purpose, 'upload')).limit(1);
    if (other) expect((await server.get(`/file/avatar/${other.id}`)).status).toBe(404);
    expect((await server.get('/file/avatar/not-an-id')).status).toBe(400);
    expect((await server.get(`/file/avatar/${'0'.repeat(32)}`)).status).toBe(404);
  });
});
