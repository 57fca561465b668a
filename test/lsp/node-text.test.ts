// Node text read from the document store's trees: the same characters as the document, and, kept
// across edits (as incremental analysis keeps declarations), not holding each old version's whole text.
import * as assert from 'node:assert/strict';
import { before, test } from 'node:test';
import * as v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Node } from 'web-tree-sitter';
import { initAnalysis } from '../../server/src/core/analyze';
import { fedDocumentStore } from '../helpers/document-store';

before(() => initAnalysis());

function* allNodes(node: Node): Generator<Node> {
  yield node;
  for (const child of node.children) if (child) yield* allNodes(child);
}

const SOURCE = [
  '"""Tools — with accents (é), an emoji (😀) and CRLF-free text."""',
  'from arcade_tdk import tool, ToolMetadata',
  '',
  '@tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.READ], read_only=True)))',
  `def ${'a_rather_long_function_name_'.repeat(5)}😀_tail(query: str) -> str:`,
  `    """${'A docstring longer than one chunk of copied text. '.repeat(8)}"""`,
  "    return f'{query} ✓'",
  '',
].join('\n');

test('every node\'s text equals the document text between its indices, also after edits and across chunk boundaries', () => {
  const { store, errors, open, change } = fedDocumentStore();
  const uri = 'file:///work/node_text.py';
  open({ textDocument: { uri, languageId: 'python', version: 1, text: SOURCE } });
  const check = () => {
    const text = store.get(uri)!.getText();
    let checked = 0;
    for (const node of allNodes(store.tree(uri)!.rootNode)) {
      assert.equal(node.text, text.slice(node.startIndex, node.endIndex), `${node.type} ${node.startIndex}-${node.endIndex}`);
      checked++;
    }
    assert.ok(checked > 60, `${checked} nodes`);
  };
  check();
  // Insertions before, inside and after the long name, the emoji and the docstring.
  for (const [version, line, character, inserted] of [[2, 0, 0, '# 😀 first\n'], [3, 5, 40, 'x'], [4, 7, 10, 'é'], [5, 8, 0, 'value = 1\n']] as const) {
    change({ textDocument: { uri, version }, contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: inserted }] });
    check();
  }
  assert.deepEqual(errors, []);
});

test('names kept from the trees of 20 versions of a 512 KB document do not keep those versions\' texts alive', () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const { store, open, change } = fedDocumentStore();
  const uri = 'file:///work/large_module.py';
  const line = 'def a_function_with_a_long_name(argument_number_one, argument_number_two): return 1\n';
  open({ textDocument: { uri, languageId: 'python', version: 1, text: line.repeat(Math.ceil(512 * 1024 / line.length)) } });
  const kept: string[] = [];
  for (let version = 2; version <= 21; version++) {
    change({ textDocument: { uri, version }, contentChanges: [{ range: { start: { line: version, character: 0 }, end: { line: version, character: 0 } }, text: '#' }] });
    const name = store.tree(uri)!.rootNode.firstChild!.childForFieldName('name')!.text;
    assert.equal(name, 'a_function_with_a_long_name');
    kept.push(name);
  }
  gc();
  const withNames = process.memoryUsage().heapUsed;
  kept.length = 0;
  gc();
  const retainedByNames = withNames - process.memoryUsage().heapUsed;
  // Slices of each version's text would hold 10 MB; copies hold a few kilobytes.
  assert.ok(retainedByNames < 2 * 1024 * 1024, `the kept names held ${(retainedByNames / 2 ** 20).toFixed(1)} MB`);
});
