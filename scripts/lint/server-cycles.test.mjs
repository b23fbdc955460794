// The server's parts import each other without a cycle, and read the seed only to seed
// (scripts/lint/server-cycles.mjs).
import { describe, expect, it } from 'vitest';
import { cyclesOf, moduleCycles, moduleGraph, seedImports } from './server-cycles.mjs';

describe('server modules', () => {
  it('import each other without a cycle', { timeout: 60_000 }, () => {
    const graph = moduleGraph();
    const described = moduleCycles().map((group) =>
      group
        .flatMap((from) =>
          [...(graph.get(from) ?? [])]
            .filter(([to]) => group.includes(to))
            .map(([to, file]) => `${from} → ${to} (${file})`),
        )
        .join('; '),
    );
    expect(described).toEqual([]);
  });

  it(
    'read nothing of the seed at run time, but for the first start of a demo (bootstrap.ts)',
    { timeout: 60_000 },
    () => {
      expect(seedImports()).toEqual([]);
    },
  );

  it('finds every cycle, long ones included, and nothing else', () => {
    /** @param {Record<string, string[]>} edges */
    const graph = (edges) =>
      new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, `${from}.ts`]))]));
    expect(cyclesOf(graph({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
    expect(cyclesOf(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'], e: ['f'], f: ['e'] }))).toEqual([
      ['a', 'b', 'c'],
      ['e', 'f'],
    ]);
  });
});
