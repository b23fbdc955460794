import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, describe, it } from 'vitest';
import { sysUsers } from '../src/db/schema/index';
import { createSession } from '../src/modules/auth/session';
import { caseOf, fuzzTargets, problemOf, send, type FuzzCase } from './fuzz/request-fuzz';
import { startTestServer } from './helpers';

// Every route, fed requests derived from its own schemas and then spoiled
// (fuzz/request-fuzz.ts): each answer is an envelope (on /rest), never HTTP 5xx, never SQL,
// a stack or a file path. Protected routes are fuzzed anonymously and logged in as the
// system administrator, so the handlers behind the permission check are reached too.
// `npm run bench:fuzz` runs the same cases 10,000 times per route and prints the figures,
// answer times included (FUZZ_RUNS, FUZZ_REPORT); here 100 per route, timing not asserted.

// CI's PostgreSQL pass (TEST_DATABASE_URL) sends 25 per route from another seed: cases the
// embedded-database pass did not send, on the other driver, in a quarter of the time.
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const RUNS = Number(process.env.FUZZ_RUNS ?? (ON_POSTGRES ? 25 : 100));
/**
 * Cases per route: RUNS; a logged-in export a fifth of them, since each case builds a whole
 * workbook (the operation log's grows with every call this file makes: 300 cases took 34 s
 * of the suite's CPU). `npm run bench:fuzz` runs every route at the full count.
 */
const runsOf = (target: { route: { url: string }; token: string | null }): number =>
  !REPORT && target.token && /\/export/i.test(target.route.url) ? Math.ceil(RUNS / 5) : RUNS;
const REPORT = process.env.FUZZ_REPORT;
const SEED = ON_POSTGRES ? 20_261_127 : 20_261_124;

const server = await startTestServer();
const [admin] = await server.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
const token = await createSession(server.db, { userId: admin.id, clientName: 'form_client' });
afterAll(async () => {
  await server.close();
});

function describeCase(request: FuzzCase): string {
  return `${request.method} ${request.url.slice(0, 300)}\nheaders ${JSON.stringify(request.headers).slice(0, 300)}\nbody ${request.payload?.slice(0, 300) ?? '—'}`;
}

describe('every route answers hostile input with an envelope, never a 5xx or a leak', () => {
  for (const target of fuzzTargets(server.app, token)) {
    const name = `${target.route.method} ${target.route.url}${target.token ? ' (logged in)' : ''}`;
    const runs = runsOf(target);
    it(name, { timeout: 30_000 + runs * 50 }, async () => {
      if (REPORT) {
        // The benchmark: every case is run and counted; the figures go to the report.
        const figures = {
          route: name,
          cases: 0,
          serverErrors: 0,
          leaks: 0,
          slow: 0,
          slowestMs: 0,
          firstProblem: null as string | null,
        };
        for (const request of fc.sample(caseOf(target), { numRuns: RUNS, seed: SEED })) {
          const answer = await send(server.app, request);
          const problem = problemOf(request.url, answer);
          figures.cases += 1;
          if (problem?.startsWith('server error')) figures.serverErrors += 1;
          else if (problem) figures.leaks += 1;
          if (answer.ms > 100) figures.slow += 1;
          figures.slowestMs = Math.max(figures.slowestMs, answer.ms);
          if (problem && !figures.firstProblem) figures.firstProblem = `${problem}\n${describeCase(request)}`;
        }
        appendFileSync(REPORT, `${JSON.stringify(figures)}\n`);
        return;
      }
      await fc.assert(
        fc.asyncProperty(caseOf(target), async (request) => {
          const problem = problemOf(request.url, await send(server.app, request));
          if (problem) throw new Error(`${problem}\n${describeCase(request)}`);
        }),
        { numRuns: runs, seed: SEED },
      );
    });
  }
});
