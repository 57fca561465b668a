// A fix computed for an older document version is never applied to newer text: fixes carry the
// version they were made for, a code action asked right after a change (before its diagnostics)
// is made for the new text, and a lazily resolved fix-all for an older version gets no edit.
import * as assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CodeAction } from 'vscode-languageserver/node';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { LspClient } from '../helpers/lsp-client';
import { applyWorkspaceEdit, codeActions, EDITOR_CAPABILITIES, editorFixture, openAndLint, PLAIN_CAPABILITIES, resolved } from '../helpers/lsp-requests';

const FIX_ALL = 'source.fixAll';
const WHOLE = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

for (const [name, capabilities] of [['an editor that resolves and versions edits', EDITOR_CAPABILITIES], ['a plain client', PLAIN_CAPABILITIES]] as const) {
  describe(`stale fixes, ${name}`, () => {
    let client: LspClient;
    before(async () => {
      ({ client } = await LspClient.start({ capabilities }));
      await initAnalysis();
    });
    after(() => client.kill());

    test('source.fixAll asked right after a change (before its diagnostics) is made for the new text and version', async () => {
      const document = editorFixture('tools.py', 'python');
      await openAndLint(client, document);
      const v1: CodeAction[] = await codeActions(client, document, WHOLE, [], [FIX_ALL]);
      assert.equal(v1.length, 1);

      const change = document.edit(0, 0, '# a new first line\n\n');
      document.nextVersion();
      await client.change(document, [change]);
      const v2 = await codeActions(client, document, WHOLE, [], [FIX_ALL]);
      assert.equal(v2.length, 1);
      const action = await resolved(client, v2[0]);
      assert.ok(action.edit, 'the fix-all for the current version has an edit');
      for (const edit of action.edit.documentChanges ?? []) {
        assert.ok('textDocument' in edit && edit.textDocument.version === document.version, `edit for version ${JSON.stringify('textDocument' in edit && edit.textDocument.version)}, document is at ${document.version}`);
      }
      const fixed = applyWorkspaceEdit(document, action.edit);
      assert.ok(fixed.startsWith('# a new first line\n\n'), 'the new line is kept');
      const remaining = analyzeText(fixed, '/work/tools.py')!.findings.filter((f) => f.fixes.some((fix) => fix.safe));
      assert.deepEqual(remaining.map((f) => f.code), [], 'the edit fits the new text: nothing safe is left to fix');

      if (capabilities === EDITOR_CAPABILITIES) {
        // The fix-all offered at version 1 is either a versioned edit (a client applies it only to version 1) or refused when resolved now.
        const old = await resolved(client, v1[0]);
        if (old.edit) {
          assert.deepEqual(old.edit.documentChanges?.map((change) => 'textDocument' in change && change.textDocument.version), [1]);
        } else {
          assert.ok(v1[0].data, 'a lazily resolved fix-all');
        }
      }
      await client.close(document.uri);
    });

    test('a quick fix asked right after a change carries edits for the new text', async () => {
      const document = editorFixture('tools.py', 'python');
      const diagnostics = await openAndLint(client, document);
      const target = diagnostics.find((d) => d.code === 'delete-not-destructive');
      assert.ok(target, diagnostics.map((d) => d.code).join(', '));
      const change = document.edit(0, 0, '\n\n\n');
      document.nextVersion();
      await client.change(document, [change]);
      const moved = { ...target, range: { start: { ...target.range.start, line: target.range.start.line + 3 }, end: { ...target.range.end, line: target.range.end.line + 3 } } };
      const actions = (await codeActions(client, document, moved.range, [moved])).filter((a) => a.edit && a.kind === 'quickfix');
      assert.ok(actions.length > 0, 'quick fixes offered for the moved diagnostic');
      for (const action of actions) {
        const fixed = applyWorkspaceEdit(document, action.edit!);
        assert.ok(fixed.startsWith('\n\n\nfrom arcade_mcp_server import MCPApp\n'), `${action.title}: the edit lands on the new text`);
        assert.ok(!analyzeText(fixed, '/work/tools.py')!.findings.some((f) => f.rule === 'delete-not-destructive' && f.range.start.line === moved.range.start.line), `${action.title}: clears the finding`);
      }
      await client.close(document.uri);
    });
  });
}
