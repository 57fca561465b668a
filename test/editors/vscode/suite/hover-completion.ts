// Hover (a flag, the tool card, none on a name that is no tool's) and completion from the server, as VS Code's own providers API returns them.
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { SERVICE_DOMAINS } from '../../../../server/src/core/data/service-domains';
import { CARD_TABLE, cardHeading, EDITOR_FIXTURES, fixtureText, PLAN, positionOf, PYTHON_FIXTURE } from '../../shared';
import { hoverText, openFixture, positionAt, waitFor } from './vscode-helpers';

suite('hover and completion', () => {
  for (const fixture of EDITOR_FIXTURES) {
    const needle = PLAN[fixture].hoverNeedle;
    test(`${fixture}: the hover over ${needle} explains readOnlyHint`, async () => {
      const editor = await openFixture(fixture);
      const position = positionAt(editor.document, positionOf(fixtureText(fixture), needle));
      const text = await waitFor(`a hover over ${needle}`, async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, position);
        const joined = hoverText(hovers);
        return /readOnlyHint/.test(joined) ? joined : undefined;
      });
      assert.match(text, /readOnlyHint/);
    });
  }

  for (const fixture of EDITOR_FIXTURES) {
    const { card, plainNeedle } = PLAN[fixture];
    test(`${fixture}: the hover over ${card.needle} is the tool's card; over ${plainNeedle}, no card`, async () => {
      const editor = await openFixture(fixture);
      const hoversAt = async (needle: string) => hoverText(await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider', editor.document.uri, positionAt(editor.document, positionOf(fixtureText(fixture), needle))));
      const heading = cardHeading(card.tool);
      const text = await waitFor(`the card over ${card.needle}`, async () => {
        const joined = await hoversAt(card.needle);
        return joined.includes(heading) ? joined : undefined;
      });
      assert.match(text, /\| `readOnlyHint` \| `true` \| declared here \|/);
      // The server answers hovers by now: one over a name that is no tool's holds no card (other extensions may add theirs).
      assert.ok(!(await hoversAt(plainNeedle)).includes(CARD_TABLE));
    });
  }

  test('completion after `ServiceDomain.` lists all 30 members', async () => {
    const editor = await openFixture(PYTHON_FIXTURE);
    const position = positionAt(editor.document, positionOf(fixtureText(PYTHON_FIXTURE), PLAN[PYTHON_FIXTURE].completionAfter, 'after'));
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, position, '.');
    const members = list.items.filter((item) => item.kind === vscode.CompletionItemKind.EnumMember).map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.equal(members.length, 30, JSON.stringify(members));
    assert.deepEqual([...members].sort(), SERVICE_DOMAINS.map((d) => d.member).sort());
  });
});
