// The preview page escapes everything that comes from source text and runs only its nonce'd script.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { PreviewData, renderPreviewHtml } from '../../client/src/preview-html';

const HOSTILE = '<img src=x onerror=alert(1)></script><script>alert(2)</script>';

function hostileData(): PreviewData {
  return {
    file: 'file:///tmp/"quoted".py',
    selected: 0,
    tools: [{
      name: HOSTILE,
      title: `"${HOSTILE}'`,
      language: 'python',
      form: 'python-sdk-tool',
      range: { start: { line: 3, character: 0 } },
      declared: { readOnlyHint: true },
      effective: { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      defaulted: ['destructiveHint', 'idempotentHint', 'openWorldHint'],
      findings: [{ line: 4, column: 2, severity: 'error', code: 'MTL105', rule: 'read-only-destructive', message: HOSTILE }],
      toolsList: { name: HOSTILE, annotations: { title: '</pre><script>alert(3)</script>' } },
    }],
  };
}

test('hostile tool names, titles, messages and JSON appear as text, never as markup', () => {
  const html = renderPreviewHtml(hostileData(), { nonce: 'abc123', cspSource: 'vscode-resource:' });
  assert.ok(!html.includes('<img'), 'no img element');
  assert.equal(html.match(/<script/g)?.length, 1, 'only the page\'s own script');
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;'));
  assert.ok(html.includes('&lt;/pre&gt;&lt;script&gt;alert(3)&lt;/script&gt;'));
  assert.ok(html.includes('<script nonce="abc123">'));
});

test('a strict Content-Security-Policy: nothing remote, scripts and styles only with the nonce', () => {
  const html = renderPreviewHtml(hostileData(), { nonce: 'n0nce', cspSource: 'vscode-resource:' });
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
  assert.equal(csp, "default-src 'none'; style-src vscode-resource: 'nonce-n0nce'; script-src 'nonce-n0nce';");
  assert.ok(!/https?:\/\//.test(html.replace(/<meta[^>]+>/g, '')), 'no remote URL in the page');
});

test('defaults are marked, the selected tool is highlighted, each JSON block has a copy button', () => {
  const html = renderPreviewHtml(hostileData(), { nonce: 'n', cspSource: 'c' });
  assert.match(html, /<th scope="row">destructiveHint<\/th><td>—<\/td><td>true <span class="default">\(spec default\)<\/span><\/td>/);
  assert.match(html, /<th scope="row">readOnlyHint<\/th><td>true<\/td><td>true<\/td>/);
  assert.match(html, /<article class="tool selected" id="tool-0">/);
  assert.match(html, /<button type="button" class="copy" data-copy="tools-list-0">Copy<\/button>/);
});

test('the description with its line breaks and each parameter\'s, escaped; a parameter without one says so', () => {
  const tool = { ...hostileData().tools[0], description: `Look up an airport.\n\nArgs:\n    code: ${HOSTILE}`, parameters: [{ name: 'code', description: HOSTILE }, { name: '<days>' }] };
  const html = renderPreviewHtml({ file: 'a.py', tools: [tool] }, { nonce: 'n', cspSource: 'c' });
  assert.ok(html.includes('<p class="description">Look up an airport.\n\nArgs:\n    code: &lt;img src=x onerror=alert(1)&gt;'), html);
  assert.ok(html.includes('<tr><th scope="row">code</th><td>&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;</td></tr>'));
  assert.ok(html.includes('<tr><th scope="row">&lt;days&gt;</th><td><span class="unknown">(no description)</span></td></tr>'));
  assert.ok(!html.includes('<img'));
  // No description the linter can read (computed), parameters not listed (an unreadable schema).
  const unknown = renderPreviewHtml({ file: 'a.py', tools: [hostileData().tools[0]] }, { nonce: 'n', cspSource: 'c' });
  assert.ok(unknown.includes('<p class="unknown">Description: none the linter can read.</p>'));
  assert.ok(!unknown.includes('class="parameters"'));
});

test('an empty file and an error message render as plain text', () => {
  assert.match(renderPreviewHtml({ file: 'a.py', tools: [] }, { nonce: 'n', cspSource: 'c' }), /No MCP tools in a\.py\./);
  assert.match(renderPreviewHtml(undefined, { nonce: 'n', cspSource: 'c', message: '<b>down</b>' }), /&lt;b&gt;down&lt;\/b&gt;/);
});

test('a server\'s preview: a heading with the server\'s name, each tool with its file:line and how it was composed', () => {
  const tool = hostileData().tools[0];
  const data: PreviewData = {
    file: 'file:///p/server.py',
    server: { name: 'jira<b>', variable: 'mcp', uri: 'file:///p/server.py' },
    tools: [
      { ...tool, name: 'get_issue', uri: 'file:///p/tools/issues.py', range: { start: { line: 7, character: 0 } } },
      { ...tool, name: 'ro_get_issue', uri: 'file:///p/tools/issues.py', range: { start: { line: 7, character: 0 } }, composed: { declaredName: 'get_issue', prefixes: ['ro'], from: { name: 'jira-readonly' } } },
    ],
  };
  const html = renderPreviewHtml(data, { nonce: 'n', cspSource: 'vscode-resource:' });
  assert.ok(html.includes('<h2 class="server">Server jira&lt;b&gt;</h2>'));
  assert.ok(html.includes('2 tools in its tools/list'));
  assert.equal(html.match(/python-sdk-tool · issues\.py:8</g)?.length, 2);
  assert.ok(html.includes('Declared as get_issue, listed from server jira-readonly with the prefix ro.'));
  const shown = renderPreviewHtml(data, { nonce: 'n', cspSource: 'vscode-resource:', showUri: (uri) => uri.replace('file:///p/', '') });
  assert.ok(shown.includes('python-sdk-tool · tools/issues.py:8<'));
  // A file's own preview keeps "line N".
  assert.ok(renderPreviewHtml(hostileData(), { nonce: 'n', cspSource: 'vscode-resource:' }).includes('python-sdk-tool · line 4<'));
});

test('Arcade metadata shown once when it is also the webhook metadata, both when they differ', () => {
  const metadata = { behavior: { operations: ['read'], read_only: true } };
  const arcade: PreviewData = { file: 'a.py', tools: [{ ...hostileData().tools[0], arcadeMeta: metadata, webhookMetadata: { ...metadata } }] };
  const html = renderPreviewHtml(arcade, { nonce: 'n', cspSource: 'c' });
  assert.equal(html.match(/<section class="json">/g)?.length, 2, 'the tools/list entry and one metadata block');
  assert.ok(html.includes('<span>_meta.arcade.metadata, also the webhook metadata</span>'));
  assert.ok(!html.includes('Webhook metadata'));
  const differing: PreviewData = { file: 'a.py', tools: [{ ...hostileData().tools[0], arcadeMeta: metadata, webhookMetadata: { behavior: {} } }] };
  const both = renderPreviewHtml(differing, { nonce: 'n', cspSource: 'c' });
  assert.ok(both.includes('<span>_meta.arcade.metadata</span>') && both.includes('<span>Webhook metadata</span>'));
});

test('each severity has its colour: errors, warnings and infos in VS Code\'s own', () => {
  const html = renderPreviewHtml(hostileData(), { nonce: 'n', cspSource: 'c' });
  assert.ok(html.includes('.findings .error .severity { color: var(--vscode-errorForeground); }'));
  assert.ok(html.includes('.findings .warning .severity { color: var(--vscode-editorWarning-foreground); }'));
  assert.ok(html.includes('.findings .info .severity { color: var(--vscode-editorInfo-foreground); }'));
});
