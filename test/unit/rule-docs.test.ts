// The committed docs pages (docs/rules/*.md) must be exactly what the rule files render.
// Regenerate with `npm run docs` (which runs this file with --write).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { ALL_RULES } from '../../server/src/core/rules';
import { renderRuleDoc, renderRuleIndex } from '../../server/src/core/rules/docs-page';
import { docsUrl } from '../../server/src/core/rules/rule';
import { repoRoot } from '../helpers/fixtures';

const DOCS = path.join(repoRoot(), 'docs', 'rules');
const write = process.argv.includes('--write');

const pages: Array<{ file: string; content: string }> = [
  ...ALL_RULES.map((rule) => ({ file: `${rule.name}.md`, content: renderRuleDoc(rule) })),
  { file: 'README.md', content: renderRuleIndex(ALL_RULES) },
];

if (write) {
  fs.mkdirSync(DOCS, { recursive: true });
  for (const page of pages) fs.writeFileSync(path.join(DOCS, page.file), page.content);
}

for (const page of pages) {
  test(`docs/rules/${page.file} matches its rule file`, () => {
    const file = path.join(DOCS, page.file);
    assert.ok(fs.existsSync(file), `docs/rules/${page.file} is missing: run npm run docs`);
    assert.equal(fs.readFileSync(file, 'utf8'), page.content, `docs/rules/${page.file} is stale: run npm run docs`);
  });
}

test('every rule has a complete docs entry and a unique code and name', () => {
  const codes = new Set<string>();
  const names = new Set<string>();
  for (const rule of ALL_RULES) {
    assert.match(rule.code, /^MTL\d{3}$/);
    assert.match(rule.name, /^[a-z]+(-[a-z]+)*$/);
    assert.ok(!codes.has(rule.code) && !names.has(rule.name), `${rule.code} ${rule.name} is registered twice`);
    codes.add(rule.code);
    names.add(rule.name);
    for (const field of ['summary', 'whatItDoes', 'why', 'example', 'useInstead', 'fix'] as const) {
      assert.ok(rule.docs[field].trim().length > 0, `${rule.code} docs.${field} is empty`);
    }
    assert.equal(docsUrl(rule.name), `https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/${rule.name}.md`);
  }
  const ordered = [...ALL_RULES].map((rule) => rule.code);
  assert.deepEqual(ordered, [...ordered].sort(), 'ALL_RULES is in code order');
});

test('no stray page in docs/rules', () => {
  const expected = new Set(pages.map((page) => page.file));
  const stray = fs.readdirSync(DOCS).filter((file) => !expected.has(file));
  assert.deepEqual(stray, []);
});
