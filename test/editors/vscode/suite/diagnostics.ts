// Diagnostics from the real bundled client and server, as the fixtures' reviewed expectations.
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { EDITOR_FIXTURES, expectedDiagnostics } from '../../shared';
import { openFixture, ourDiagnostics, ruleOf, waitForDiagnostics } from './vscode-helpers';

const DOCS = 'https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/';

suite('diagnostics', () => {
  for (const fixture of EDITOR_FIXTURES) {
    test(`${fixture}: the reviewed findings appear, linked to their rule's page`, async () => {
      const editor = await openFixture(fixture);
      await waitForDiagnostics(editor.document.uri, expectedDiagnostics(fixture));
      for (const diagnostic of ourDiagnostics(editor.document.uri)) {
        const code = diagnostic.code as { value: string; target: vscode.Uri };
        assert.equal(code.target.toString(true), `${DOCS}${ruleOf(diagnostic)}.md`);
        assert.match(diagnostic.message, /\.$/);
      }
    });
  }
});
