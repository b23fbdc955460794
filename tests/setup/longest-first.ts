import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (a full run's `test-results/vitest-*.json`), longest first. On a
 * clean clone (CI) vitest has no timings of an earlier run and starts the largest files first:
 * `fuzz.test.ts` (2 min, a small file) then started last and ran alone for its whole length
 * while the other worker sat idle — 135 of the server suite's 474 s. Each name is the end of a
 * test file's path; a name that matches nothing is harmless, a new slow file belongs here.
 */
export const LONGEST_FIRST: readonly string[] = [
  // server (`--project server`)
  'test/fuzz.test.ts',
  'test/main.test.ts',
  'test/jobs-cluster.test.ts',
  'test/limits-cluster.test.ts',
  'test/auth-login.test.ts',
  'test/seed.test.ts',
  'test/search-index.test.ts',
  'test/account.test.ts',
  'test/phone-login.test.ts',
  'test/register-durability.test.ts',
  'test/request-schemas.test.ts',
  'test/receipt.test.ts',
  'test/ceiling.test.ts',
  'test/limits.test.ts',
  'test/plugin-admin.test.ts',
  'test/permission-matrix.test.ts',
  'test/security-headers.test.ts',
  // unit and component
  'register/src/pages/register/index.test.tsx',
  'system/src/pages/register-review/index.test.tsx',
  'system/src/pages/user-list/index.test.tsx',
  'register/src/pages/status/index.test.tsx',
  'sdk/src/list/ListPage.test.tsx',
  'shell/src/auth/login/LoginPage.test.tsx',
  'tools/plugin-tools/lib/dev-server.test.mjs',
  'system/src/pages/plugin-list/index.test.tsx',
  'sdk/src/widgets/slider-verify/SliderVerify.test.tsx',
  'scripts/lint/call-literals.test.mjs',
  'register/src/pages/enterprise-change/index.test.tsx',
  'system/src/pages/role-list/index.test.tsx',
  'task/src/pages/task-list/index.test.tsx',
  'shell/src/workspace/WorkspaceTabs.test.tsx',
  'scripts/lint/server-cycles.test.mjs',
];

function rank(file: TestSpecification): number {
  const at = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
  return at === -1 ? LONGEST_FIRST.length : at;
}

/**
 * Vitest's order (a project's files together, isolated ones first; failed, then longest of the
 * last run when it has timings), with the files of {@link LONGEST_FIRST} moved to the front of
 * their project's run, so that the workers end together.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const runOf = (file: TestSpecification) => `${file.project.name}\0${file.project.config.isolate}`;
    const order = new Map<string, number>();
    sorted.forEach((file) => {
      if (!order.has(runOf(file))) order.set(runOf(file), order.size);
    });
    return sorted
      .map((file, index) => ({ file, index }))
      .sort(
        (a, b) =>
          order.get(runOf(a.file))! - order.get(runOf(b.file))! || rank(a.file) - rank(b.file) || a.index - b.index,
      )
      .map(({ file }) => file);
  }
}
