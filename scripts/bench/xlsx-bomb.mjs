// Zip bomb against the xlsx import (issue 28, finding 1): `npm run build && npm run bench:xlsx-bomb`.
//
// Starts the built server (server/dist/main.js) on a throw-away embedded database, logs in as
// the demo administrator through the real calls (slider, RSA-encrypted form, one-time ticket),
// and uploads to 用户管理's import (`POST /rest/user/importXls`) a zip of about 1 MB whose
// directory declares 15 KB for its one entry while the entry inflates to BOMB_MB MB (default
// 1,000) of zeros. Prints, per upload (BOMB_RUNS, default 3), the answer, the time from the
// request to the answer, and the server process's resident memory before and at its highest
// while the upload was handled (VmRSS sampled from /proc every 5 ms, Linux).
// Goal: refused within 1 s, resident memory growth ≤ 50 MB.
import { spawn } from 'node:child_process';
import { constants as cryptoConstants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipBomb } from '../../server/scripts/zip-bomb.mjs';
import { freePort, repoRoot } from './lib.mjs';

const BOMB_MB = Number(process.env.BOMB_MB || 1000);
const RUNS = Math.max(1, Number(process.env.BOMB_RUNS || 3));
const DECLARED_BYTES = 15 * 1024;
const GOAL_MS = 1000;
const GOAL_GROWTH_MB = 50;

/** @param {number} pid */
function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/**
 * POSTs JSON, answers the envelope.
 * @param {string} base
 * @param {string} path
 * @param {unknown} body
 */
async function call(base, path, body) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = /** @type {{ rtnCode: string, rtnMessage: string, dataSet: any }} */ (await response.json());
  if (envelope.rtnCode !== '0000') throw new Error(`${path}: ${envelope.rtnCode} ${envelope.rtnMessage}`);
  return envelope.dataSet;
}

/**
 * The account login as the login page does it (docs/auth.md "Login calls"); answers the token.
 * @param {string} base
 */
async function logIn(base) {
  const { challengeId } = await call(base, '/rest/anon/slider/challenge', {});
  // A hand's rhythm: slow start, fast middle, slow end, 900 ms over 24 samples.
  const track = Array.from({ length: 24 }, (_, index) => {
    const progress = index / 23;
    return [Math.round(340 * ((1 - Math.cos(Math.PI * progress)) / 2) * 10) / 10, Math.round(900 * progress)];
  });
  const { proof } = await call(base, '/rest/anon/slider/verify', { challengeId, width: 340, track });
  const { publicKey } = await call(base, '/rest/anon/loginPublicKey', {});
  const payload = JSON.stringify({ c: 'CNCE', u: 'admin', p: 'Admin@2026', s: proof, a: '1' });
  const encrypted = publicEncrypt(
    { key: publicKey, padding: cryptoConstants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(payload),
  );
  const form = new FormData();
  form.append('Authorization', encrypted.toString('base64'));
  const answer = await fetch(`${base}/callback?client_name=form_client`, { method: 'POST', body: form });
  const cookie = /cotton_login=[^;]+/.exec(answer.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`登录失败：${await answer.text()}`);
  const validated = await fetch(`${base}/cas/client/validateLogin`, { headers: { cookie } });
  const { result } = /** @type {{ result: { token: string } }} */ (await validated.json());
  return result.token;
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cotton-xlsx-bomb-'));
  const filesDir = mkdtempSync(join(tmpdir(), 'cotton-xlsx-bomb-files-'));
  const child = spawn(process.execPath, [join(repoRoot, 'server', 'dist', 'main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FILES_DIR: filesDir,
      APP_ENV: 'demo',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SERVER_WORKERS: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`服务器已退出（${child.exitCode}）：先运行 npm run build`);
      try {
        if ((await fetch(`${base}/rest/anon/portalConfig`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('服务器 3 分钟内未就绪');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const token = await logIn(base);
    const bomb = zipBomb({ name: 'xl/worksheets/sheet1.xml', megabytes: BOMB_MB, declaredBytes: DECLARED_BYTES });
    console.log(
      `压缩包 ${(bomb.length / 1024 / 1024).toFixed(2)} MB，声明解压后 ${DECLARED_BYTES / 1024} KB，实际 ${BOMB_MB} MB`,
    );
    const pid = /** @type {number} */ (child.pid);
    let worst = { ms: 0, growth: 0 };
    for (let run = 1; run <= RUNS; run += 1) {
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 5);
      const form = new FormData();
      form.append('file', new Blob([bomb]), 'bomb.xlsx');
      const started = performance.now();
      const response = await fetch(`${base}/rest/user/importXls`, {
        method: 'POST',
        headers: { authorization: token },
        body: form,
      });
      const envelope = /** @type {{ rtnCode: string, rtnMessage: string }} */ (await response.json());
      const ms = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, rssMb(pid));
      worst = { ms: Math.max(worst.ms, ms), growth: Math.max(worst.growth, peak - before) };
      console.log(
        `第 ${run} 次：${envelope.rtnCode} ${envelope.rtnMessage}   用时 ${ms.toFixed(0)} ms   ` +
          `服务进程内存 ${before.toFixed(0)} MB → 最高 ${peak.toFixed(0)} MB（增长 ${(peak - before).toFixed(0)} MB）`,
      );
    }
    const met = worst.ms <= GOAL_MS && worst.growth <= GOAL_GROWTH_MB;
    console.log(
      `最慢 ${worst.ms.toFixed(0)} ms（目标 ≤ ${GOAL_MS} ms），内存增长最多 ${worst.growth.toFixed(0)} MB（目标 ≤ ${GOAL_GROWTH_MB} MB）：${met ? '达标' : '未达标'}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  }
}

await main();
