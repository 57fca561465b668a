/**
 * A document's trees from before an edit (its one tree, or the rest's and the broken regions'),
 * kept for the edit after it: a change that gives the text back (a typo deleted again, an undo;
 * LiveDocument then hands back the very text object it had) takes those trees back instead of
 * parsing, and leaves nothing to settle. `tree.copy()` shares the tree's nodes, and tree-sitter
 * copies a node before an edit changes it, so a kept tree costs only the nodes the edits since
 * replaced. The regions keep their ids: analyses see them as the regions they read before.
 *
 * TypeScript and JavaScript only (IncrementalParse makes none for Python). There, a settle after every keystroke costs
 * 5-8 ms on 10,000 lines whatever the tree (tree-sitter descends to every top-level statement); a
 * typo deleted again now leaves nothing to settle. In-process replay of the benchmark's 200 edits on
 * 10,000 lines: settles 175 -> 75, keystroke p50 3.3 -> 2.1-2.9 ms. In Python a tree kept from before
 * costs more to reparse from than the one a settle makes (a reparse without edits: 3.5 ms from a
 * freshly parsed 10,000-line tree, 0.8 ms from a reparsed one), and the replay's p95 went from 10 to 13 ms.
 */
import { SourceText } from '../source-text';
import { copySyntax, deleteSyntax, DocumentSyntax } from './document-syntax';
import { Span } from './joined-windows';

export interface UndoPoint {
  text: SourceText;
  syntax: DocumentSyntax;
  /** The windows to reparse through the rest (`JoinedWindows`), in that text's offsets. */
  joined: Span[];
}

export class UndoPoints {
  /** The state before the edit parsed last: the next edit may give its text back. */
  private latest?: UndoPoint;
  /** The state before the edit before that: what the edit being parsed now may give back. */
  private candidate?: UndoPoint;

  /** On the first edit since the last parse, before it is applied: the syntax of `text`, unless it has a clean region (not settled). */
  beforeEdit(text: SourceText, syntax: DocumentSyntax, joined: () => Span[]): void {
    if (this.candidate) deleteSyntax(this.candidate.syntax);
    this.candidate = this.latest;
    const settled = !syntax.regions?.some((region) => region.clean);
    this.latest = settled ? { text, syntax: copySyntax(syntax), joined: joined() } : undefined;
  }

  /** The kept state of `text`, when the edits since gave it back: the caller owns its trees from then on. */
  takeFor(text: SourceText): UndoPoint | undefined {
    const candidate = this.candidate;
    this.candidate = undefined;
    if (candidate?.text === text) return candidate;
    if (candidate) deleteSyntax(candidate.syntax);
    return undefined;
  }

  clear(): void {
    if (this.candidate) deleteSyntax(this.candidate.syntax);
    if (this.latest) deleteSyntax(this.latest.syntax);
    this.candidate = this.latest = undefined;
  }
}
