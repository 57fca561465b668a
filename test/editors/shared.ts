/**
 * What every editor test shares: the fixture workspace, its reviewed expectations
 * (`<file>.expected`, checked against the core by test/unit/fixtures.test.ts), and positions in it.
 * No editor API here, so the node tests and the VS Code extension-host tests both use it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository root, from the bundle's location (dist/test/editors or dist/e2e/...). Not test/helpers' copy: that one pulls in the core. */
function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

export const EDITOR_WORKSPACE = path.join(repoRoot(), 'test', 'fixtures', 'editors', 'workspace');
export const PYTHON_FIXTURE = 'mail_tools.py';
export const TYPESCRIPT_FIXTURE = 'calendar.ts';
export const EDITOR_FIXTURES = [PYTHON_FIXTURE, TYPESCRIPT_FIXTURE] as const;
/** What the tests ask the server about, per fixture: a flag's hover, a tool's card on its name, a name that is no tool's (no card). */
export const PLAN = {
  [PYTHON_FIXTURE]: {
    hoverNeedle: 'read_only',
    card: { needle: 'list_messages(folder', tool: 'Mail_ListMessages' },
    plainNeedle: 'folder: Annotated',
    completionAfter: 'ServiceDomain.',
    fix: { rule: 'delete-not-destructive', title: 'destructive=True', from: 'destructive=False', to: 'destructive=True' },
  },
  [TYPESCRIPT_FIXTURE]: {
    hoverNeedle: 'readOnlyHint',
    card: { needle: '"list_events"', tool: 'list_events' },
    plainNeedle: 'McpServer({',
    fix: {
      rule: 'read-only-destructive', title: 'readOnlyHint to false', from: 'annotations: { readOnlyHint: true, destructiveHint: true', to: 'annotations: { readOnlyHint: false, destructiveHint: true',
      // No longer read-only, delete_event's missing idempotentHint now matters (rules.md MTL202).
      appears: { rule: 'missing-annotation-hint', severity: 'info', needle: 'annotations: { readOnlyHint: false', length: 'annotations'.length },
    },
  },
} as const;

/** How a tool's card starts: its name, then its title (the hover on its name, server/src/core/features/tool-card.ts). */
export function cardHeading(tool: string): string {
  return `**\`${tool}\`** · `;
}

/** The heading of the card's hints table. */
export const CARD_TABLE = '| hint | value | from |';

export type SeverityName = 'error' | 'warning' | 'info' | 'hint';
/** LSP's numbering (also Neovim's vim.diagnostic.severity). */
export const LSP_SEVERITY: Record<SeverityName, number> = { error: 1, warning: 2, info: 3, hint: 4 };

export interface ExpectedDiagnostic {
  /** 0-based, UTF-16 columns, as LSP and the editors' APIs give them. */
  line: number;
  character: number;
  endLine: number;
  endCharacter: number;
  severity: SeverityName;
  /** The rule's name (`read-only-mutation`): the diagnostics' `code` in every editor. */
  rule: string;
}

/** The files an editor opens: not the expectations kept beside them (`.expected`, `.after-fix-all`). */
export function isWorkspaceFile(file: string): boolean {
  return !/\.(expected|after-fix-all)$/.test(file);
}

/** The text after fix-all on save (safe fixes only: missing flags added, nothing the author wrote flipped). */
export function textAfterFixAll(name: string): string {
  return fs.readFileSync(path.join(EDITOR_WORKSPACE, `${name}.after-fix-all`), 'utf8');
}

export function fixtureText(name: string): string {
  return fs.readFileSync(path.join(EDITOR_WORKSPACE, name), 'utf8');
}

/** The reviewed findings of a workspace fixture for a profile (`recommended` reads `<file>.expected`). */
export function expectedDiagnostics(name: string, profile = 'recommended'): ExpectedDiagnostic[] {
  const suffix = profile === 'recommended' ? '.expected' : `.${profile}.expected`;
  const text = fs.readFileSync(path.join(EDITOR_WORKSPACE, name + suffix), 'utf8');
  return text.split('\n').filter((line) => /^\d/.test(line)).map((line) => {
    const [range, severity, , rule] = line.split(' ');
    const [start, end] = range.split('-');
    const [startLine, startColumn] = start.split(':').map(Number);
    const [endLine, endColumn] = end.split(':').map(Number);
    return { line: startLine - 1, character: startColumn - 1, endLine: endLine - 1, endCharacter: endColumn - 1, severity: severity as SeverityName, rule };
  });
}

/** The 0-based position of `needle`'s start (or just after it) in `text`; throws if it is missing. */
export function positionOf(text: string, needle: string, where: 'start' | 'after' = 'start'): { line: number; character: number } {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`"${needle}" is not in the fixture`);
  const offset = where === 'after' ? index + needle.length : index;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

export function sortDiagnostics<T extends { line: number; character: number; rule: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => a.line - b.line || a.character - b.character || a.rule.localeCompare(b.rule));
}

type Fix = { rule: string; title: string; from: string; to: string; appears?: { rule: string; severity: SeverityName; needle: string; length: number } };

/** The fixture's text once its planned quick-fix is applied. */
export function textAfterFix(name: keyof typeof PLAN): string {
  const fix: Fix = PLAN[name].fix;
  return fixtureText(name).replace(fix.from, fix.to);
}

/** The diagnostics once the planned quick-fix is applied: the fixed one gone, and any the fix brings to light. */
export function expectedAfterFix(name: keyof typeof PLAN): ExpectedDiagnostic[] {
  const fix: Fix = PLAN[name].fix;
  const list = expectedDiagnostics(name).filter((d) => d.rule !== fix.rule);
  if (fix.appears) {
    const start = positionOf(textAfterFix(name), fix.appears.needle);
    list.push({ ...start, endLine: start.line, endCharacter: start.character + fix.appears.length, severity: fix.appears.severity, rule: fix.appears.rule });
  }
  return sortDiagnostics(list);
}
