// Security: the server bundle has no eval / new Function / vm / dynamic require outside the
// known web-tree-sitter runtime (that the running server starts no process or worker but its own and opens no
// connection during a fuzz run is test/slow/no-side-effects.test.ts, in `npm run test:slow`); the preview page escapes every text from hostile source; the
// extension keeps supporting untrusted workspaces with no setting that runs or loads code.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { PreviewData, renderPreviewHtml } from '../../client/src/preview-html';
import { repoRoot } from '../helpers/fixtures';
import { LspClient } from '../helpers/lsp-client';
import { BOUND_MS } from '../fuzz/runner';

const ROOT = repoRoot();

/** The bundle's modules, as esbuild marks them with `// path` comment lines (development build). */
function bundleModules(file: string): Array<{ module: string; code: string }> {
  const text = fs.readFileSync(file, 'utf8');
  const modules: Array<{ module: string; code: string }> = [];
  let current = { module: '(bundle prelude)', code: '' };
  for (const line of text.split('\n')) {
    const marker = /^\/\/ ((?:node_modules|server|client|package\.json)[^\s]*)$/.exec(line);
    if (marker) {
      modules.push(current);
      current = { module: marker[1], code: '' };
    } else {
      current.code += `${line}\n`;
    }
  }
  modules.push(current);
  return modules;
}

/** What could run code that is not in the bundle; counted per module. */
const DYNAMIC_CODE: Record<string, RegExp> = {
  'eval(': /(?<![\w$.])eval\s*\(/g,
  'new Function': /\bnew\s+Function\s*\(|(?<![\w$.])Function\s*\(/g,
  'vm.': /\bvm\d*\.(runIn\w*|compileFunction|Script|SourceTextModule)\b/g,
  'require(non-literal)': /(?<![\w$.])require\s*\(\s*(?!["'`])/g,
  'import(non-literal)': /(?<![\w$.])import\s*\(\s*(?!["'`])/g,
  'node:vm': /require\(["'](?:node:)?vm["']\)/g,
};

/** Known uses, all in code the server never reaches with user input; any other is a failure. */
const ALLOWED: Record<string, Record<string, number>> = {
  // Emscripten's loader evaluates JS snippets embedded in a wasm side module (EM_ASM); the grammar wasm files have none.
  'node_modules/web-tree-sitter/tree-sitter.cjs': { 'eval(': 2 },
  // Names in the effect tables, as strings: calls in the linted source are compared with them (MTL311), never made.
  'server/src/core/data/effects/script.ts': { 'vm.': 5 },
};

const NETWORK_OR_PROCESS = /require\(["'](?:node:)?(child_process|net|tls|http|https|http2|dgram|worker_threads|cluster|dns)["']\)/g;
/** Library modules that load these for transports and helpers the server does not use (stdio/IPC only). */
const NETWORK_ALLOWED: Record<string, string[]> = {
  'node_modules/vscode-languageserver/lib/node/files.js': ['child_process'],
  'node_modules/vscode-jsonrpc/lib/node/main.js': ['net'],
  // The project index's second thread: a worker on the server's own entry, dist/server.js (lsp/index-helper.ts).
  'server/src/lsp/index-helper.ts': ['worker_threads'],
};

describe('no evaluated code in the bundles', () => {
  for (const bundle of ['server-main.js', 'cli-main.js']) {
    test(`dist/${bundle} evaluates no code and loads no module by a computed name outside the known web-tree-sitter runtime`, () => {
      const found: Record<string, Record<string, number>> = {};
      for (const { module, code } of bundleModules(path.join(ROOT, 'dist', bundle))) {
        for (const [what, pattern] of Object.entries(DYNAMIC_CODE)) {
          const count = code.match(pattern)?.length ?? 0;
          if (count) (found[module] ??= {})[what] = count;
        }
      }
      assert.deepEqual(found, ALLOWED);
    });
  }

  test('dist/server.js and dist/cli.js load their bundles and nothing else', () => {
    const text = (entry: string) => fs.readFileSync(path.join(ROOT, 'dist', entry), 'utf8');
    const requiredBy = (entry: string) => [...new Set([...text(entry).matchAll(/require\(([^)]*)\)/g)].map((match) => match[1]))].sort();
    // Each compiles its bundle with the build's code cache (entry/code-cache.ts): one vm.Script, of the file beside it.
    for (const [entry, bundle] of [['server.js', 'server-main.js'], ['cli.js', 'cli-main.js']]) {
      assert.deepEqual(requiredBy(entry), ['"node:fs"', '"node:module"', '"node:path"', '"node:v8"', '"node:vm"', '"node:worker_threads"'], entry);
      assert.equal(text(entry).match(/new vm\.Script\(/g)?.length, 1, entry);
      assert.match(text(entry), new RegExp(`requireWithCodeCache\\(\\w+\\.join\\(__dirname, "${bundle.replace('.', '\\.')}"\\)\\)`), entry);
      assert.doesNotMatch(text(entry), /\beval\(|new Function\(|runInNewContext|compileFunction/, entry);
    }
  });

  test('dist/server-main.js: only the protocol library loads child_process or net, and our own code loads no network module (worker_threads only for the index\'s second thread)', () => {
    const found: Record<string, string[]> = {};
    const modules = bundleModules(path.join(ROOT, 'dist', 'server-main.js'));
    assert.ok(modules.some((m) => m.module.startsWith('server/src/core/')) && modules.some((m) => m.module.startsWith('server/src/lsp/')), 'the bundle has module markers (development build)');
    for (const { module, code } of modules) {
      const names = [...code.matchAll(NETWORK_OR_PROCESS)].map((match) => match[1]);
      if (names.length) found[module] = names;
    }
    assert.deepEqual(found, NETWORK_ALLOWED);
  });
});

describe('the preview page with hostile source', () => {
  const HOSTILE = '<img src=x onerror=alert(1)></script><script>alert(2)</script>';
  const SOURCE = [
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
    'const server = new McpServer({ name: "x", version: "1" });',
    `server.registerTool(${JSON.stringify(`delete_${HOSTILE}`)}, {`,
    `  title: ${JSON.stringify(`"'><svg onload=alert(3)>`)},`,
    `  description: ${JSON.stringify(`${HOSTILE} & <b>bold</b>`)},`,
    `  annotations: { readOnlyHint: true, destructiveHint: true, ${JSON.stringify(`<iframe src="javascript:alert(4)">`)}: true, title: "</pre><script>alert(5)</script>" },`,
    '}, async () => ({ content: [] }));',
    '',
  ].join('\n');

  const ALLOWED_TAGS = new Set(['!DOCTYPE', 'html', 'head', 'meta', 'style', 'title', 'body', 'h1', 'h2', 'h3', 'p', 'strong', 'span', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'ul', 'li', 'code', 'section', 'header', 'button', 'pre', 'article', 'script']);
  const ALLOWED_ATTRIBUTES = new Set(['lang', 'charset', 'http-equiv', 'content', 'name', 'nonce', 'class', 'id', 'type', 'data-copy', 'scope']);

  test('names, titles, descriptions, unknown keys and finding messages from source appear only as text', { timeout: 60_000 }, async () => {
    const { client } = await LspClient.start();
    try {
      const uri = 'file:///work/hostile.ts';
      await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text: SOURCE } });
      const diagnostics = (await client.waitForDiagnostics(uri, 1)).diagnostics;
      assert.ok(diagnostics.some((d) => d.message.includes('<iframe')), `a finding quotes the hostile key: ${diagnostics.map((d) => d.message).join(' | ')}`);
      const started = Date.now();
      const data: PreviewData = await client.connection.sendRequest('mcpToolLint/previewAnnotations', { uri, position: { line: 3, character: 2 } });
      assert.ok(Date.now() - started < 20 * BOUND_MS);
      assert.equal(data.tools.length, 1);
      assert.ok(data.tools[0].findings.length > 0);
      const html = renderPreviewHtml(data, { nonce: 'n0nce', cspSource: 'vscode-webview:' });
      for (const [, tag, attributes] of html.matchAll(/<\/?([!\w-]+)([^>]*)>/g)) {
        assert.ok(ALLOWED_TAGS.has(tag), `an element from source: <${tag}${attributes}>`);
        if (tag === '!DOCTYPE') continue;
        for (const [, name] of attributes.matchAll(/\s([\w-]+)(?:="[^"]*")?/g)) assert.ok(ALLOWED_ATTRIBUTES.has(name), `an attribute from source: ${name} in <${tag}${attributes}>`);
      }
      assert.equal(html.match(/<script/g)?.length, 1, 'only the page\'s own script');
      assert.match(html, /<script nonce="n0nce">/);
      for (const escaped of ['&lt;img src=x onerror=alert(1)&gt;', '&lt;svg onload=alert(3)&gt;', '&lt;iframe', '&lt;/pre&gt;&lt;script&gt;alert(5)&lt;/script&gt;']) {
        assert.ok(html.includes(escaped), `missing escaped text ${escaped}`);
      }
      assert.equal(await client.shutdown(), 0);
    } finally {
      client.kill();
    }
  });
});

describe('workspace trust', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    capabilities: { untrustedWorkspaces: { supported: boolean | string } };
    contributes: { configuration: { properties: Record<string, {
      type: string;
      enum?: unknown[];
      items?: { type: string; properties?: Record<string, { type: string; enum?: unknown[] }> };
      properties?: Record<string, { type: string; items?: { type: string } }>;
      additionalProperties?: boolean;
    }> } };
  };

  test('package.json declares untrustedWorkspaces supported: true', () => {
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, true);
  });

  test('no setting can name code, a path or a module to run: each is a boolean, a number, a choice, the rule overrides or exclude globs', () => {
    for (const [key, setting] of Object.entries(manifest.contributes.configuration.properties)) {
      const choice = setting.type === 'string' && Array.isArray(setting.enum);
      const overrides = key === 'mcpToolLint.rules.customizations' && setting.type === 'array' && setting.items?.type === 'object'
        && Object.values(setting.items.properties ?? {}).every((p) => p.type === 'string');
      // Globs only ever become path-matching regular expressions (core/config/glob.ts, through `ignore`): they select files, never run them.
      const excludeGlobs = key === 'mcpToolLint.exclude' && setting.type === 'array' && setting.items?.type === 'string';
      // First-party hosts and modules are only compared with the hosts and module names of calls in the source (effects/classify.ts): never loaded.
      const firstParty = key === 'mcpToolLint.firstParty' && setting.type === 'object' && setting.additionalProperties === false
        && Object.values(setting.properties ?? {}).every((p) => p.type === 'array' && p.items?.type === 'string');
      assert.ok(['boolean', 'number', 'integer'].includes(setting.type) || choice || overrides || excludeGlobs || firstParty, `${key} (${setting.type}) is free-form: check it cannot run code or load modules from the workspace, then allow it here`);
    }
  });

  test('the extension starts the server from its own bundle, never from a path a setting or the workspace gives', () => {
    const client = fs.readFileSync(path.join(ROOT, 'client', 'src', 'extension.ts'), 'utf8');
    assert.match(client, /context\.asAbsolutePath\(path\.join\('dist', 'server\.js'\)\)/);
    assert.doesNotMatch(client, /getConfiguration\([^)]*\)\.get<string>\([^)]*(path|module|command)/i);
  });
});
