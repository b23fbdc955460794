import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// 操作日志's detail names each changed record by its entity (plugins/log … locale/zh-CN.ts,
// ENTITY_LABELS). A module that audits a new entity without a label there shows the reader
// 记录 instead of what was changed: this keeps the two lists together.

const SERVER_SRC = join(import.meta.dirname, '..', 'src');
const LOG_LOCALE = join(
  import.meta.dirname,
  '..',
  '..',
  'plugins',
  'log',
  'src',
  'pages',
  'operation-log',
  'locale',
  'zh-CN.ts',
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function auditedEntities(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(SERVER_SRC)) {
    const text = readFileSync(file, 'utf8');
    // A write audited by hand, or an admin resource's (whose helper records it).
    if (!text.includes('recordAudit(') && !text.includes('defineAdminResource(')) continue;
    for (const match of text.matchAll(/\bentity: '([A-Za-z_]+)'/g)) found.add(match[1]!);
  }
  return [...found].sort();
}

function labelledEntities(): string[] {
  const text = readFileSync(LOG_LOCALE, 'utf8');
  const block = /export const ENTITY_LABELS[^{]*\{([^}]*)\}/.exec(text)?.[1] ?? '';
  return [...block.matchAll(/^\s*'?([A-Za-z_]+)'?:/gm)].map((match) => match[1]!);
}

describe('operation log entity labels', () => {
  it('has a Chinese label for every entity the server records in the audit log', () => {
    const entities = auditedEntities();
    expect(entities.length).toBeGreaterThan(10);
    const labelled = new Set(labelledEntities());
    expect(entities.filter((entity) => !labelled.has(entity))).toEqual([]);
  });
});
