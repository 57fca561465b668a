/** Edits for the incremental-analysis tests: random edits as an author makes them, undoing the last one, and a comparable snapshot of a result. */
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Tree } from 'web-tree-sitter';
import { Random } from '../../bench/random';
import { GrammarId, parse } from '../../server/src/core/parse/parser';
import { DocumentSyntax } from '../../server/src/core/parse/windows';
import { treeEditFor } from '../../server/src/lsp/edits';

export interface DocumentEdit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  text: string;
}

/** The edit that turns the document back into `before` (the author undoing a typo). */
export function undoEdit(document: TextDocument, before: string): DocumentEdit {
  const after = document.getText();
  let start = 0;
  while (start < Math.min(before.length, after.length) && before[start] === after[start]) start++;
  let tail = 0;
  while (tail < Math.min(before.length, after.length) - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { range: { start: document.positionAt(start), end: document.positionAt(after.length - tail) }, text: before.slice(start, before.length - tail) };
}

/** Fails with where two snapshots first differ (they are hundreds of kilobytes). */
export function assertSameSnapshot(actual: string, expected: string, message: string): void {
  if (actual === expected) return;
  let at = 0;
  while (at < Math.min(actual.length, expected.length) && actual[at] === expected[at]) at++;
  assert.fail(`${message}: differs at ${at}\n  actual:   ...${actual.slice(Math.max(0, at - 300), at + 200)}\n  expected: ...${expected.slice(Math.max(0, at - 300), at + 200)}`);
}

/** The declarations and findings of an analysis, as one string to compare. */
export function snapshot(result: { declarations: unknown; findings: unknown } | undefined): string {
  return JSON.stringify(result && { declarations: result.declarations, findings: result.findings });
}

export interface RandomEditOptions {
  /** Whole statements pasted at the start of a line (one is pasted without drawing). */
  pastes: readonly string[];
  /** Characters typed. */
  characters: string;
  /** How many of the equally likely kinds of edit are pastes (default 1). */
  pasteWeight?: number;
  /** The line edited, given the line count (default: any). */
  line?: (random: Random, count: number) => number;
}

/** A random edit as an author makes them: a character typed or deleted, a new line, a line removed, a statement pasted. */
export function randomEdit(random: Random, document: TextDocument, options: RandomEditOptions): DocumentEdit {
  const lines = document.getText().split('\n');
  const line = options.line ? options.line(random, lines.length) : random.int(lines.length);
  const character = random.int(lines[line].length + 1);
  const at = { line, character };
  const pastes = options.pasteWeight ?? 1;
  const kind = random.int(7 + pastes);
  if (kind === 0) return { range: { start: at, end: at }, text: '\n' };
  if (kind === 1) return { range: { start: { line, character: 0 }, end: { line: Math.min(line + 1, lines.length - 1), character: 0 } }, text: '' };
  if (kind < 2 + pastes) {
    const text = options.pastes.length === 1 ? options.pastes[0] : random.pick(options.pastes);
    return { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text };
  }
  if (kind < 4 + pastes) return { range: { start: at, end: { line, character: Math.min(character + 1, lines[line].length) } }, text: '' };
  return { range: { start: at, end: at }, text: random.pick([...options.characters]) };
}

/**
 * A document and its tree, edited as the server edits them: `tree.edit`, then an incremental reparse,
 * with where the reparse changed the tree's structure (tree-sitter's changed ranges, as
 * parse/windows.ts hands them to the analyses for one tree with syntax errors).
 */
export class EditedDocument {
  document: TextDocument;
  tree: Tree;
  reshaped?: { from: Tree; spans: Array<{ start: number; end: number }> };

  constructor(readonly grammar: GrammarId, text: string, uri = 'file:///edited') {
    this.document = TextDocument.create(uri, grammar, 1, text);
    this.tree = parse(grammar, text);
  }

  get text(): string {
    return this.document.getText();
  }

  apply(edit: DocumentEdit): void {
    this.tree.edit(treeEditFor(this.document, edit.range, edit.text));
    this.document = TextDocument.update(this.document, [edit], this.document.version + 1);
    const next = parse(this.grammar, this.text, this.tree);
    this.reshaped = { from: this.tree, spans: next.getChangedRanges(this.tree).map((range) => ({ start: range.startIndex, end: range.endIndex })) };
    this.tree.delete();
    this.tree = next;
  }

  /** The tree with the last reparse's changed ranges. */
  get syntax(): DocumentSyntax {
    return { tree: this.tree, reshaped: this.reshaped };
  }

  delete(): void {
    this.tree.delete();
  }
}
