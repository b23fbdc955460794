import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { fileBlobs, files, registerApplies, registerApplyFiles } from '../src/db/schema/index';
import { SERVER_ROOT } from '../src/paths';
import { openSeededTestDatabase, writeSeededPgliteFolder } from './helpers';
import { completeApplication } from './register-fixtures';
// @ts-expect-error -- plain ESM build script without type declarations
import { buildServer } from '../build.mjs';

// Issue 13 item 10: the built server is killed (SIGKILL) while 50 applications with files are
// being submitted; after a restart every application is either complete — its row and every
// file, bytes and hash as sent — or absent, and no stored bytes are left that no row names.

const outdir = join(SERVER_ROOT, 'node_modules', '.cache', 'durability-test');
const SUBMISSIONS = 50;
let work: string;
let databaseUrl: string | null = null;
let dataDir = '';
let filesDir = '';
let pgDatabase: DatabaseHandle | null = null;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'cotton-durability-'));
  await buildServer({ outdir, logLevel: 'silent' });
  filesDir = join(work, 'files');
  dataDir = join(work, 'pglite');
  // The server processes start on a copy of the seeded test database, not an empty one they would seed.
  if (process.env.TEST_DATABASE_URL) {
    const database = await openSeededTestDatabase();
    databaseUrl = database.url;
    pgDatabase = database;
  } else {
    await writeSeededPgliteFolder(dataDir);
  }
}, 120_000);
afterAll(async () => {
  await pgDatabase?.close();
  await rm(outdir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

function start(): { child: ChildProcess; listening: Promise<string>; exited: Promise<unknown> } {
  const child = spawn(process.execPath, [join(outdir, 'main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      FILES_DIR: filesDir,
      STATIC_ROOT: work,
      APP_ENV: 'test',
      LOG_FORMAT: 'json',
      SERVER_WORKERS: '1',
      // Each application comes from an address of its own (below): one address's share of
      // submitted files (70 an hour) would refuse most of the 50.
      TRUST_PROXY: '127.0.0.1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error('exited before listening')));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, listening, exited };
}

interface Sent {
  requestId: string;
  files: Array<{ field: string; sha256: string; size: number }>;
}

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF_HEAD = Buffer.from('%PDF-1.4\n');

/** A file of `size` bytes with a real signature and random content. */
function fileOf(head: Buffer, size: number): Buffer {
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

async function submitOne(
  baseUrl: string,
  typeId: string,
  index: number,
): Promise<{ sent: Sent; answer: Promise<string> }> {
  const { vo } = completeApplication(typeId, { usbkeyInfo: { isNeedUsbkey: '0' } });
  const parts: Array<[string, Buffer, string]> = [
    ['copyBusinessLicenseFile', fileOf(PNG_HEAD, 200_000 + randomInt(400_000)), 'a.png'],
    ['copyBusinessLicenseFile', fileOf(PNG_HEAD, 200_000 + randomInt(400_000)), 'b.png'],
    ['lrCertificateFile', fileOf(PNG_HEAD, 100_000 + randomInt(200_000)), 'c.png'],
    ['feeFile', fileOf(PDF_HEAD, 100_000 + randomInt(200_000)), 'd.pdf'],
  ];
  const requestId = vo.requestId;
  const form = new FormData();
  form.append('registerApplyVo', JSON.stringify(vo));
  for (const [field, bytes, fileName] of parts) form.append(field, new Blob([bytes]), fileName);
  const sent: Sent = {
    requestId,
    files: parts.map(([field, bytes]) => ({
      field,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
    })),
  };
  const answer = fetch(`${baseUrl}/rest/traderregister/addRegisterApply`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': `10.99.0.${index + 1}` },
  })
    .then(async (response) => ((await response.json()) as { rtnCode: string }).rtnCode)
    .catch(() => 'cut off');
  return { sent, answer };
}

async function accountTypeId(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/rest/accountType/getRegisterAccountType`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await response.json()) as { dataSet: { registerAccountTypeList: Array<{ id: string }> } };
  return body.dataSet.registerAccountTypeList[0].id;
}

const PART_FIELDS: Record<string, string> = {
  copyBusinessLicenseFile: 'copyBusinessLicenseId',
  lrCertificateFile: 'lrCertificateId',
  feeFile: 'feeId',
};

describe('submissions survive a SIGKILL', { timeout: 300_000 }, () => {
  it('leaves every application whole or absent, and no file without a row', async () => {
    const first = start();
    const baseUrl = await first.listening;
    const typeId = await accountTypeId(baseUrl);

    // 50 at once; the process is killed when a random number of them have been answered.
    const killAfter = randomInt(3, 30);
    let answered = 0;
    const submissions = await Promise.all(
      Array.from({ length: SUBMISSIONS }, (_, index) => submitOne(baseUrl, typeId, index)),
    );
    const killed = new Promise<void>((resolve) => {
      for (const { answer } of submissions)
        void answer.then(() => {
          answered += 1;
          if (answered === killAfter) {
            first.child.kill('SIGKILL');
            resolve();
          }
        });
    });
    await killed;
    const answers = await Promise.all(submissions.map(({ answer }) => answer));
    await first.exited;

    // A restart sweeps what the kill cut off; then stop it and look at what is stored.
    const second = start();
    await second.listening;
    second.child.kill('SIGTERM');
    await second.exited;

    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      let complete = 0;
      let absent = 0;
      for (const [index, { sent }] of submissions.entries()) {
        const [row] = await database.db
          .select()
          .from(registerApplies)
          .where(eq(registerApplies.requestId, sent.requestId));
        if (!row) {
          absent += 1;
          // An application answered 0000 must be there.
          expect(answers[index]).not.toBe('0000');
          continue;
        }
        const stored = await database.db
          .select({ field: registerApplyFiles.field, sha256: files.sha256, size: files.size })
          .from(registerApplyFiles)
          .innerJoin(files, eq(files.id, registerApplyFiles.fileId))
          .where(eq(registerApplyFiles.applyId, row.id));
        expect(stored.map((file) => `${file.field}:${file.sha256}:${file.size}`).sort()).toEqual(
          sent.files.map((file) => `${PART_FIELDS[file.field]}:${file.sha256}:${file.size}`).sort(),
        );
        for (const file of stored) {
          const [blob] = await database.db.select().from(fileBlobs).where(eq(fileBlobs.sha256, file.sha256));
          const bytes = blob!.bytes;
          expect(bytes.length).toBe(file.size);
          expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
        }
        complete += 1;
      }
      // No bytes without a row naming them, nothing half-written.
      const unnamed = await database.db.execute(sql`
        select count(*)::int as n from file_blobs b
        where not exists (select 1 from files f where f.sha256 = b.sha256)
          and not exists (select 1 from plugin_files p where p.sha256 = b.sha256)`);
      expect((unnamed as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
      const [{ stored: storedBlobs }] = await database.db
        .select({ stored: sql<number>`count(*)::int` })
        .from(fileBlobs);
      expect(await readdir(join(filesDir, 'tmp')).catch(() => [])).toEqual([]);
      console.log(
        `耐久测试：${SUBMISSIONS} 份申请，第 ${killAfter} 份得到答复后 SIGKILL — 完整 ${complete} 份，不存在 ${absent} 份，` +
          `其中答复成功 ${answers.filter((answer) => answer === '0000').length} 份；数据库中 ${storedBlobs} 份文件内容，无孤立内容`,
      );
      expect(complete + absent).toBe(SUBMISSIONS);
      expect(complete).toBeGreaterThanOrEqual(killAfter - 0);
    } finally {
      await database.close();
    }
  });
});
