/**
 * The code actions for a set of findings (the diagnostics a client sends back): each fix the
 * rule offers, "Fix all <rule> problems in this file", "Add all missing flags in this file",
 * "Ignore <rule> for this line", "Show documentation for <rule>", and the safe fix-all.
 */
import { Tree } from 'web-tree-sitter';
import { Finding, Fix, LanguageId, TextEdit } from '../model';
import { withTextLineBreaks } from '../fixes/apply';
import { docsUrl } from '../rules/rule';
import { differenceEdit, FileSource, FixedFile, fixFileWith, NEVER_IN_FILE_WIDE_FIXES, safeFixAll, soleFix } from './fix-file';
import { ignoreForLineEdit } from './ignore-comment';

export const FIX_ALL_KIND = 'source.fixAll.mcpToolLint';
export const SHOW_DOCUMENTATION_COMMAND = 'mcpToolLint.showDocumentation';

/** A file-wide fix, computed only when the client resolves the action (it re-analyses the file). */
export type FileWideFix = { kind: 'rule'; code: string } | { kind: 'missing-flags' } | { kind: 'safe' };

export interface CoreCodeAction {
  title: string;
  kind: 'quickfix' | typeof FIX_ALL_KIND;
  /** Edits against the document's text; empty for command-only actions and unresolved file-wide fixes. */
  edits: TextEdit[];
  /** Set for file-wide fixes: `fileWideEdits` computes their edits. */
  fileWide?: FileWideFix;
  isPreferred?: boolean;
  /** Where the author types next (the fix's `cursor`): a snippet edit's `$0` for clients that take them. */
  cursor?: Fix['cursor'];
  /** The findings (diagnostics) the action resolves. */
  findings: Finding[];
  command?: { title: string; command: string; arguments: unknown[] };
}

export interface CodeActionInput extends FileSource {
  tree: Tree;
  language: LanguageId;
  /** Every finding of the document's current analysis. */
  allFindings: readonly Finding[];
  /** The findings whose diagnostics the client sent, in its order. */
  requested: readonly Finding[];
  quickFixes: boolean;
  fixAll: boolean;
  /** Offer "Ignore <rule> for this line" (`mcpToolLint.codeAction.disableRuleComment.enable`). */
  ignoreComments: boolean;
}

const MISSING_FLAG_RULES = new Set(['MTL201', 'MTL202']);
/** Findings on suppression comments themselves: the fix is to edit the comment, not to add another. */
const NOT_IGNORABLE = new Set(['MTL901', 'MTL902']);

export function codeActionsFor(input: CodeActionInput): CoreCodeAction[] {
  const actions: CoreCodeAction[] = [];
  if (input.quickFixes) {
    const titles = new Set<string>();
    const add = (action: CoreCodeAction | undefined): void => {
      if (!action || titles.has(action.title)) return;
      titles.add(action.title);
      actions.push(action);
    };
    for (const finding of input.requested) {
      for (const fix of finding.fixes) {
        if (fix.edits.length === 0) continue;
        // Edits of another file (a preset imported from there) keep the line breaks they were made with.
        const edits = fix.edits.some((edit) => edit.file) ? fix.edits : withTextLineBreaks(input.text, fix.edits);
        actions.push({ title: fix.title, kind: 'quickfix', edits, isPreferred: fix.isPreferred, findings: [finding], ...(fix.cursor ? { cursor: fix.cursor } : {}) });
      }
    }
    for (const finding of input.requested) {
      add(fixAllOfRule(input, finding));
      add(addAllMissingFlags(input, finding));
    }
    for (const finding of input.requested) {
      if (input.ignoreComments) add(ignoreAction(input, finding));
      add(documentationAction(finding));
    }
  }
  if (input.fixAll) {
    // Computed now (it is asked for on save, or from the source action menu), so that it is offered only when it changes something.
    const fixable = input.allFindings.filter((finding) => finding.fixes.some((fix) => fix.safe));
    const edits = fixable.length > 0 ? fileWideEdits(input, { kind: 'safe' }) : [];
    if (edits.length > 0) actions.push({ title: 'Fix all safe mcp-tool-lint problems', kind: FIX_ALL_KIND, edits, findings: fixable });
  }
  return actions;
}

/** The edits of a file-wide fix (empty when it changes nothing). */
export function fileWideEdits(source: FileSource, fix: FileWideFix): TextEdit[] {
  let fixed: FixedFile;
  if (fix.kind === 'safe') fixed = { text: safeFixAll(source) };
  else if (fix.kind === 'missing-flags') fixed = fixFileWith(source, safeMissingFlagFix);
  else fixed = fixFileWith(source, (finding) => (finding.code === fix.code ? soleFix(finding) : undefined));
  if (fixed.edits) return fixed.edits;
  const edit = differenceEdit(source.text, fixed.text);
  return edit ? [edit] : [];
}

function fixAllOfRule(input: CodeActionInput, finding: Finding): CoreCodeAction | undefined {
  if (NEVER_IN_FILE_WIDE_FIXES.has(finding.code)) return undefined;
  const same = input.allFindings.filter((other) => other.code === finding.code && soleFix(other));
  if (same.length < 2) return undefined;
  return { title: `Fix all ${finding.rule} problems in this file`, kind: 'quickfix', edits: [], fileWide: { kind: 'rule', code: finding.code }, findings: same };
}

function safeMissingFlagFix(finding: Finding) {
  return MISSING_FLAG_RULES.has(finding.code) ? finding.fixes.find((fix) => fix.safe && fix.edits.length > 0) : undefined;
}

function addAllMissingFlags(input: CodeActionInput, finding: Finding): CoreCodeAction | undefined {
  if (!MISSING_FLAG_RULES.has(finding.code)) return undefined;
  const missing = input.allFindings.filter((other) => safeMissingFlagFix(other));
  if (missing.length < 2) return undefined;
  // When every one comes from the same rule, "Fix all <rule> problems" already does this.
  if (new Set(missing.map((other) => other.code)).size < 2) return undefined;
  return { title: 'Add all missing flags in this file', kind: 'quickfix', edits: [], fileWide: { kind: 'missing-flags' }, findings: missing };
}

function ignoreAction(input: CodeActionInput, finding: Finding): CoreCodeAction | undefined {
  if (NOT_IGNORABLE.has(finding.code)) return undefined;
  const edit = ignoreForLineEdit(input.tree, input.text, input.language, finding.range.start.line, finding.rule);
  if (!edit) return undefined;
  return { title: `Ignore ${finding.rule} for this line`, kind: 'quickfix', edits: [edit], findings: [finding] };
}

function documentationAction(finding: Finding): CoreCodeAction {
  const title = `Show documentation for ${finding.rule}`;
  return {
    title,
    kind: 'quickfix',
    edits: [],
    findings: [finding],
    command: { title, command: SHOW_DOCUMENTATION_COMMAND, arguments: [docsUrl(finding.rule)] },
  };
}
