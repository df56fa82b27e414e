import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The API's modules form a graph without cycles (ARCHITECTURE.md: two modules never import each other, directly
 * or through others). Where one module must act inside another's transaction, the other runs a hook
 * (lib/tx-hooks.ts) that the first registers in app.ts. Test code (tests, factories, set-ups) may reach anywhere.
 */
const modulesDir = dirname(fileURLToPath(import.meta.url));
const isTestCode = (file: string) => /(\.test\.ts|test-factory\.ts|test-setup\.ts)$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !isTestCode(name) ? [path] : [];
  });
}

/**
 * The modules one file imports, from its text: `depth` is how many folders below modules/ it sits. Both forms
 * count, the public face (`'../queue'`, its index.ts) and a file inside (`'../queue/repo'`, test code only).
 */
function importedModules(source: string, depth: number, modules: ReadonlySet<string>): string[] {
  const up = '\\.\\./'.repeat(depth);
  const pattern = new RegExp(`(?:from|import)\\s*\\(?\\s*'${up}([a-z0-9-]+)(?:/[^']*)?'`, 'g');
  return [...source.matchAll(pattern)].map((m) => m[1]!).filter((name) => modules.has(name));
}

/** module → the modules its production files import (static, dynamic and type imports alike). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const modules = new Set(readdirSync(modulesDir).filter((n) => statSync(join(modulesDir, n)).isDirectory()));
  for (const mod of modules) {
    const uses = new Set<string>();
    for (const file of sourceFiles(join(modulesDir, mod))) {
      const depth = file.slice(modulesDir.length + 1).split('/').length - 1;
      for (const used of importedModules(readFileSync(file, 'utf8'), depth, modules))
        if (used !== mod) uses.add(used);
    }
    graph.set(mod, uses);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the path that closes it. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const walk = (node: string, path: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), node, next]);
      else if (!state.has(next)) walk(next, [...path, node]);
    }
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) walk(node, []);
  return found.map((c) => c.filter((n, i) => i === 0 || n !== c[i - 1]));
}

describe('API module graph', () => {
  const graph = moduleGraph();

  it('reads the imports between modules', () => {
    // The waiting queue books appointments: the edge runs from queue to appointments, never back.
    expect(graph.get('queue')).toContain('appointments');
    expect(graph.get('appointments')).not.toContain('queue');
  });

  it('has no cycle', () => {
    expect(cycles(graph).map((c) => c.join(' → '))).toEqual([]);
  });

  it('sees an import of a public face as well as one of a file inside, and nothing outside modules/', () => {
    const source = [
      "import { bookInTransaction } from '../appointments';",
      "import * as qrepo from '../queue/repo';",
      "import type { Actor } from '../../lib/context';",
      "const m = await import('../calls');",
      "import { x } from './local';",
    ].join('\n');
    const known = new Set(['appointments', 'queue', 'calls', 'lib']);
    expect(importedModules(source, 1, known)).toEqual(['appointments', 'queue', 'calls']);
    // One folder deeper, '../x' is the module's own file and '../../x' another module.
    expect(
      importedModules("import { y } from '../../queue';\nimport { z } from '../queue';", 2, known),
    ).toEqual(['queue']);
  });

  it('the cycle finder finds a cycle', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(g)).toHaveLength(1);
  });
});
