// Code actions on a file whose line breaks are lone CRs (old Mac files): every quick-fix, file-wide
// fix ("Fix all <rule> problems in this file", "Add all missing flags"), ignore comment and
// source.fixAll must do exactly what it does on the same file with LF, with CR line breaks kept
// (fuzz regressions seed-20261126-session-24 and -55: file-wide fixes counted lines at LF only).
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import { LspClient, TestDocument } from '../helpers/lsp-client';
import { applyWorkspaceEdit, codeActions, EDITOR_CAPABILITIES, editorFixture, openAndLint, resolved } from '../helpers/lsp-requests';

let client: LspClient;

before(async () => {
  ({ client } = await LspClient.start({ capabilities: EDITOR_CAPABILITIES }));
});

after(async () => {
  assert.equal(await client.shutdown(), 0);
});

/** Every action's title and the text after it, for each diagnostic (and source.fixAll). */
async function outcomes(document: TestDocument): Promise<Array<[string, string]>> {
  const diagnostics = await openAndLint(client, document);
  const result: Array<[string, string]> = [];
  const record = async (label: string, actions: CodeAction[]) => {
    for (const action of actions) {
      const edit = (await resolved(client, action)).edit;
      if (edit) result.push([`${label}: ${action.title}`, applyWorkspaceEdit(document, edit)]);
    }
  };
  for (const diagnostic of diagnostics) {
    const label = `${diagnostic.range.start.line}:${diagnostic.range.start.character} ${String(diagnostic.code)}`;
    await record(label, await codeActions(client, document, diagnostic.range, [diagnostic as Diagnostic]));
  }
  const start = { line: 0, character: 0 };
  await record('source.fixAll', await codeActions(client, document, { start, end: start }, [], ['source.fixAll']));
  await client.close(document.uri);
  return result;
}

for (const fixture of ['tools.py', 'fixes.py', 'tools.ts', 'fixes.ts']) {
  test(`${fixture} with lone CR line breaks: every code action gives the LF file's text, with CRs`, async () => {
    const lf = editorFixture(fixture, fixture.endsWith('.py') ? 'python' : 'typescript');
    const cr = new TestDocument(lf.uri.replace(/(\.\w+)$/, '-cr$1'), lf.languageId, lf.text.replace(/\n/g, '\r'));
    const expected = await outcomes(lf);
    const actual = await outcomes(cr);
    assert.ok(expected.length >= 6, `only ${expected.length} actions on ${fixture}`);
    for (const kind of ['Ignore', 'source.fixAll', ...(fixture === 'tools.ts' ? [] : ['Fix all'])]) {
      assert.ok(expected.some(([title]) => title.includes(kind)), `no ${kind} action on ${fixture}: ${expected.map(([title]) => title).join(' | ')}`);
    }
    assert.deepEqual(actual.map(([title]) => title), expected.map(([title]) => title));
    for (const [index, [title, text]] of actual.entries()) {
      assert.equal(text, expected[index][1].replace(/\n/g, '\r'), title);
    }
  });
}
