// The server's modules are rooms with one door (DESIGN §1): the lint rule keeps every import of
// another module on its index.ts; this reads the imports and checks that the rooms form no loop.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = resolve(import.meta.dirname, '../../server/modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const moduleOf = (path: string) => {
  const parts = relative(MODULES, path).split('/');
  return parts[0] === '..' || parts.length < 2 ? null : parts[0];
};

/** module -> the modules its files import (type-only imports included: they couple too). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file);
    if (!from) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/\bfrom\s+'(\.[^']+)'/g)) {
      const to = moduleOf(resolve(dirname(file), spec));
      if (to && to !== from) targets.add(to);
    }
  }
  return graph;
}

/** The loops of `graph`, each as the modules it passes through. */
function loops(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('server modules', () => {
  it('each module has a door: an index.ts', () => {
    const modules = readdirSync(MODULES).filter((name) =>
      statSync(join(MODULES, name)).isDirectory(),
    );
    expect(modules.length).toBeGreaterThan(10);
    expect(
      modules.filter(
        (name) => !sourceFiles(join(MODULES, name)).some((f) => f.endsWith(`${name}/index.ts`)),
      ),
    ).toEqual([]);
  });

  it('no module imports, directly or around a loop, one that imports it back', () => {
    const graph = moduleGraph();
    expect(graph.get('statements')?.has('finance')).toBe(true);
    expect(loops(graph).map((loop) => loop.join(' -> '))).toEqual([]);
  });
});
