/**
 * Our own sources build no object literal that starts with a spread and adds keys after it
 * (`{ ...base, key }`): Node 20's V8 gives each such object a hidden class of its own, which made
 * the analysis 10-20 % slower (server/src/core/with-fields.ts). They write `withFields(base, { key })`,
 * or spread last where no key can be in the spread (`{ key, ...base }`). Read with our TypeScript grammar.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { Node } from 'web-tree-sitter';
import { initAnalysis } from '../../server/src/core/analyze';
import { parse } from '../../server/src/core/parse/parser';
import { listFixtures, repoRoot } from '../helpers/fixtures';

before(() => initAnalysis());

/** `file:line: text` of each object literal whose first member is a spread and that has more members. */
function spreadFirstObjects(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const tree = parse('typescript', text);
  try {
    return tree.rootNode.descendantsOfType('object').flatMap((object: Node | null) => {
      const members = object ? object.namedChildren.filter((member) => member && member.type !== 'comment') : [];
      if (members.length < 2 || members[0]?.type !== 'spread_element') return [];
      return [`${path.relative(repoRoot(), file)}:${object!.startPosition.row + 1}: ${object!.text.replace(/\s+/g, ' ').slice(0, 80)}`];
    });
  } finally {
    tree.delete();
  }
}

test('no object literal of the server, the CLI or the core spreads first and adds keys after', () => {
  const found = listFixtures(path.join(repoRoot(), 'server', 'src')).filter((file) => file.endsWith('.ts')).flatMap(spreadFirstObjects);
  assert.deepEqual(found, []);
});

test('the check finds the pattern it forbids, and passes the forms that replace it', () => {
  const probe = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'spreads-')), 'probe.ts');
  fs.writeFileSync(probe, [
    'const a = { ...base, kind: "x" };',
    'const b = { kind: "x", ...base };',
    'const c = withFields(base, { kind: "x" });',
    'const d = { ...base };',
    'const e = { ...base, ...more };',
  ].join('\n'));
  assert.deepEqual(spreadFirstObjects(probe).map((line) => line.slice(line.indexOf(': ') + 2)), ['{ ...base, kind: "x" }', '{ ...base, ...more }']);
});
