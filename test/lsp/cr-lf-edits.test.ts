// Edits that bring a CR and an LF together (a CR typed before an LF, an LF typed after a lone CR,
// the text between them deleted, a paste ending in CR): one CRLF line break where there were two.
// The server must count the lines as the client does afterwards, or it applies the client's next
// edit to the wrong line (fuzz regression seed-20261126-session-335). Each case makes such an edit,
// then a second one further down by the client's line numbers, and compares what the server
// publishes with an analysis of the client's text.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PublishDiagnosticsParams, TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeText, initAnalysis, withLfLineBreaks } from '../../server/src/core/analyze';
import { LspClient, TestDocument } from '../helpers/lsp-client';

let client: LspClient;

before(async () => {
  await initAnalysis();
  ({ client } = await LspClient.start());
});

after(async () => {
  assert.equal(await client.shutdown(), 0);
});

/** The tool's signature and docstring: its parameter and itself described, so only the behavior flags raise findings. */
const SIGNATURE = 'def remove_file(file_id: Annotated[str, "The file\'s ID."]) -> None:';
const DOCSTRING = '    """Remove a file from the workspace for good."""';
const TOOL = '@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.DELETE], read_only=False, destructive=False, idempotent=False, open_world=True)))';

/** An incremental change at offsets, with the positions a client following the LSP spec computes (CR, LF and CRLF are line breaks). */
function change(document: TestDocument, start: number, end: number, newText: string): TextDocumentContentChangeEvent {
  const lsp = TextDocument.create(document.uri, 'python', document.version, document.text);
  const range = { start: lsp.positionAt(start), end: lsp.positionAt(end) };
  document.text = document.text.slice(0, start) + newText + document.text.slice(end);
  return { range, text: newText };
}

/** What the server publishes, as `line:col-line:col code`, and the same computed from the client's text. */
function shown(params: PublishDiagnosticsParams): string[] {
  return params.diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${String(d.code)}`).sort();
}

function expected(text: string): string[] {
  const result = analyzeText(withLfLineBreaks(text), 'tools.py', {}, 'python');
  assert.ok(result);
  return result.findings.map((f) => `${f.range.start.line}:${f.range.start.character}-${f.range.end.line}:${f.range.end.character} ${f.rule}`).sort();
}

const CASES: Array<{ name: string; text: string; join: (text: string) => [number, number, string] }> = [
  {
    name: 'a CR typed before an LF',
    text: ['from arcade_mcp_server import MCPApp', 'from arcade_mcp_server.metadata import Behavior, Operation, ToolMetadata', 'from typing import Annotated', 'app = MCPApp(name="Files")', TOOL, SIGNATURE, DOCSTRING, ''].join('\n'),
    join: (text) => [text.indexOf('\n'), text.indexOf('\n'), '\r'],
  },
  {
    name: 'an LF typed after a lone CR',
    text: ['from arcade_mcp_server import MCPApp', 'from arcade_mcp_server.metadata import Behavior, Operation, ToolMetadata', 'from typing import Annotated', 'app = MCPApp(name="Files")', TOOL, SIGNATURE, DOCSTRING, ''].join('\r'),
    join: (text) => [text.indexOf('\r') + 1, text.indexOf('\r') + 1, '\n'],
  },
  {
    name: 'the line between a lone CR and an LF deleted',
    text: ['from arcade_mcp_server import MCPApp\r# a comment on its own line\n', 'from arcade_mcp_server.metadata import Behavior, Operation, ToolMetadata\n', 'from typing import Annotated\n', 'app = MCPApp(name="Files")\n', `${TOOL}\n`, `${SIGNATURE}\n`, `${DOCSTRING}\n`].join(''),
    join: (text) => [text.indexOf('#'), text.indexOf('\n'), ''],
  },
  {
    name: 'a paste ending in CR before an LF',
    text: ['from arcade_mcp_server import MCPApp', 'from arcade_mcp_server.metadata import Behavior, Operation, ToolMetadata', 'from typing import Annotated', 'app = MCPApp(name="Files")', TOOL, SIGNATURE, DOCSTRING, ''].join('\n'),
    join: (text) => [text.indexOf('\n'), text.indexOf('\n'), '  # pasted\r'],
  },
];

for (const [index, { name, text, join }] of CASES.entries()) {
  test(`after ${name}, the server applies the next edit where the client made it`, async () => {
    const document = new TestDocument(`file:///tmp/cr-lf-${index}/tools.py`, 'python', text);
    await client.open(document);
    assert.deepEqual(shown(await client.waitForDiagnostics(document.uri, document.version)), expected(document.text));
    const [start, end, newText] = join(document.text);
    await client.change(document.nextVersion(), [change(document, start, end, newText)]);
    assert.deepEqual(shown(await client.waitForDiagnostics(document.uri, document.version)), expected(document.text));
    // The next edits, by the client's line numbers, on the tool's line: MTL103 goes, MTL201 comes.
    const destructive = document.text.indexOf('destructive=False');
    await client.change(document.nextVersion(), [change(document, destructive, destructive + 'destructive=False'.length, 'destructive=True')]);
    const fixed = shown(await client.waitForDiagnostics(document.uri, document.version));
    assert.deepEqual(fixed, expected(document.text));
    assert.deepEqual(fixed, []);
    const idempotent = document.text.indexOf('idempotent=False, ');
    await client.change(document.nextVersion(), [change(document, idempotent, idempotent + 'idempotent=False, '.length, '')]);
    const unset = shown(await client.waitForDiagnostics(document.uri, document.version));
    assert.deepEqual(unset, expected(document.text));
    assert.deepEqual(unset.map((d) => d.split(' ')[1]), ['missing-behavior-flag']);
    await client.close(document.uri);
  });
}
