import type { TestProject } from 'vitest/node';
import { createTestDatabaseTemplate } from './test-database';

/** Migrates and seeds the database every test server starts from a copy of, once per run (test-database.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, remove } = await createTestDatabaseTemplate();
  project.provide('testDatabaseTemplate', template);
  return remove;
}
