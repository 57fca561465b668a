// What a tool's body does (issue 27), beyond the fixture projects: how the texts an effect hangs on
// are read (SQL verbs, POSTed paths, command lines, SDK verbs, hosts, SELECT-only checks), the
// gates that make an effect conditional or not, the quick-fixes' text (no contradiction left, the
// config edited for a first-party host), `ignore[effect]`, and bad input.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { resolveSettings, TolerantConfigLoader } from '../../server/src/core/config/config';
import { EFFECTS_NOT_READ } from '../../server/src/core/effects/tool-effects';
import { commandChange, isLocalHost, isSelectOnlyPrefix, matchesHost, postMutates, shellWords, sqlChange, verbChange } from '../../server/src/core/effects/classify';
import { treatAsFirstPartyFix } from '../../server/src/core/fixes/first-party';
import { applyEdits } from '../../server/src/core/fixes/apply';
import { Finding } from '../../server/src/core/model';
import { DiskFileSystem } from '../../server/src/core/project/file-system';
import { ProjectIndex } from '../../server/src/core/project/project-index';
import { temporaryTree } from '../helpers/projects';

before(() => initAnalysis());

const codes = (findings: readonly Finding[]) => findings.filter((finding) => /^MTL3/.test(finding.code)).map((finding) => `${finding.range.start.line + 1} ${finding.code} ${finding.severity}`);
const lint = (text: string, file = '/virtual/tools.py') => analyzeText(text, file)!.findings;

test('SQL: the verbs of every statement, after a WITH too; reads change nothing', () => {
  assert.deepEqual(sqlChange('INSERT INTO t VALUES (1)'), { kind: 'write', verb: 'INSERT' });
  assert.deepEqual(sqlChange('  -- clean up\n DELETE FROM t'), { kind: 'delete', verb: 'DELETE' });
  assert.deepEqual(sqlChange('UPDATE t SET a = 1'), { kind: 'delete', verb: 'UPDATE' }, 'an UPDATE overwrites');
  assert.deepEqual(sqlChange('SELECT 1; DROP TABLE t'), { kind: 'delete', verb: 'DROP' });
  assert.deepEqual(sqlChange('WITH gone AS (DELETE FROM t RETURNING id) SELECT * FROM gone'), { kind: 'delete', verb: 'DELETE' });
  assert.equal(sqlChange('SELECT * FROM deleted_items'), undefined);
  assert.equal(sqlChange('WITH recent AS (SELECT 1) SELECT * FROM recent'), undefined);
});

test('HTTP: POST writes only to a path with a mutating word and no reading one; hosts that are never external', () => {
  assert.equal(postMutates('/v1/messages/send'), true);
  assert.equal(postMutates('/rest/api/2/issue/x/comments'), true);
  assert.equal(postMutates('/v1/search'), false);
  assert.equal(postMutates('/issues/search'), false, 'search wins over the noun');
  assert.equal(postMutates('/graphql'), false);
  assert.equal(postMutates('/v1/chat/completions'), false);
  for (const host of ['localhost', '127.0.0.1', '10.1.2.3', '192.168.0.10', '172.20.0.2', 'db', 'api.svc.cluster.local', 'host.docker.internal']) assert.equal(isLocalHost(host), true, host);
  for (const host of ['api.github.com', '172.32.0.1', 'example.org']) assert.equal(isLocalHost(host), false, host);
  assert.equal(matchesHost('eu.acme.io', ['*.acme.io']), true);
  assert.equal(matchesHost('acme.io', ['*.acme.io']), true);
  assert.equal(matchesHost('acme.io.evil.com', ['*.acme.io']), false);
});

test('command lines and SDK verbs, with their exceptions', () => {
  assert.deepEqual(commandChange(['git', 'push', 'origin', 'main']), { kind: 'write', command: 'git push' });
  assert.deepEqual(commandChange(['/usr/bin/git', '-C', 'repo', 'push']), { kind: 'write', command: 'git push' });
  assert.deepEqual(commandChange(['kubectl', 'config', 'use-context', 'prod']), { kind: 'write', command: 'kubectl config use-context' });
  assert.deepEqual(commandChange(['kubectl', 'delete', 'pod', 'x']), { kind: 'delete', command: 'kubectl delete' });
  assert.deepEqual(commandChange(['aws', 'ec2', 'terminate-instances', '--instance-ids', 'i-1']), { kind: 'delete', command: 'aws … terminate-instances' });
  assert.equal(commandChange(['git', 'log', '--grep', 'push']), undefined, 'a word of an argument is not the subcommand');
  assert.equal(commandChange(['kubectl', 'get', 'pods']), undefined);
  assert.deepEqual(shellWords('git push origin "main" && echo done'), ['git', 'push', 'origin', 'main']);
  assert.equal(verbChange('create_bucket'), 'write');
  assert.equal(verbChange('DeleteObject'), 'delete');
  assert.equal(verbChange('RotateSecret'), 'delete');
  assert.equal(verbChange('get_or_create_label'), 'write');
  assert.equal(verbChange('create_search'), undefined);
  assert.equal(verbChange('startQueryExecution'), undefined);
  assert.equal(verbChange('Close'), undefined, 'a client\'s own Close()');
  assert.equal(verbChange('close_issue'), 'write');
  assert.equal(verbChange('list_buckets'), undefined);
  assert.equal(isSelectOnlyPrefix('SELECT'), true);
  assert.equal(isSelectOnlyPrefix('^\\s*(?:select|with)\\b'), true);
  assert.equal(isSelectOnlyPrefix('insert'), false);
});

test('conditional effects: behind a flag off by default only; dry_run=False, a required flag and a negated environment switch are not', () => {
  const text = [
    'import os',
    'import shutil',
    'from mcp.server.fastmcp import FastMCP',
    'mcp = FastMCP("x")',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True})',
    'def a(dry_run: bool = True) -> None:',
    '    if not dry_run:',
    '        shutil.rmtree("/srv/cache")',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True})',
    'def b(dry_run: bool = False) -> None:',
    '    if dry_run:',
    '        return',
    '    shutil.rmtree("/srv/cache")',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True})',
    'def c(apply: bool) -> None:',
    '    if apply:',
    '        shutil.rmtree("/srv/cache")',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True})',
    'def d() -> None:',
    '    if not os.getenv("CACHE_READ_ONLY"):',
    '        shutil.rmtree("/srv/cache")',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True})',
    'def e() -> None:',
    '    if os.getenv("ALLOW_CACHE_PURGE") == "1":',
    '        shutil.rmtree("/srv/cache")',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True})',
    'def f() -> None:',
    '    purge(False)',
    '',
    'def purge(really: bool) -> None:',
    '    if really:',
    '        shutil.rmtree("/srv/cache")',
    '',
  ].join('\n');
  assert.deepEqual(codes(lint(text)), ['6 MTL311 hint', '11 MTL311 info', '17 MTL311 info', '22 MTL311 info', '27 MTL311 hint']);
});

test('severities: info in recommended, warning in strict, off in spec and arcade; a conditional effect is a hint', () => {
  const text = [
    'import os',
    'import shutil',
    'from mcp.server.fastmcp import FastMCP',
    'mcp = FastMCP("x")',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True})',
    'def tidy(name: str) -> None:',
    '    os.remove(name)',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True})',
    'def prune(dry_run: bool = True) -> None:',
    '    if not dry_run:',
    '        shutil.rmtree("/srv/cache")',
    '',
  ].join('\n');
  const byProfile = Object.fromEntries((['recommended', 'strict', 'spec', 'arcade'] as const).map((profile) => [profile, codes(analyzeText(text, '/virtual/tools.py', { profile })!.findings)]));
  assert.deepEqual(byProfile, {
    recommended: ['6 MTL311 info', '10 MTL311 hint'],
    strict: ['6 MTL311 warning', '10 MTL311 hint'],
    spec: [],
    arcade: [],
  });
});

test('the read-only quick-fix also sets destructive when the body deletes, and leaves no contradiction', () => {
  const text = [
    'import os',
    'from mcp.server.fastmcp import FastMCP',
    'mcp = FastMCP("x")',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False})',
    'def tidy(name: str) -> None:',
    '    """Removes one file from the cache folder of the server.',
    '',
    '    Args:',
    '        name: The name of the cached file.',
    '    """',
    '    os.remove(f"/srv/cache/{name}")',
    '',
  ].join('\n');
  const [finding] = lint(text).filter((found) => found.code === 'MTL311');
  assert.equal(finding.message, 'readOnlyHint is True, but this tool deletes a file (`os.remove`): clients may run it unasked. Set readOnlyHint to False.');
  const [fix] = finding.fixes;
  assert.equal(fix.title, 'Set readOnlyHint to False and destructiveHint to True (the body deletes a file)');
  assert.equal(fix.safe, false);
  const after = applyEdits(text, fix.edits);
  assert.ok(after.includes('{"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True, "openWorldHint": False}'), after);
  assert.deepEqual(lint(after).filter((found) => found.severity !== 'hint').map((found) => found.code), [], 'nothing left to report');
});

test('"Treat <host> as first-party" adds the host to the project config, which then silences the finding', () => {
  const root = temporaryTree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.mcp-tool-lint.json': '{\n  "profile": "recommended"\n}\n',
    'tools.py': [
      'import httpx',
      'from mcp.server.fastmcp import FastMCP',
      'mcp = FastMCP("x")',
      '',
      '@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": False})',
      'def geocode(place: str) -> dict:',
      '    return httpx.get(f"https://geo.example.org/v1/places/{place}").json()',
      '',
    ].join('\n'),
  });
  const file = path.join(root, 'tools.py');
  const analyse = () => {
    const index = new ProjectIndex([root], new DiskFileSystem([root]));
    const { firstParty } = resolveSettings({ config: new TolerantConfigLoader().configFor(file) });
    return analyzeText(fs.readFileSync(file, 'utf8'), file, { firstParty, project: index.viewFor(file) })!.findings.filter((found) => found.code === 'MTL313');
  };
  const [finding] = analyse();
  assert.deepEqual(finding.fixes.map((fix) => fix.title), ['Set openWorldHint to True (the body calls an external host)', 'Treat geo.example.org as first-party (adds it to .mcp-tool-lint.json)']);
  const config = path.join(root, '.mcp-tool-lint.json');
  const edits = finding.fixes[1].edits;
  assert.ok(edits.every((edit) => edit.file === config));
  fs.writeFileSync(config, applyEdits(fs.readFileSync(config, 'utf8'), edits));
  assert.deepEqual(JSON.parse(fs.readFileSync(config, 'utf8')), { profile: 'recommended', firstParty: { hosts: ['geo.example.org'] } });
  assert.deepEqual(analyse(), []);
});

test('the first-party edit keeps the config as written: an existing list, an empty table, pyproject.toml', () => {
  const edited = (file: string, text: string) => {
    const fix = treatAsFirstPartyFix('api.acme.com', file, text);
    return fix && applyEdits(text, fix.edits);
  };
  assert.equal(edited('/p/.mcp-tool-lint.json', '{ "firstParty": { "hosts": ["a.com"] } }'), '{ "firstParty": { "hosts": ["a.com", "api.acme.com"] } }');
  assert.equal(edited('/p/.mcp-tool-lint.json', '{ "firstParty": { "modules": ["acme"] } }'), '{ "firstParty": { "modules": ["acme"], "hosts": ["api.acme.com"] } }');
  assert.equal(edited('/p/.mcp-tool-lint.json', '{}'), '{\n  "firstParty": { "hosts": ["api.acme.com"] }\n}');
  assert.equal(edited('/p/.mcp-tool-lint.json', '{ "firstParty": 1 }'), undefined, 'a shape it cannot extend');
  assert.equal(edited('/p/.mcp-tool-lint.json', '{ not json'), undefined);
  assert.equal(edited('/p/pyproject.toml', '[project]\nname = "x"\n\n[tool.mcp-tool-lint]\nprofile = "strict"\n'), '[project]\nname = "x"\n\n[tool.mcp-tool-lint]\nfirstParty = { hosts = ["api.acme.com"] }\nprofile = "strict"\n');
  assert.equal(edited('/p/pyproject.toml', '[tool.mcp-tool-lint]\nfirst-party = { hosts = ["a.com"] }\n'), undefined, 'one it would have to rewrite');
});

test('ignore[effect] on an effect\'s line drops it from every tool that reaches it; the word is no unused suppression', () => {
  const text = [
    'import os',
    'from mcp.server.fastmcp import FastMCP',
    'mcp = FastMCP("x")',
    '',
    'def tidy() -> None:',
    '    os.remove("/srv/cache/stale")  # mcp-tool-lint: ignore[effect] the cache is ours',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True})',
    'def a() -> None:',
    '    tidy()',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True})',
    'def b() -> None:',
    '    tidy()',
    '    os.remove("/srv/cache/other")',
    '',
  ].join('\n');
  const findings = lint(text);
  assert.deepEqual(codes(findings), ['12 MTL311 info']);
  assert.ok(!findings.some((found) => found.code === 'MTL901'), 'no unused-suppression for ignore[effect]');
});

test('MTL301 and MTL303 stay silent when the complete body agrees with the flags; a body that calls nothing settles nothing', () => {
  const text = [
    'import os',
    'from mcp.server.fastmcp import FastMCP',
    'mcp = FastMCP("x")',
    '',
    'def describe(name: str) -> str:',
    '    return f"{name} would go"',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True})',
    'def delete_preview(name: str) -> str:',
    '    return describe(name)',
    '',
    '@mcp.tool(annotations={"readOnlyHint": True})',
    'def delete_plan(name: str) -> str:',
    '    return name',
    '',
    '@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": True})',
    'def read_inbox(name: str) -> None:',
    '    os.remove(name)',
    '',
    '@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": True})',
    'def get_summary(name: str) -> str:',
    '    return describe(name)',
    '',
  ].join('\n');
  const reported = lint(text).filter((found) => ['MTL301', 'MTL303'].includes(found.code)).map((found) => `${found.range.start.line + 1} ${found.code}`);
  // delete_preview only formats text (silent); delete_plan calls nothing, so its name is all there is to go by;
  // read_inbox deletes what it read, as its flag says (silent); get_summary's body deletes nothing.
  assert.deepEqual(reported, ['12 MTL301', '20 MTL303']);
  // Without the effects (the keystroke path's first publish), the names are all there is.
  const byName = analyzeText(text, '/virtual/tools.py', { effects: EFFECTS_NOT_READ })!.findings.filter((found) => ['MTL301', 'MTL303'].includes(found.code));
  assert.deepEqual(byName.map((found) => `${found.range.start.line + 1} ${found.code}`), ['8 MTL301', '12 MTL301', '16 MTL303', '20 MTL303']);
});

test('bad input never crashes: half-typed bodies, odd shapes, deep nesting', () => {
  const texts = [
    'from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("x")\n@mcp.tool(annotations={"readOnlyHint": True})\ndef a(:\n    os.remove(\n',
    'from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("x")\n@mcp.tool(annotations={"readOnlyHint": True})\ndef a():\n    ' + 'f('.repeat(400) + ')'.repeat(400) + '\n',
    'from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("x")\n@mcp.tool(annotations={"readOnlyHint": True})\ndef a():\n    return a()\n',
  ];
  for (const text of texts) assert.ok(analyzeText(text, '/virtual/bad.py'));
  const script = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst s = new McpServer({name: "x", version: "1"});\ns.registerTool("x", { annotations: { readOnlyHint: true } }, async ({ a }) => { await fs.writeFile(\n';
  assert.ok(analyzeText(script, '/virtual/bad.ts'));
});
