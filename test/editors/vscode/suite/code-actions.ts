// Quick-fixes and fix-all on save, applied by VS Code itself.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { EDITOR_FIXTURES, expectedAfterFix, expectedDiagnostics, PLAN, textAfterFix, textAfterFixAll } from '../../shared';
import { closeAllEditors, openCopy, ourDiagnostics, ruleOf, updateSetting, waitFor, waitForDiagnostics } from './vscode-helpers';

suite('code actions', () => {
  suiteTeardown(async () => {
    await updateSetting('editor', 'codeActionsOnSave', undefined);
    await closeAllEditors();
  });

  for (const fixture of EDITOR_FIXTURES) {
    test(`${fixture}: the preferred quick-fix applies and its diagnostic disappears`, async () => {
      const editor = await openCopy(fixture, `quickfix-${fixture}`);
      const uri = editor.document.uri;
      await waitForDiagnostics(uri, expectedDiagnostics(fixture));
      const target = ourDiagnostics(uri).find((d) => ruleOf(d) === PLAN[fixture].fix.rule);
      assert.ok(target);
      // Asked again until answered: the client cancels a request that a document change overtakes.
      let offered: unknown[] = [];
      const preferred = await waitFor('the preferred quick-fix', async () => {
        const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider', uri, target.range, vscode.CodeActionKind.QuickFix.value, 10,
        );
        offered = actions.map((a) => ({ title: a.title, preferred: a.isPreferred, edit: !!a.edit, command: a.command?.command }));
        return actions.find((a) => a.isPreferred);
      }).catch((error: Error) => assert.fail(`${error.message}; offered ${JSON.stringify(offered)}`));
      assert.ok(preferred?.edit, `a preferred quick-fix with an edit among ${JSON.stringify(offered)}`);
      // vscode.executeCodeActionProvider drops the actions' `diagnostics`: the title tells which fix it is.
      assert.ok(preferred.title.includes(PLAN[fixture].fix.title), preferred.title);
      assert.ok(await vscode.workspace.applyEdit(preferred.edit));
      if (preferred.command) await vscode.commands.executeCommand(preferred.command.command, ...(preferred.command.arguments ?? []));
      assert.equal(editor.document.getText(), textAfterFix(fixture));
      await waitForDiagnostics(uri, expectedAfterFix(fixture));
    });
  }

  test(`fix-all on save (editor.codeActionsOnSave) applies only the safe fixes`, async () => {
    await updateSetting('editor', 'codeActionsOnSave', { 'source.fixAll.mcpToolLint': 'explicit' });
    for (const fixture of EDITOR_FIXTURES) {
      const editor = await openCopy(fixture, `save-${fixture}`);
      const uri = editor.document.uri;
      await waitForDiagnostics(uri, expectedDiagnostics(fixture));
      // A user's edit (a blank line at the end), then Save.
      await editor.edit((builder) => builder.insert(editor.document.lineAt(editor.document.lineCount - 1).range.end, '\n'));
      await vscode.commands.executeCommand('workbench.action.files.save');
      await waitFor('the save', () => (editor.document.isDirty ? undefined : true));
      assert.equal(editor.document.getText(), `${textAfterFixAll(fixture)}\n`);
      // What is left is what fix-all must not touch: the flags the author wrote.
      const left = await waitFor('diagnostics after fix-all', () => {
        const rules = ourDiagnostics(uri).map(ruleOf);
        return rules.length === 1 ? rules : undefined;
      });
      assert.deepEqual(left, [PLAN[fixture].fix.rule]);
    }
  });
});
