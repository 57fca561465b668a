/**
 * A terminal editor (Neovim, Emacs) as the LSP client of `node dist/server.js --stdio`: its script
 * (nvim/lsp-check.lua, emacs/eglot-check.el) runs on one fixture as a plan says and writes what the
 * editor saw as JSON; the checks here compare that with the fixture's reviewed expectations.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { SERVICE_DOMAINS } from '../../server/src/core/data/service-domains';
import { repoRoot } from '../helpers/fixtures';
import { requireEditor, run, scratchWorkspace } from './editor-process';
import {
  cardHeading, ExpectedDiagnostic, expectedAfterFix, expectedDiagnostics, fixtureText, LSP_SEVERITY, PLAN, positionOf, PYTHON_FIXTURE, sortDiagnostics,
  textAfterFix, TYPESCRIPT_FIXTURE,
} from './shared';

export const SERVER = path.join(repoRoot(), 'dist', 'server.js');
/** How long the editor's script waits for any one thing (the server's start, diagnostics, an answer). */
const WAIT_MS = 60_000;
export type FixtureName = keyof typeof PLAN;

export interface EditorDiagnostic {
  line: number; character: number; endLine: number; endCharacter: number; severity: number; code: string; source: string; message: string;
  /** Emacs only: the flymake type eglot gave it. */
  flymakeType?: string;
}
export interface EditorResult {
  error?: string;
  steps: string[];
  capabilities?: { hover: boolean; completion: boolean; codeAction: boolean };
  diagnostics: EditorDiagnostic[];
  hover?: { kind?: string; value?: string } | string;
  /** The hover on a tool's name (its card), and on a name that is no tool's (null: none). */
  cardHover?: { kind?: string; value?: string } | string | null;
  plainHover?: { kind?: string; value?: string } | string | null;
  /** Neovim: the lines its hover float shows of the card (vim.lsp.util.stylize_markdown). */
  cardShown?: string[];
  completion?: string[];
  codeActions?: Array<{ title: string; kind: string; isPreferred: boolean }>;
  applied?: string;
  textAfterFix?: string;
  diagnosticsAfterFix?: EditorDiagnostic[];
}

export interface EditorCommand {
  command: string;
  /** The editor's arguments to run its check script on `file` (relative to the scratch workspace). */
  args(file: string): string[];
}

/** Runs the editor's check script on a scratch copy of `file` and returns what it wrote. */
export async function runEditor(editor: EditorCommand, file: FixtureName): Promise<EditorResult> {
  const workspace = scratchWorkspace(editor.command);
  try {
    const text = fixtureText(file);
    const plan = PLAN[file];
    const planFile = path.join(workspace.dir, 'plan.json');
    fs.writeFileSync(planFile, JSON.stringify({
      hover: positionOf(text, plan.hoverNeedle),
      cardHover: positionOf(text, plan.card.needle),
      plainHover: positionOf(text, plan.plainNeedle),
      completion: 'completionAfter' in plan ? positionOf(text, plan.completionAfter, 'after') : undefined,
      codeAction: { code: plan.fix.rule },
    }));
    const out = path.join(workspace.dir, 'result.json');
    const xdg = path.join(workspace.dir, '.xdg');
    // Each wait in the editor's script polls: generous bounds cost nothing when answers come quickly, and
    // beside other test files on two cores one request once took the editor's old 15 s (eglot: "Timed out").
    const env = {
      ...process.env,
      MTL_WAIT_SECONDS: String(WAIT_MS / 1000), MTL_WAIT_MS: String(WAIT_MS),
      MTL_SERVER_JS: SERVER, MTL_PLAN: planFile, MTL_OUT: out, HOME: workspace.dir,
      XDG_CONFIG_HOME: `${xdg}/config`, XDG_DATA_HOME: `${xdg}/data`, XDG_CACHE_HOME: `${xdg}/cache`, XDG_STATE_HOME: `${xdg}/state`,
    };
    const result = await run(editor.command, editor.args(file), { cwd: workspace.dir, env, timeoutMs: 4 * WAIT_MS });
    assert.ok(fs.existsSync(out), `${editor.command} wrote no result (exit ${result.code})\n${result.stdout}\n${result.stderr}`);
    const parsed = JSON.parse(fs.readFileSync(out, 'utf8')) as EditorResult;
    assert.equal(parsed.error, undefined, `${editor.command}: ${parsed.error}\n${result.stderr}`);
    assert.equal(result.code, 0, result.stderr);
    return parsed;
  } finally {
    workspace.cleanup();
  }
}

function comparable(diagnostics: EditorDiagnostic[]) {
  return sortDiagnostics(diagnostics.map((d) => ({ line: d.line, character: d.character, endLine: d.endLine, endCharacter: d.endCharacter, severity: d.severity, rule: d.code })));
}

function asLsp(expected: ExpectedDiagnostic[]) {
  return sortDiagnostics(expected.map((d) => ({ ...d, severity: LSP_SEVERITY[d.severity] })));
}

function hoverText(hover: EditorResult['cardHover']): string {
  return typeof hover === 'string' ? hover : hover?.value ?? '';
}

function assertDiagnostics(result: EditorResult, file: FixtureName): void {
  assert.deepEqual(comparable(result.diagnostics), asLsp(expectedDiagnostics(file)));
  for (const diagnostic of result.diagnostics) {
    assert.equal(diagnostic.source, 'mcp-tool-lint');
    assert.ok(diagnostic.message.endsWith('.'), `a full sentence: ${diagnostic.message}`);
  }
}

function assertHoverMentions(result: EditorResult, text: RegExp): void {
  assert.ok(result.capabilities?.hover, 'the server offers hover');
  assert.match(hoverText(result.hover), text);
}

/** A tool's name shows its card, from its heading to its annotations table; a name that is no tool's shows nothing. */
function assertToolCard(result: EditorResult, file: FixtureName): void {
  const card = hoverText(result.cardHover);
  assert.ok(card.startsWith(cardHeading(PLAN[file].card.tool)), card);
  assert.match(card, /\n\| hint \| value \| from \|\n\|---\|---\|---\|\n\| `readOnlyHint` \| `true` \| declared here \|\n/);
  assert.equal(result.plainHover, null);
}

function assertServiceDomainCompletion(result: EditorResult): void {
  assert.ok(result.capabilities?.completion, 'the server offers completion');
  assert.equal(result.completion?.length, 30, JSON.stringify(result.completion));
  assert.deepEqual([...(result.completion ?? [])].sort(), SERVICE_DOMAINS.map((d) => d.member).sort());
}

/** The preferred quick-fix was offered, the editor applied its edit, and the server's next diagnostics follow. */
function assertQuickFixApplied(result: EditorResult, file: FixtureName): void {
  assert.ok(result.capabilities?.codeAction, 'the server offers code actions');
  assert.ok(result.codeActions?.some((a) => a.isPreferred && a.kind === 'quickfix' && a.title === result.applied), JSON.stringify(result.codeActions));
  assert.equal(result.textAfterFix?.replace(/\n$/, ''), textAfterFix(file).replace(/\n$/, ''));
  assert.deepEqual(comparable(result.diagnosticsAfterFix ?? []), asLsp(expectedAfterFix(file)));
}

/**
 * The checks every terminal editor passes: Python (diagnostics, hover over `read_only`, the tool card on a
 * tool's name and none on another name, completion after `ServiceDomain.`, the preferred quick-fix) and
 * TypeScript (diagnostics, hovers, quick-fix).
 * `extra` adds the editor's own checks of what it shows.
 */
export function describeEditor(title: string, editor: EditorCommand & { name: string }, extra?: (result: EditorResult, file: FixtureName) => void): void {
  describe(title, () => {
    test('Python: diagnostics, hover over read_only, the tool card, ServiceDomain completion, the preferred quick-fix applied', async (t) => {
      if (!requireEditor(t, editor.command, editor.name)) return;
      const result = await runEditor(editor, PYTHON_FIXTURE);
      assertDiagnostics(result, PYTHON_FIXTURE);
      assertHoverMentions(result, /readOnlyHint/);
      assertToolCard(result, PYTHON_FIXTURE);
      assertServiceDomainCompletion(result);
      assertQuickFixApplied(result, PYTHON_FIXTURE);
      extra?.(result, PYTHON_FIXTURE);
    });

    test('TypeScript: diagnostics, hover over readOnlyHint, the tool card, the preferred quick-fix applied', async (t) => {
      if (!requireEditor(t, editor.command, editor.name)) return;
      const result = await runEditor(editor, TYPESCRIPT_FIXTURE);
      assertDiagnostics(result, TYPESCRIPT_FIXTURE);
      assertHoverMentions(result, /readOnlyHint/);
      assertToolCard(result, TYPESCRIPT_FIXTURE);
      assertQuickFixApplied(result, TYPESCRIPT_FIXTURE);
      extra?.(result, TYPESCRIPT_FIXTURE);
    });
  });
}
