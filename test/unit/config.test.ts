// Project config discovery, parsing and precedence (rules.md "Profiles"), and the path patterns of `exclude`.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { ConfigError, ConfigLoader, loadConfigFile, parseSize, resolveSettings } from '../../server/src/core/config/config';
import { PathMatcher } from '../../server/src/core/config/glob';
import { PROFILES } from '../../server/src/core/rules/rule';
import { repoRoot } from '../helpers/fixtures';

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-config-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

function configError(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`);
    return error.message;
  }
  assert.fail('expected a ConfigError');
}

test('the nearest config walking up from the file applies', () => {
  const root = tree({
    '.mcp-tool-lint.json': '{"profile": "strict"}',
    'pkg/sub/tool.py': '',
    'other/pyproject.toml': '[tool.mcp-tool-lint]\nprofile = "spec"\n',
    'other/deep/tool.py': '',
  });
  const loader = new ConfigLoader();
  assert.equal(loader.configFor(path.join(root, 'pkg/sub/tool.py'))?.profile, 'strict');
  assert.equal(loader.configFor(path.join(root, 'pkg/sub/tool.py'))?.file, path.join(root, '.mcp-tool-lint.json'));
  assert.equal(loader.configFor(path.join(root, 'other/deep/tool.py'))?.profile, 'spec');
  assert.equal(loader.configFor(path.join(root, 'other'), true)?.file, path.join(root, 'other/pyproject.toml'));
});

test('a pyproject.toml without [tool.mcp-tool-lint] is passed over', () => {
  const root = tree({
    'pyproject.toml': '[tool.mcp-tool-lint]\nprofile = "arcade"\n',
    'app/pyproject.toml': '[project]\nname = "app"\n\n[tool.ruff]\nline-length = 100\n',
    'app/tool.py': '',
  });
  assert.equal(new ConfigLoader().configFor(path.join(root, 'app/tool.py'))?.file, path.join(root, 'pyproject.toml'));
});

test('the JSON file wins over pyproject.toml in the same folder', () => {
  const root = tree({
    'pyproject.toml': '[tool.mcp-tool-lint]\nprofile = "arcade"\n',
    '.mcp-tool-lint.json': '{"profile": "openai-apps"}',
    'tool.py': '',
  });
  const config = new ConfigLoader().configFor(path.join(root, 'tool.py'));
  assert.equal(config?.profile, 'openai-apps');
  assert.equal(path.basename(config!.file), '.mcp-tool-lint.json');
});

test('no config anywhere gives undefined', () => {
  const root = tree({ 'a/b/tool.py': '' });
  assert.equal(new ConfigLoader().configFor(path.join(root, 'a/b/tool.py')), undefined);
});

test('pyproject.toml: sub-tables, inline tables, multi-line arrays, comments and kebab-case keys', () => {
  const root = tree({
    'pyproject.toml': [
      '[project]',
      'name = "demo"',
      'description = """',
      '[tool.mcp-tool-lint]',
      'profile = "this is inside a string, not a header"',
      '"""',
      '',
      '[tool.mcp-tool-lint]  # our table',
      "profile = 'strict'",
      'exclude = [',
      '  "generated/**",  # build output',
      '  "legacy_*.py",',
      ']',
      'max-file-size = "1.5MB"',
      'server-modules = ["@acme/mcp"]',
      'first-party = { hosts = ["api.acme.com", "*.acme.io"] }',
      '',
      '[tool.mcp-tool-lint.rules]',
      'MTL901 = "off"',
      '"suppression-*" = "warning"',
      '',
      '[[tool.poetry.source]]',
      'name = "private"',
      'released = 1979-05-27T07:32:00Z',
    ].join('\n'),
  });
  const config = loadConfigFile(path.join(root, 'pyproject.toml'))!;
  assert.equal(config.profile, 'strict');
  assert.deepEqual(config.exclude, ['generated/**', 'legacy_*.py']);
  assert.equal(config.maxFileSize, 1.5 * 1024 * 1024);
  assert.deepEqual(config.serverModules, ['@acme/mcp']);
  assert.deepEqual(config.firstParty, { hosts: ['api.acme.com', '*.acme.io'], modules: [] });
  assert.deepEqual(config.overrides, [{ rule: 'MTL901', severity: 'off' }, { rule: 'suppression-*', severity: 'warning' }]);
});

test('pyproject.toml: any valid TOML is read (multi-line strings, dotted keys, dates elsewhere)', () => {
  const root = tree({
    'pyproject.toml': [
      'tool.mcp-tool-lint.profile = """strict"""',
      "tool.mcp-tool-lint.exclude = ['''generated/''']",
      '',
      '[tool.poetry]',
      'released = 1979-05-27',
      "notes = '''",
      '[tool.mcp-tool-lint]',
      "'''",
    ].join('\n'),
  });
  const config = loadConfigFile(path.join(root, 'pyproject.toml'))!;
  assert.equal(config.profile, 'strict');
  assert.deepEqual(config.exclude, ['generated/']);
});

test('pyproject.toml: rules as an inline table, CRLF line endings', () => {
  const root = tree({ 'pyproject.toml': '[tool.mcp-tool-lint]\r\nrules = { "unused-suppression" = "hint", MTL902 = "error" }\r\nmaxFileSize = 2000\r\n' });
  const config = loadConfigFile(path.join(root, 'pyproject.toml'))!;
  assert.deepEqual(config.overrides, [{ rule: 'unused-suppression', severity: 'hint' }, { rule: 'MTL902', severity: 'error' }]);
  assert.equal(config.maxFileSize, 2000);
});

test('a bad config file is one clear line, with the place of the mistake', () => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ '.mcp-tool-lint.json': '{\n  "profile": "strict",\n}' }, '.mcp-tool-lint.json: 3:1: invalid JSON'],
    [{ '.mcp-tool-lint.json': '{"profile": "strictest"}' }, '"profile" must be one of recommended, strict, spec, arcade, openai-apps, not "strictest"'],
    [{ '.mcp-tool-lint.json': '{"rulez": {}}' }, 'unknown key "rulez" (known keys: profile, rules, exclude, maxFileSize, serverModules, firstParty)'],
    [{ '.mcp-tool-lint.json': '{"firstParty": {"hosts": "api.acme.com"}}' }, '"firstParty".hosts must be an array of strings'],
    [{ '.mcp-tool-lint.json': '{"firstParty": {"host": []}}' }, '"firstParty": unknown key "host" (known keys: hosts, modules)'],
    [{ '.mcp-tool-lint.json': '{"rules": {"MTL901": "loud"}}' }, 'the severity of "MTL901" must be one of off, hint, info, warning, error, downgrade, upgrade, default, not "loud"'],
    [{ '.mcp-tool-lint.json': '{"rules": {"no-such-rule": "off"}}' }, 'unknown rule "no-such-rule"'],
    [{ '.mcp-tool-lint.json': '{"exclude": "generated"}' }, '"exclude" must be an array of strings'],
    [{ '.mcp-tool-lint.json': '{"maxFileSize": "huge"}' }, '"maxFileSize" must be a number of bytes or a size such as "5MB"'],
    // smol-toml's messages, placed at the line and column where the TOML stops being valid.
    [{ 'pyproject.toml': '[tool.mcp-tool-lint]\nprofile = "strict\n' }, 'pyproject.toml:2:18: control characters are not allowed in strings'],
    [{ 'pyproject.toml': '[tool.mcp-tool-lint]\n\nprofile = strict\n' }, 'pyproject.toml:3:11: invalid value'],
    [{ 'pyproject.toml': '[tool.mcp-tool-lint]\nexclude = ["a", "b"\nprofile = "spec"\n' }, 'pyproject.toml:3:1: expected comma or end of structure'],
    [{ 'pyproject.toml': '[tool.mcp-tool-lint]\nprofile = "spec"\nprofile = "strict"\n' }, 'pyproject.toml:3:1: trying to redefine an already defined table or value'],
    // Invalid anywhere is an error, as in Ruff, even in a file without our table.
    [{ 'pyproject.toml': '[project]\nname = "demo"\nversion = 1.0.0\n' }, 'pyproject.toml:3:14: illegal character in numeric literal'],
    [{ 'pyproject.toml': 'tool.mcp-tool-lint = "strict"\n' }, 'pyproject.toml: tool.mcp-tool-lint must be a table, not "strict"'],
  ];
  for (const [files, expected] of cases) {
    const root = tree(files);
    const message = configError(() => new ConfigLoader().configFor(path.join(root, 'tool.py')));
    assert.ok(message.includes(expected), `${message}\n  should include\n${expected}`);
    assert.ok(!message.includes('\n'), 'one line');
  }
});

test('precedence: CLI flags, then project config, then editor settings, then recommended', () => {
  const root = tree({ '.mcp-tool-lint.json': '{"profile": "spec", "rules": {"MTL901": "off"}}' });
  const config = loadConfigFile(path.join(root, '.mcp-tool-lint.json'));
  const editorOverrides = [{ rule: 'MTL901', severity: 'warning' as const }];
  const cliOverrides = [{ rule: 'MTL901', severity: 'error' as const }];
  assert.deepEqual(resolveSettings({}), { profile: 'recommended', overrides: [], serverModules: [] });
  assert.equal(resolveSettings({ editorProfile: 'arcade' }).profile, 'arcade');
  assert.equal(resolveSettings({ editorProfile: 'arcade', config }).profile, 'spec');
  assert.equal(resolveSettings({ editorProfile: 'arcade', config, cliProfile: 'strict' }).profile, 'strict');
  assert.deepEqual(resolveSettings({ config, editorOverrides, cliOverrides }).overrides, [
    { rule: 'MTL901', severity: 'off' },
    { rule: 'MTL901', severity: 'warning' },
    { rule: 'MTL901', severity: 'error' },
  ]);
});

test('sizes: bytes, KB, MB', () => {
  assert.equal(parseSize(1000), 1000);
  assert.equal(parseSize('5MB'), 5 * 1024 * 1024);
  assert.equal(parseSize('512 kb'), 512 * 1024);
  assert.equal(parseSize('12'), 12);
  assert.equal(parseSize('-1'), undefined);
  assert.equal(parseSize('5 parsecs'), undefined);
});

test('exclude and .gitignore patterns', () => {
  const base = path.resolve('/repo');
  const matcher = new PathMatcher().add(base, ['generated/', 'build', '*.gen.py', '/top.py', 'src/**/fixtures', '!keep.gen.py', '# a comment', '']);
  const at = (relative: string, isDir = false) => matcher.matches(path.join(base, relative), isDir);
  assert.equal(at('generated', true), true);
  assert.equal(at('a/generated', true), true);
  assert.equal(at('generated'), false, 'a trailing slash matches folders only');
  assert.equal(at('build', true), true);
  assert.equal(at('a/b/build'), true, 'a name without a slash matches files and folders at any depth');
  assert.equal(at('build.py'), false);
  assert.equal(at('generated/inner.py'), true, 'inside a matched folder');
  assert.equal(at('x/y/tools.gen.py'), true);
  assert.equal(at('keep.gen.py'), false, 'negated later');
  assert.equal(at('top.py'), true);
  assert.equal(at('sub/top.py'), false, 'a leading slash anchors');
  assert.equal(at('src/fixtures', true), true);
  assert.equal(at('src/a/b/fixtures', true), true);
  assert.equal(at('lib/fixtures', true), false);
  assert.equal(matcher.matches(path.resolve('/elsewhere/x.gen.py'), false), false, 'outside the base folder');
  assert.equal(matcher.matchesPathOrParent(path.join(base, 'generated/deep/tool.py'), false), true);
});

test('the JSON schema describes exactly the keys and values the loader accepts', () => {
  const schema = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'schemas', 'mcp-tool-lint.schema.json'), 'utf8'));
  assert.deepEqual(Object.keys(schema.properties).sort(), ['$schema', 'exclude', 'firstParty', 'maxFileSize', 'profile', 'rules', 'serverModules']);
  assert.deepEqual(Object.keys(schema.properties.firstParty.properties).sort(), ['hosts', 'modules']);
  assert.equal(schema.additionalProperties, false);
  assert.deepEqual(schema.properties.profile.enum, [...PROFILES]);
  assert.deepEqual(schema.properties.rules.additionalProperties.enum, ['off', 'hint', 'info', 'warning', 'error', 'downgrade', 'upgrade', 'default']);
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'package.json'), 'utf8'));
  assert.deepEqual(manifest.contributes.jsonValidation, [{ fileMatch: '.mcp-tool-lint.json', url: './schemas/mcp-tool-lint.schema.json' }]);
});
