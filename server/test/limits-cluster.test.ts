import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_RATE_LIMIT } from '../src/modules/complain/service';
import { UPLOAD_LIMITS } from '../src/modules/files/service';
import { REGISTER_CHECK_LIMIT } from '../src/modules/register/duplicates';
import { SUBMITTED_FILES_PER_ADDRESS_PER_HOUR } from '../src/modules/register/submit';
import { SMS_RATE_LIMITS } from '../src/modules/sms/codes';
import { SERVER_ROOT } from '../src/paths';
import { openSeededTestDatabase } from './helpers';
import {
  FILES_PER_SUBMISSION,
  complaintsFromOneAddress,
  freshAddress,
  registerChecksFromOneAddress,
  smsForOneMobile,
  smsFromOneAddress,
  submissionsFromOneAddress,
  uploadsFromOneAddress,
  uploadsOnOneToken,
} from './limit-scenarios';
import type { TestDatabase } from './test-database';
// @ts-expect-error -- plain ESM build script without type declarations
import { buildServer } from '../build.mjs';

// DESIGN "One atomic limit" with real processes: two built servers on one PostgreSQL database,
// each limit hit by 100 requests at once, alternately sent to either process — accepted exactly
// up to the limit. (PGlite: one process owns its database; limits.test.ts runs the same
// scenarios on one process.)

const outdir = join(SERVER_ROOT, 'node_modules', '.cache', 'limits-cluster-test');
const cluster = process.env.TEST_DATABASE_URL ? describe : describe.skip;
let work = '';
let database: TestDatabase | null = null;
const processes: Array<{ child: ChildProcess; exited: Promise<unknown> }> = [];
let bases: string[] = [];

function start(databaseUrl: string): Promise<string> {
  const child = spawn(process.execPath, [join(outdir, 'main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      SERVER_WORKERS: '1',
      STATIC_ROOT: work,
      // One machine: both processes keep the files' bytes in one folder.
      FILES_DIR: join(work, 'files'),
      APP_ENV: 'test',
      LOG_FORMAT: 'json',
      JOB_TICK_MS: '0',
      // The test is the proxy: each scenario's visitors have addresses of their own.
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push({ child, exited: new Promise((resolve) => child.once('exit', resolve)) });
  const errors: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => errors.push(line));
  return new Promise<string>((resolve, reject) => {
    // Every line is read (the pipe must not fill up); the address is in the listening line.
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${errors.join('\n')}`)));
  });
}

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  work = await mkdtemp(join(tmpdir(), 'cotton-limits-'));
  const [seeded] = await Promise.all([openSeededTestDatabase(), buildServer({ outdir, logLevel: 'silent' })]);
  database = seeded;
  bases = await Promise.all([start(seeded.url!), start(seeded.url!)]);
}, 120_000);
afterAll(async () => {
  for (const { child, exited } of processes) {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
  await database?.close();
  await rm(outdir, { recursive: true, force: true });
  if (work) await rm(work, { recursive: true, force: true });
});

const SIMULTANEOUS = 100;
const none: string[] = [];

cluster('100 requests at once against one limit, two server processes on PostgreSQL', { timeout: 60_000 }, () => {
  it('uploads on one token', async () => {
    expect(await uploadsOnOneToken(bases, SIMULTANEOUS)).toEqual({
      accepted: UPLOAD_LIMITS.loosePerToken - 1,
      refused: SIMULTANEOUS - UPLOAD_LIMITS.loosePerToken + 1,
      other: none,
    });
  });

  it('anonymous uploads from one address', async () => {
    const address = freshAddress();
    expect(await uploadsFromOneAddress(bases, 50, address)).toEqual({ accepted: 50, refused: 0, other: none });
    expect(await uploadsFromOneAddress(bases, SIMULTANEOUS, address)).toEqual({
      accepted: UPLOAD_LIMITS.perAddressPerHour - 50,
      refused: SIMULTANEOUS - (UPLOAD_LIMITS.perAddressPerHour - 50),
      other: none,
    });
  });

  it('complaints from one address', async () => {
    expect(await complaintsFromOneAddress(bases, SIMULTANEOUS)).toEqual({
      accepted: COMPLAINT_RATE_LIMIT.max,
      refused: SIMULTANEOUS - COMPLAINT_RATE_LIMIT.max,
      other: none,
    });
  });

  it('SMS codes from one address', async () => {
    expect(await smsFromOneAddress(bases, SIMULTANEOUS, 15)).toEqual({
      accepted: SMS_RATE_LIMITS.perAddressHour - 15,
      refused: SIMULTANEOUS - SMS_RATE_LIMITS.perAddressHour + 15,
      other: none,
    });
  });

  it('SMS codes for one mobile', async () => {
    expect(await smsForOneMobile(bases, SIMULTANEOUS)).toEqual({ accepted: 1, refused: SIMULTANEOUS - 1, other: none });
  });

  it('the registration’s anonymous name and credit-code checks from one address', async () => {
    expect(await registerChecksFromOneAddress(bases, SIMULTANEOUS)).toEqual({
      accepted: REGISTER_CHECK_LIMIT.max,
      refused: SIMULTANEOUS - REGISTER_CHECK_LIMIT.max,
      other: none,
    });
  });

  it('submitted files from one address', async () => {
    const fit = Math.floor(SUBMITTED_FILES_PER_ADDRESS_PER_HOUR / FILES_PER_SUBMISSION);
    expect(await submissionsFromOneAddress(bases, fit + 8)).toEqual({ accepted: fit, refused: 8, other: none });
  });
});
