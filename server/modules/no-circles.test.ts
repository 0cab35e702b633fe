import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '..');
const IMPORT = /(?:import|export)\s[^'";]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/**
 * The folder a file belongs to: each of server/modules/ is one, each other folder of server/ is one.
 * The composition root (server/*.ts) is left out: it builds every module, and the modules name its
 * `Services` type only.
 */
function folderOf(file: string): string | undefined {
  const parts = path.relative(SERVER, file).split(path.sep);
  if (parts.length < 2 || parts[0] === '..') return undefined;
  return parts[0] === 'modules' && parts.length > 2 ? `modules/${parts[1]}` : parts[0];
}

/** Each folder of server/ and the folders its (non-test) files import from. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' }).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'),
  );
  for (const name of files) {
    const file = path.join(SERVER, name);
    const from = folderOf(file);
    if (!from || from === 'test') continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = match[1] ?? match[2];
      if (!target?.startsWith('.')) continue;
      const to = folderOf(path.resolve(path.dirname(file), target));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The folders that reach one another (strongly connected, Tarjan's way), each set of more than one. */
function tangles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.size - 1);
    stack.push(folder);
    for (const next of graph.get(folder) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(folder, Math.min(low.get(folder) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const tangle = stack.splice(stack.indexOf(folder));
    if (tangle.length > 1) found.push(tangle);
  };
  for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) visit(folder);
  return found;
}

/** One loop through a tangle's first folder, named folder by folder back to it (breadth first: a shortest). */
function loopOf(tangle: string[], graph: Map<string, Set<string>>): string {
  const first = tangle[0] ?? '';
  const cameFrom = new Map<string, string>();
  const queue = [first];
  for (const folder of queue) {
    for (const next of graph.get(folder) ?? []) {
      if (!tangle.includes(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, folder);
      if (next === first) queue.length = 0;
      else queue.push(next);
    }
  }
  const loop = [first];
  for (let at = cameFrom.get(first); at && at !== first; at = cameFrom.get(at)) loop.unshift(at);
  return [first, ...loop].join(' -> ');
}

describe('the server’s folders', () => {
  it('import one another without a loop (the lower folder never imports the higher)', () => {
    const graph = folderGraph();
    expect(tangles(graph).map((tangle) => loopOf(tangle, graph))).toEqual([]);
  });

  it('are read with their imports, and a loop among them would be named', () => {
    const graph = folderGraph();
    // the reading sees the imports that are there: without them the test above would pass on nothing
    expect(graph.get('modules/bag')?.has('platform')).toBe(true);
    expect(graph.get('modules/checkout')?.has('modules/bag')).toBe(true);
    const looped = new Map([
      ['modules/a', new Set(['modules/b'])],
      ['modules/b', new Set(['db', 'modules/c'])],
      ['modules/c', new Set(['modules/a'])],
      ['db', new Set<string>()],
    ]);
    expect(tangles(looped).map((tangle) => loopOf(tangle, looped))).toEqual([
      'modules/a -> modules/b -> modules/c -> modules/a',
    ]);
  });
});
