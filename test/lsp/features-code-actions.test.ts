// Code actions over the real server (`node dist/server.js --stdio`): the exact actions offered
// for a Python and a TypeScript file, the text after applying each, fix-all on save, lazy
// resolution and its refusal once the document changed, and a client without resolve support.
import * as assert from 'node:assert/strict';
import { after as afterAll, before, describe, test } from 'node:test';
import { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { grammarFor, parse } from '../../server/src/core/parse/parser';
import { LspClient, TestDocument } from '../helpers/lsp-client';
import {
  applyWorkspaceEdit, codeActions, EDITOR_CAPABILITIES, editorFixture, editsFor, inlineDocument, openAndLint, PLAIN_CAPABILITIES, replaceText, resolved,
} from '../helpers/lsp-requests';

const FIX_ALL = 'source.fixAll.mcpToolLint';
const DOCS = 'https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/';

function titles(actions: CodeAction[]): string[] {
  return actions.map((action) => `${action.title}${action.isPreferred ? ' [preferred]' : ''}`);
}

function diagnosticOn(diagnostics: Diagnostic[], rule: string, line: number): Diagnostic {
  const found = diagnostics.find((d) => d.code === rule && d.range.start.line === line);
  assert.ok(found, `no ${rule} diagnostic on line ${line + 1}: ${diagnostics.map((d) => `${d.code}@${d.range.start.line + 1}`).join(', ')}`);
  return found;
}

/** Replaces one exact occurrence of `from` in `text` (the test fails if it is not there once). */
function edited(text: string, from: string, to: string): string {
  assert.equal(text.split(from).length, 2, `expected one ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

async function textAfter(client: LspClient, document: TestDocument, action: CodeAction): Promise<string> {
  const full = await resolved(client, action);
  assert.ok(full.edit, `${action.title} has no edit`);
  return applyWorkspaceEdit(document, full.edit);
}

/** The fix leaves code that parses, and its own diagnostic is gone. */
async function assertParsesAndClears(document: TestDocument, text: string, diagnostic: Diagnostic, title: string): Promise<void> {
  await initAnalysis();
  const path = new URL(document.uri).pathname;
  const grammar = grammarFor(document.languageId, path);
  assert.ok(grammar);
  const tree = parse(grammar, text);
  try {
    assert.equal(tree.rootNode.hasError, false, `${title}: the result does not parse`);
  } finally {
    tree.delete();
  }
  const result = analyzeText(text, path, {}, document.languageId);
  assert.ok(result);
  // `strict=False` turns MTL101 into a hint: the diagnostic (rule and severity) is what must go.
  const severity = (['error', 'warning', 'info', 'hint'] as const)[(diagnostic.severity ?? 1) - 1];
  const same = (f: { rule: string; severity: string }) => f.rule === diagnostic.code && f.severity === severity;
  const before = analyzeText(document.text, path, {}, document.languageId)!.findings.filter(same).length;
  const left = result.findings.filter(same).length;
  assert.ok(left < before, `${title}: ${diagnostic.code} is still reported (${left} of ${before})`);
}

describe('code actions', () => {
  let client: LspClient;
  before(async () => {
    ({ client } = await LspClient.start({ capabilities: EDITOR_CAPABILITIES }));
  });
  afterAll(() => client.kill());

  test('Python: the actions for each diagnostic, exactly', async () => {
    const document = editorFixture('tools.py', 'python');
    const diagnostics = await openAndLint(client, document);
    const offered = async (rule: string, line: number) => titles(await codeActions(client, document, diagnosticOn(diagnostics, rule, line).range, [diagnosticOn(diagnostics, rule, line)]));
    assert.deepEqual(await offered('missing-behavior-flag', 9), [
      'Add idempotent=False, open_world=True [preferred]',
      'Fix all missing-behavior-flag problems in this file',
      'Ignore missing-behavior-flag for this line',
      'Show documentation for missing-behavior-flag',
    ]);
    assert.deepEqual(await offered('delete-not-destructive', 12), [
      'Set destructive=True [preferred]',
      'Ignore delete-not-destructive for this line',
      'Show documentation for delete-not-destructive',
    ]);
    assert.deepEqual(await offered('read-only-mutation', 25), [
      'Set read_only=False [preferred]',
      'Add strict=False to accept the contradiction',
      'Ignore read-only-mutation for this line',
      'Show documentation for read-only-mutation',
    ]);
    await client.close(document.uri);
  });

  test('Python: the text after each action', async () => {
    const document = editorFixture('tools.py', 'python');
    const diagnostics = await openAndLint(client, document);
    const original = document.text;
    const actionsFor = (diagnostic: Diagnostic) => codeActions(client, document, diagnostic.range, [diagnostic]);

    const [addFlags, fixAllOfRule, ignore, docs] = await actionsFor(diagnosticOn(diagnostics, 'missing-behavior-flag', 9));
    assert.equal(await textAfter(client, document, addFlags), edited(original,
      '            destructive=False,\n        ),',
      '            destructive=False,\n            idempotent=False,\n            open_world=True,\n        ),'));
    const allFlags = edited(edited(original,
      '            destructive=False,\n        ),',
      '            destructive=False,\n            idempotent=False,\n            open_world=True,\n        ),'),
    'read_only=True)))', 'read_only=True, destructive=False, idempotent=True, open_world=True)))');
    assert.equal(await textAfter(client, document, fixAllOfRule), allFlags);
    // One small edit per tool, not one edit over everything in between.
    assert.equal(editsFor((await resolved(client, fixAllOfRule)).edit!, document).length, 2);
    assert.equal(await textAfter(client, document, ignore), edited(original,
      '        behavior=Behavior(\n',
      '        # mcp-tool-lint: ignore[missing-behavior-flag]\n        behavior=Behavior(\n'));
    assert.deepEqual(docs.command, {
      title: 'Show documentation for missing-behavior-flag',
      command: 'mcpToolLint.showDocumentation',
      arguments: [`${DOCS}missing-behavior-flag.md`],
    });
    assert.equal(docs.edit, undefined);

    const [setDestructive] = await actionsFor(diagnosticOn(diagnostics, 'delete-not-destructive', 12));
    assert.equal(await textAfter(client, document, setDestructive), edited(original, 'destructive=False,\n        ),', 'destructive=True,\n        ),'));

    const [setReadOnly, strictFalse, ignoreMutation] = await actionsFor(diagnosticOn(diagnostics, 'read-only-mutation', 25));
    assert.equal(await textAfter(client, document, setReadOnly), edited(original, 'CREATE], read_only=True', 'CREATE], read_only=False'));
    assert.equal(await textAfter(client, document, strictFalse), edited(original, 'open_world=True)))', 'open_world=True), strict=False))'));
    assert.equal(await textAfter(client, document, ignoreMutation), edited(original,
      '\n@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.CREATE]',
      '\n# mcp-tool-lint: ignore[read-only-mutation]\n@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.CREATE]'));
    await client.close(document.uri);
  });

  test('TypeScript: the actions and the text after each', async () => {
    const document = editorFixture('tools.ts', 'typescript');
    const diagnostics = await openAndLint(client, document);
    const original = document.text;
    const missing = diagnosticOn(diagnostics, 'missing-annotation-hint', 10);
    const missingActions = await codeActions(client, document, missing.range, [missing]);
    assert.deepEqual(titles(missingActions), [
      'Add openWorldHint: true [preferred]',
      'Ignore missing-annotation-hint for this line',
      'Show documentation for missing-annotation-hint',
    ]);
    assert.equal(await textAfter(client, document, missingActions[0]), edited(original, '{ readOnlyHint: true }', '{ readOnlyHint: true, openWorldHint: true }'));
    assert.equal(await textAfter(client, document, missingActions[1]), edited(original,
      '    annotations: { readOnlyHint: true },',
      '    // mcp-tool-lint: ignore[missing-annotation-hint]\n    annotations: { readOnlyHint: true },'));

    const contradiction = diagnosticOn(diagnostics, 'read-only-destructive', 20);
    const contradictionActions = await codeActions(client, document, contradiction.range, [contradiction]);
    assert.deepEqual(titles(contradictionActions), [
      'Set readOnlyHint to false (clients keep asking for confirmation) [preferred]',
      'Set destructiveHint to false',
      'Ignore read-only-destructive for this line',
      'Show documentation for read-only-destructive',
    ]);
    assert.equal(await textAfter(client, document, contradictionActions[0]), edited(original, 'readOnlyHint: true, destructiveHint: true', 'readOnlyHint: false, destructiveHint: true'));
    assert.equal(await textAfter(client, document, contradictionActions[1]), edited(original, 'readOnlyHint: true, destructiveHint: true', 'readOnlyHint: true, destructiveHint: false'));
    await client.close(document.uri);
  });

  test('every action\'s result parses and clears its diagnostic (every editor fixture)', async () => {
    for (const [name, languageId] of [['tools.py', 'python'], ['tools.ts', 'typescript'], ['fixes.py', 'python'], ['fixes.ts', 'typescript']]) {
      const document = editorFixture(name, languageId);
      const diagnostics = await openAndLint(client, document);
      assert.ok(diagnostics.length > 0);
      for (const diagnostic of diagnostics) {
        for (const action of await codeActions(client, document, diagnostic.range, [diagnostic])) {
          if (action.command) continue;
          await assertParsesAndClears(document, await textAfter(client, document, action), diagnostic, `${name}: ${action.title}`);
        }
      }
      await client.close(document.uri);
    }
  });

  test('a second ignore extends the comment already above the line', async () => {
    const document = editorFixture('tools.py', 'python');
    const diagnostics = await openAndLint(client, document);
    const mutation = diagnosticOn(diagnostics, 'read-only-mutation', 25);
    const ignore = (await codeActions(client, document, mutation.range, [mutation])).find((a) => a.title === 'Ignore read-only-mutation for this line');
    assert.ok(ignore);
    const withComment = await textAfter(client, document, ignore);
    const next = await replaceText(client, document, withComment);
    const idempotent = diagnosticOn(next, 'read-only-not-idempotent', 26);
    const extend = (await codeActions(client, document, idempotent.range, [idempotent])).find((a) => a.title === 'Ignore read-only-not-idempotent for this line');
    assert.ok(extend);
    assert.equal(await textAfter(client, document, extend), edited(withComment,
      '# mcp-tool-lint: ignore[read-only-mutation]\n',
      '# mcp-tool-lint: ignore[read-only-mutation, read-only-not-idempotent]\n'));
    await client.close(document.uri);
  });

  test('fix-all on save applies only safe fixes, and a second run changes nothing', async () => {
    for (const [name, languageId, expectedChange] of [
      ['tools.py', 'python', (text: string) => edited(edited(text,
        '            destructive=False,\n        ),',
        '            destructive=False,\n            idempotent=False,\n            open_world=True,\n        ),'),
      'read_only=True)))', 'read_only=True, destructive=False, idempotent=True, open_world=True)))')],
      ['tools.ts', 'typescript', (text: string) => edited(text, '{ readOnlyHint: true }', '{ readOnlyHint: true, openWorldHint: true }')],
    ] as const) {
      const document = editorFixture(name, languageId);
      await openAndLint(client, document);
      const whole = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      const actions = await codeActions(client, document, whole, [], [FIX_ALL]);
      assert.deepEqual(actions.map((a) => [a.title, a.kind]), [['Fix all safe mcp-tool-lint problems', FIX_ALL]]);
      const fixed = await textAfter(client, document, actions[0]);
      // Contradictions (flips) and MTL105's fixes are never part of it.
      assert.equal(fixed, expectedChange(document.text));
      await replaceText(client, document, fixed);
      assert.deepEqual(await codeActions(client, document, whole, [], [FIX_ALL]), []);
      // Quick-fix requests (no `only`) never include the source action.
      assert.ok((await codeActions(client, document, whole, [])).every((a) => a.kind !== FIX_ALL));
      await client.close(document.uri);
    }
  });

  test('fix-all on every editor fixture: the result parses, and running it again changes nothing', async () => {
    const whole = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    for (const [name, languageId] of [['tools.py', 'python'], ['tools.ts', 'typescript'], ['fixes.py', 'python'], ['fixes.ts', 'typescript']]) {
      const document = editorFixture(name, languageId);
      await openAndLint(client, document);
      const [first] = await codeActions(client, document, whole, [], [FIX_ALL]);
      assert.ok(first, `${name}: fix-all is offered`);
      const fixed = await textAfter(client, document, first);
      assert.notEqual(fixed, document.text, `${name}: fix-all changes something`);
      await initAnalysis();
      const tree = parse(grammarFor(languageId, name)!, fixed);
      assert.equal(tree.rootNode.hasError, false, `${name}: the fixed text parses`);
      tree.delete();
      await replaceText(client, document, fixed);
      assert.deepEqual(await codeActions(client, document, whole, [], [FIX_ALL]), [], `${name}: the second run has nothing to do`);
      await client.close(document.uri);
    }
  });

  test('a lazily resolved action is refused once the document has changed', async () => {
    const document = editorFixture('tools.py', 'python');
    const diagnostics = await openAndLint(client, document);
    const diagnostic = diagnosticOn(diagnostics, 'missing-behavior-flag', 9);
    const fixAllOfRule = (await codeActions(client, document, diagnostic.range, [diagnostic])).find((a) => a.title === 'Fix all missing-behavior-flag problems in this file');
    assert.ok(fixAllOfRule && !fixAllOfRule.edit && fixAllOfRule.data, 'the file-wide fix is resolved lazily');
    await replaceText(client, document, `# edited\n${document.text}`);
    const stale = await resolved(client, fixAllOfRule);
    assert.equal(stale.edit, undefined);
    await client.close(document.uri);
  });
  test('"Add all missing flags in this file" fills Behavior flags and annotation hints together', async () => {
    const document = inlineDocument('mixed.py', 'python', [
      'from arcade_mcp_server import MCPApp',
      'from arcade_mcp_server.metadata import Behavior, Operation, ToolMetadata',
      'from mcp.server.fastmcp import FastMCP',
      'from mcp.types import ToolAnnotations',
      '',
      'app = MCPApp(name="Notes")',
      'mcp = FastMCP("notes")',
      '',
      '',
      '@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.READ], read_only=True)))',
      'def list_notes() -> list[str]:',
      '    """List every note."""',
      '',
      '',
      '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))',
      'def count_notes() -> int:',
      '    """Count the notes."""',
      '',
    ].join('\n'));
    const diagnostics = await openAndLint(client, document);
    for (const [rule, line] of [['missing-behavior-flag', 9], ['missing-annotation-hint', 14]] as const) {
      const diagnostic = diagnosticOn(diagnostics, rule, line);
      const action = (await codeActions(client, document, diagnostic.range, [diagnostic])).find((a) => a.title === 'Add all missing flags in this file');
      assert.ok(action, `offered for ${rule}`);
      assert.equal(await textAfter(client, document, action), edited(edited(document.text,
        'read_only=True)))', 'read_only=True, destructive=False, idempotent=True, open_world=True)))'),
      'ToolAnnotations(readOnlyHint=True)', 'ToolAnnotations(readOnlyHint=True, openWorldHint=True)'));
    }
    await client.close(document.uri);
  });

  test('mcpToolLint.codeAction.disableRuleComment.enable: false leaves out the ignore action', async () => {
    const document = editorFixture('tools.ts', 'typescript');
    const diagnostics = await openAndLint(client, document);
    const diagnostic = diagnosticOn(diagnostics, 'missing-annotation-hint', 10);
    const saved = client.settings;
    client.settings = { ...saved, codeAction: { disableRuleComment: { enable: false } } };
    await client.configurationChanged();
    try {
      assert.deepEqual(titles(await codeActions(client, document, diagnostic.range, [diagnostic])), [
        'Add openWorldHint: true [preferred]',
        'Show documentation for missing-annotation-hint',
      ]);
    } finally {
      client.settings = saved;
      await client.configurationChanged();
      await client.close(document.uri);
    }
  });

  test('"Show documentation" opens the rule\'s page with window/showDocument, and only our pages', async () => {
    const shown: unknown[] = [];
    client.connection.onRequest('window/showDocument', (params: unknown) => {
      shown.push(params);
      return { success: true };
    });
    const url = `${DOCS}delete-not-destructive.md`;
    await client.connection.sendRequest('workspace/executeCommand', { command: 'mcpToolLint.showDocumentation', arguments: ['https://example.com/elsewhere'] });
    await client.connection.sendRequest('workspace/executeCommand', { command: 'mcpToolLint.showDocumentation', arguments: [url] });
    assert.deepEqual(shown, [{ uri: url, external: true }]);
  });
});

describe('code actions for a plain client (no resolve, no documentChanges)', () => {
  let client: LspClient;
  before(async () => {
    ({ client } = await LspClient.start({ capabilities: PLAIN_CAPABILITIES }));
  });
  afterAll(() => client.kill());

  test('file-wide fixes come with their edits, as `changes`', async () => {
    const document = inlineDocument('plain.py', 'python', [
      'from arcade_mcp_server import MCPApp',
      'from arcade_mcp_server.metadata import Behavior, Operation, ToolMetadata',
      '',
      'app = MCPApp(name="Notes")',
      '',
      '',
      '@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.READ])))',
      'def list_notes() -> list[str]:',
      '    """List every note."""',
      '',
      '',
      '@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.DELETE])))',
      'def delete_note(note_id: str) -> None:',
      '    """Delete one note."""',
      '',
    ].join('\n'));
    const diagnostics = await openAndLint(client, document);
    const diagnostic = diagnosticOn(diagnostics, 'missing-behavior-flag', 6);
    const actions = await codeActions(client, document, diagnostic.range, [diagnostic]);
    const fixAllOfRule = actions.find((a) => a.title === 'Fix all missing-behavior-flag problems in this file');
    assert.ok(fixAllOfRule?.edit?.changes, 'eager edit in `changes`');
    assert.equal(fixAllOfRule.edit.documentChanges, undefined);
    assert.equal(applyWorkspaceEdit(document, fixAllOfRule.edit), edited(edited(document.text,
      '[Operation.READ])))', '[Operation.READ], read_only=True, destructive=False, idempotent=True, open_world=True)))'),
    '[Operation.DELETE])))', '[Operation.DELETE], read_only=False, destructive=True, idempotent=False, open_world=True)))'));
    await client.close(document.uri);
  });
});
