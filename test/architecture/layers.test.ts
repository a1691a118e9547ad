import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importCycles, importGraph } from './import-graph';

/**
 * Who may import whom. Calls flow down one layer at a time: adapters (lsp, CLI) → the language façade → its rooms →
 * project → checker. The adapters reach the language rooms only through the façade (server/src/language/index.ts),
 * and what they share with the server (custom requests and their types, settings, codes, watched files, how the
 * server starts) only through the protocol module (server/src/protocol/index.ts); the VS Code client reaches
 * nothing else of the server.
 */
const FACADE = 'server/src/language/index.ts';
const PROTOCOL = 'server/src/protocol/index.ts';
const LAYERS: { layer: string; under: string; may: string[] }[] = [
  { layer: 'checker', under: 'server/src/checker/', may: ['server/src/checker/', 'schemas/'] },
  { layer: 'project', under: 'server/src/project/', may: ['server/src/project/', 'server/src/checker/'] },
  {
    layer: 'protocol',
    under: 'server/src/protocol/',
    may: [
      'server/src/protocol/',
      'server/src/project/project-settings.ts',
      'server/src/checker/workspace/page-files.ts',
      'server/src/checker/workspace/docs-paths.ts',
      'server/src/checker/model/element-kinds.ts',
      'server/src/checker/languages/language-grid.ts',
      // The codes a feature names (rules' `namedElsewhere`): generated data, no import of its own.
      'server/src/checker/rules/generated/rule-codes.ts',
    ],
  },
  { layer: 'language', under: 'server/src/language/', may: ['server/src/language/', 'server/src/protocol/', 'server/src/project/', 'server/src/checker/', 'schemas/'] },
  { layer: 'lsp', under: 'server/src/lsp/', may: ['server/src/lsp/', FACADE, PROTOCOL] },
  { layer: 'server entry', under: 'server/src/', may: ['server/src/lsp/', 'server/src/code-cache.ts', 'server/src/server-main.ts'] },
  { layer: 'client', under: 'client/src/', may: ['client/src/', 'api/src/', PROTOCOL] },
  { layer: 'cli', under: 'cli/src/', may: ['cli/src/', 'api/src/', FACADE, PROTOCOL, 'server/src/code-cache.ts', 'package.json', 'docs/parity/matched.json'] },
  { layer: 'api', under: 'api/src/', may: ['api/src/'] },
];

test('layers: every import stays in its layer or goes one layer down', () => {
  const wrong: string[] = [];
  for (const [file, targets] of importGraph()) {
    const rule = LAYERS.find((l) => file.startsWith(l.under));
    if (!rule) continue;
    for (const target of targets) if (!rule.may.some((allowed) => target.startsWith(allowed))) wrong.push(`${file} (${rule.layer}) imports ${target}`);
  }
  assert.deepEqual(wrong, []);
});

test('layers: no import cycles', () => {
  assert.deepEqual(importCycles(importGraph()), []);
});

test('layers: the graph is real (a known import is found, and a cycle would be seen)', () => {
  const graph = importGraph();
  assert.ok(graph.get('server/src/lsp/feature-requests.ts')?.includes(FACADE));
  const looped = new Map(graph);
  looped.set('server/src/checker/check.ts', [...graph.get('server/src/checker/check.ts')!, 'server/src/checker/index.ts']);
  assert.ok(importCycles(looped).some((cycle) => cycle.includes('server/src/checker/check.ts')));
});
