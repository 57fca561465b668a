// The server's document store keeps one tree per document and reparses it incrementally from
// the LSP changes (tree.edit). After any sequence of edits, the tree must be the one a fresh
// parse of the same text gives: same nodes, same indices, same positions.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import type { Connection, DidChangeTextDocumentParams, DidOpenTextDocumentParams } from 'vscode-languageserver/node';
import type { Tree } from 'web-tree-sitter';
import { initAnalysis } from '../../server/src/core/analyze';
import { GrammarId, parse } from '../../server/src/core/parse/parser';
import { DocumentStore } from '../../server/src/lsp/documents';
import { Logger } from '../../server/src/lsp/log';
import { repoRoot } from '../helpers/fixtures';
import { TestDocument } from '../helpers/lsp-client';

const FIXTURES = path.join(repoRoot(), 'test', 'lsp', 'fixtures');

/** A connection that only hands the store's handlers back to the test. */
function storeWithHandlers() {
  const errors: string[] = [];
  let open: (params: DidOpenTextDocumentParams) => void = () => undefined;
  let change: (params: DidChangeTextDocumentParams) => void = () => undefined;
  const connection = {
    onDidOpenTextDocument: (handler: typeof open) => { open = handler; },
    onDidChangeTextDocument: (handler: typeof change) => { change = handler; },
    onDidCloseTextDocument: () => undefined,
    console: { error: (message: string) => errors.push(message), info: () => undefined, warn: () => undefined },
  } as unknown as Connection;
  const store = new DocumentStore(new Logger(connection));
  store.listen(connection);
  return { store, errors, open: (params: DidOpenTextDocumentParams) => open(params), change: (params: DidChangeTextDocumentParams) => change(params) };
}

/** Every node with its type, indices and positions, in document order. */
function dump(tree: Tree): string[] {
  const lines: string[] = [];
  const cursor = tree.walk();
  let depth = 0;
  for (;;) {
    const node = cursor.currentNode;
    lines.push(`${'  '.repeat(depth)}${node.type} ${node.startIndex}-${node.endIndex} ${node.startPosition.row}:${node.startPosition.column}-${node.endPosition.row}:${node.endPosition.column}`);
    if (cursor.gotoFirstChild()) {
      depth++;
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        cursor.delete();
        return lines;
      }
      depth--;
    }
  }
}

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INSERTIONS = ['x', '\n', '(', ')', ',', 'True', 'False', '😀', 'é', '\r\n', '    ', '"', "'''", '{', '}', 'def f():\n    pass\n', 'readOnlyHint: true,\n'];

/**
 * A random edit that never splits a surrogate pair or a CRLF (an editor never does; lone CRs,
 * which LSP counts as line breaks and tree-sitter does not, are out of scope).
 */
function randomEdit(document: TestDocument, next: () => number) {
  const boundary = (offset: number) => {
    const splits = /[\uDC00-\uDFFF]/.test(document.text[offset] ?? '') || (document.text[offset] === '\n' && document.text[offset - 1] === '\r');
    return splits ? offset - 1 : offset;
  };
  const start = boundary(Math.floor(next() * (document.text.length + 1)));
  const end = boundary(Math.min(document.text.length, start + Math.floor(next() * 12)));
  const insertion = next() < 0.3 ? '' : INSERTIONS[Math.floor(next() * INSERTIONS.length)];
  return document.edit(start, Math.max(start, end), insertion);
}

before(() => initAnalysis());

for (const [name, languageId, grammar, lineEnding] of [
  ['arcade_tools.py', 'python', 'python', '\n'],
  ['arcade_tools.py', 'python', 'python', '\r\n'],
  ['calendar-server.ts', 'typescript', 'typescript', '\n'],
] as const) {
  test(`${name} (${lineEnding === '\n' ? 'LF' : 'CRLF'}): after 300 random edits, one to three per notification, the tree equals a fresh parse`, () => {
    const { store, errors, open, change } = storeWithHandlers();
    const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8').replaceAll('\n', lineEnding);
    const document = new TestDocument(`file:///work/${name}`, languageId, text);
    open({ textDocument: { uri: document.uri, languageId, version: 1, text } });
    assert.equal(store.grammarOf(document.uri), grammar);
    const next = random(name.length * lineEnding.length);
    for (let step = 0; step < 300; step++) {
      const count = 1 + Math.floor(next() * 3);
      const changes = Array.from({ length: count }, () => randomEdit(document, next));
      change({ textDocument: { uri: document.uri, version: document.nextVersion().version }, contentChanges: changes });
      assert.equal(store.get(document.uri)?.getText(), document.text);
      // Some versions are never parsed, as when keystrokes arrive faster than analyses.
      if (step % 3 === 0) continue;
      const fresh = parse(grammar as GrammarId, document.text);
      assert.deepEqual(dump(store.tree(document.uri)!), dump(fresh), `step ${step}`);
      fresh.delete();
    }
    assert.deepEqual(errors, []);
  });
}

test('a full-text change replaces the tree', () => {
  const { store, open, change } = storeWithHandlers();
  open({ textDocument: { uri: 'file:///work/a.py', languageId: 'python', version: 1, text: 'x = 1\n' } });
  store.tree('file:///work/a.py');
  change({ textDocument: { uri: 'file:///work/a.py', version: 2 }, contentChanges: [{ text: 'def f():\n    return 2\n' }] });
  assert.equal(store.tree('file:///work/a.py')?.rootNode.toString(), '(module (function_definition name: (identifier) parameters: (parameters) body: (block (return_statement (integer)))))');
});

test('a file opened as plain text is linted by its extension; other files are not', () => {
  const { store, open } = storeWithHandlers();
  open({ textDocument: { uri: 'untitled:tools.py', languageId: 'plaintext', version: 1, text: '' } });
  open({ textDocument: { uri: 'file:///work/notes.txt', languageId: 'plaintext', version: 1, text: '' } });
  open({ textDocument: { uri: 'file:///work/view.jsx', languageId: 'javascriptreact', version: 1, text: '' } });
  open({ textDocument: { uri: 'file:///work/view.tsx', languageId: 'typescriptreact', version: 1, text: '' } });
  assert.deepEqual(['untitled:tools.py', 'file:///work/notes.txt', 'file:///work/view.jsx', 'file:///work/view.tsx'].map((uri) => store.grammarOf(uri)), ['python', undefined, 'javascript', 'tsx']);
  assert.equal(store.tree('file:///work/notes.txt'), undefined);
});

test('a document over 5 MB gets no tree, and gets one again once it is small enough', () => {
  const { store, open, change } = storeWithHandlers();
  const line = 'x = "tool"  # 😀\n';
  const text = line.repeat(Math.ceil((5 * 1024 * 1024) / Buffer.byteLength(line)) + 1);
  open({ textDocument: { uri: 'file:///work/huge.py', languageId: 'python', version: 1, text } });
  assert.equal(store.isTooLarge('file:///work/huge.py'), true);
  assert.equal(store.tree('file:///work/huge.py'), undefined);
  change({ textDocument: { uri: 'file:///work/huge.py', version: 2 }, contentChanges: [{ text: line }] });
  assert.equal(store.isTooLarge('file:///work/huge.py'), false);
  assert.equal(store.tree('file:///work/huge.py')?.rootNode.text, line);
});

for (const [name, languageId, grammar] of [['arcade_tools.py', 'python', 'python'], ['calendar-server.ts', 'typescript', 'typescript']] as const) {
  test(`${name}: typos undone, one by one or in a row, settled between edits or not: the text, its lines and the tree are those of the edits, each time`, () => {
    const { store, errors, open, change } = storeWithHandlers();
    const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
    const document = new TestDocument(`file:///work/${name}`, languageId, text);
    open({ textDocument: { uri: document.uri, languageId, version: 1, text } });
    const next = random(7);
    const send = (edit: ReturnType<TestDocument['edit']>) => change({ textDocument: { uri: document.uri, version: document.nextVersion().version }, contentChanges: [edit] });
    for (let step = 0; step < 120; step++) {
      const before = document.text;
      const start = Math.floor(next() * before.length);
      const removed = before.slice(start, start + Math.floor(next() * 3));
      const typed = ['x', '', '(', 'ab', '"'][Math.floor(next() * 5)];
      send(document.edit(start, start + removed.length, typed));
      // As the server does between keystrokes, some of the time: the typo's trees made one, then the typo undone.
      if (step % 2 === 0) {
        store.tree(document.uri);
        store.settle(document.uri, document.version);
      }
      // The same typo undone (the store gets its text back), sometimes only after another edit that is not an undo of it.
      if (step % 4 === 3) send(document.edit(0, 0, grammar === 'python' ? '#' : '/'));
      else send(document.edit(start, start + typed.length, removed));
      const stored = store.get(document.uri)!;
      assert.equal(stored.getText(), document.text, `step ${step}`);
      assert.equal(stored.lineCount, document.text.split('\n').length);
      for (const offset of [0, start, Math.floor(document.text.length / 2), document.text.length]) {
        assert.deepEqual(stored.positionAt(offset), positionOf(document.text, offset), `step ${step}, offset ${offset}`);
        assert.equal(stored.offsetAt(positionOf(document.text, offset)), offset);
      }
      const fresh = parse(grammar, document.text);
      assert.deepEqual(dump(store.tree(document.uri)!), dump(fresh), `step ${step}`);
      fresh.delete();
    }
    assert.deepEqual(errors, []);
  });
}

function positionOf(text: string, offset: number): { line: number; character: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}
