/**
 * One open document's parse, kept up to date as edits arrive. Most edits reparse the one tree
 * incrementally. An edit that leaves its top-level statement broken (a `(` or `"` typed into a
 * call, a letter at the start of an indented line) is different: tree-sitter's error recovery then
 * re-reads the rest of the file, 25–150 ms on 10,000 lines, and may reshape statements far from the
 * edit. So the statements around the edit (the "window", from a statement starting a line up to
 * the next one) are parsed on their own first; when that parse is broken, the rest of the document
 * is reparsed without them (tree-sitter's included ranges) and the window keeps its own tree: the
 * broken region. The next edit inside it reparses only the region.
 *
 * An edit inside a statement that leaves it clean gets a region too (a clean region): the window
 * parsed alone, and the rest's tree kept as it is, edited but not reparsed. A keystroke then
 * parses its statement, not the document: reparsing 10,000 lines from the old tree costs 1-5 ms
 * in Python and 4-11 ms in TypeScript, where tree-sitter re-reads the first token of each of the
 * 1,200 top-level statements. The rest's tree may still hold the statements it had in the window
 * before the edits; every reader takes the rest's statements outside the region only. An edit
 * elsewhere reparses the rest without its own window, which puts the old region back into it.
 * Between keystrokes the server settles a clean region (`settle`): the whole reparsed from the
 * rest's tree, so that the next edit, wherever it lands, parses only its own window. A change that
 * gives back the text from before the edit ahead of it takes back that text's tree in TypeScript and
 * JavaScript (undo-points.ts).
 */
import { Edit, Node, Tree } from 'web-tree-sitter';
import { SourceText } from '../source-text';
import { JoinedWindows, Span } from './joined-windows';
import { UndoPoints } from './undo-points';
import { boundariesHold, emptyEditAt, insideOneUnit, nextUnitStart, outside, pointAfter, splitsAt, Window, windowAround } from './window-bounds';
import { GrammarId, parse, ParseBudget, parseWithin, TextSource } from './parser';
import { deleteSyntax, DocumentSyntax, moveRegion, Region } from './document-syntax';

export { brokenSpan, DocumentSyntax, lookupIn, NodeLookup, Region, treeAt } from './document-syntax';

/** How many statements after a broken window are tried with it before it becomes a broken region. */
const MAX_WINDOW_GROWTH = 2;
/**
 * The reparses for one edit may take an eighth of the progress checks of a full parse (about one
 * per 120 characters, Python and TypeScript alike), or six times what they usually take in the
 * document if that is more (TypeScript re-reads the first token of every top-level statement: a
 * reparse there usually takes a fourteenth of a full parse, twice that through the rest), and at
 * least MIN_BUDGET (a full parse of a 30,000-character file: small files are never parsed afresh).
 */
const CHARACTERS_PER_CHECK = 960;
const USUAL_FACTOR = 6;
const MIN_BUDGET = 250;

export class IncrementalParse {
  private syntax?: DocumentSyntax;
  /** The part of the text edited since the last parse (offsets in the current text). */
  private dirty?: { start: number; end: number };
  /** The windows reparsed through the rest (`reparseThroughRest`), where the next edits must be too. */
  private readonly joined = new JoinedWindows();

  /** How the last parse was made (tests and the benchmark). */
  lastParse: 'full' | 'incremental' | 'broken-region' | 'clean-region' | 'through-rest' | 'afresh' | 'undo' = 'full';
  /** What the document's trees read `node.text` from: the text they were last moved to. */
  private readonly source: TextSource = { text: '' };
  /** What the reparses for the current edit may still do. */
  private budget = new ParseBudget(0);
  /** The progress checks an edit's reparses usually take in this document (a moving average). */
  private usualChecks = 0;
  /** The trees from before the last edits, for a change that gives their text back (not in Python: undo-points.ts). */
  private readonly undoPoints?: UndoPoints;

  /**
   * `checksFor`: the progress checks the reparses for one edit of `text` may take, given what they
   * usually take (tests give a small number).
   */
  constructor(readonly grammar: GrammarId, private readonly checksFor: (text: SourceText, usual: number) => number = defaultChecks) {
    if (grammar !== 'python') this.undoPoints = new UndoPoints();
  }

  /** Applies an edit of the text to the trees (nothing is parsed until `current`). */
  edit(edit: Edit): void {
    if (!this.syntax) return;
    if (!this.dirty) this.undoPoints?.beforeEdit(this.source.text, this.syntax.region ? undefined : this.syntax.tree, () => this.joined.snapshot());
    this.syntax.tree.edit(edit);
    this.joined.move(edit);
    const region = this.syntax.region;
    if (region) {
      region.tree.edit(edit);
      moveRegion(region, edit);
    }
    const dirty = this.dirty;
    const end = dirty && (dirty.end >= edit.oldEndIndex ? dirty.end + edit.newEndIndex - edit.oldEndIndex : Math.max(dirty.end, edit.newEndIndex));
    this.dirty = dirty ? { start: Math.min(dirty.start, edit.startIndex), end: Math.max(end!, edit.newEndIndex) } : { start: edit.startIndex, end: edit.newEndIndex };
  }

  /** Whether there is a syntax yet (there is none before the first parse). */
  get parsed(): boolean {
    return this.syntax !== undefined;
  }

  /** The document's tree as it is, with no parse (edited since, maybe); undefined before the first parse. */
  get treeAsIs(): Tree | undefined {
    return this.syntax?.tree;
  }

  /** What the trees read `node.text` from: a first parse made elsewhere in steps (parser.ts SteppedParse) must read it too. */
  get textSource(): TextSource {
    return this.source;
  }

  /** Takes `tree`, a first parse of `text` made in steps, as the syntax; only before any other. */
  adopt(tree: Tree, text: SourceText): void {
    if (this.syntax) throw new Error('mcp-tool-lint: a parse in steps can only be the first');
    this.source.text = text;
    this.syntax = { tree };
    this.dirty = undefined;
    this.lastParse = 'full';
  }

  /** The syntax of `text` (the text after every edit so far). */
  current(text: SourceText): DocumentSyntax {
    const previous = this.syntax;
    const dirty = this.dirty;
    this.dirty = undefined;
    this.source.text = text;
    if (!previous) {
      this.lastParse = 'full';
      this.joined.clear();
      return (this.syntax = { tree: parse(this.grammar, text, undefined, undefined, this.source) });
    }
    if (!dirty) return previous;
    const undone = this.undoPoints?.takeFor(text);
    if (undone) {
      deleteSyntax(previous);
      this.joined.restore(undone.joined);
      this.lastParse = 'undo';
      return (this.syntax = { tree: undone.tree });
    }
    const budget = this.newBudget(text);
    const syntax = this.reparse(previous, text, dirty);
    // What reparsing the whole usually takes: a clean region's statements alone say nothing of it.
    if (this.lastParse !== 'afresh' && this.lastParse !== 'clean-region') this.learn(budget);
    return syntax;
  }

  private learn(budget: ParseBudget): void {
    this.usualChecks += (budget.spent - this.usualChecks) / 8;
  }

  private reparse(previous: DocumentSyntax, text: SourceText, dirty: { start: number; end: number }): DocumentSyntax {
    const window = windowAround(previous, text, dirty);
    if (window) {
      const local = this.editStaysLocal(previous, dirty);
      const parsed = this.parseRegion(previous, text, window, local);
      if (parsed && 'tree' in parsed) return parsed;
      if (parsed && (!previous.region || previous.region.clean) && !local) {
        const joined = this.reparseThroughRest(previous, text, parsed.clean);
        if (joined) return joined;
      }
    }
    return this.reparseWhole(previous, text, 'incremental');
  }

  /**
   * Whether the edit stays among the statements of its window, away from the windows reparsed
   * through the rest (an edit anywhere else reparses through the rest), and not across a region's
   * bounds. In Python only inside one top-level statement, away from its start and end (a line's
   * first column decides its block). In TypeScript and JavaScript a statement's start or end too (a
   * letter typed before `server.registerTool(`), since a region there is checked to leave the
   * statements around the window as they were (`boundariesHold`); through the rest, such an edit
   * took two whole reparses of 5-8 ms each on 10,000 lines.
   */
  private editStaysLocal(previous: DocumentSyntax, dirty: Span): boolean {
    if (this.joined.touches(dirty)) return false;
    const region = previous.region;
    const besideRegion = !region || dirty.end < region.start || dirty.start > region.end;
    if (!besideRegion && !(dirty.start >= region.start && dirty.end <= region.end)) return false;
    if (this.grammar !== 'python') return true;
    return insideOneUnit((besideRegion ? previous.tree : region!.tree).rootNode, dirty);
  }

  /**
   * Makes a clean region and the rest one tree again (a reparse of the whole from the rest's tree),
   * when no edit is waiting: for the time between keystrokes, so that the next edit, wherever it
   * lands, finds one tree and parses only its own window. Whether it did.
   */
  settle(text: SourceText): boolean {
    const syntax = this.syntax;
    // C#'s whole reparse from the rest's tree took 220 ms (p95) on 10,000 lines, against 7 ms for the
    // parses of the next edits with the clean region kept: C# documents keep their clean region.
    if (this.dirty || !syntax?.region?.clean || this.grammar === 'csharp') return false;
    this.source.text = text;
    const budget = this.newBudget(text);
    this.reparseWhole(syntax, text, 'incremental');
    if (this.lastParse !== 'afresh') this.learn(budget);
    return true;
  }

  /** The syntax as one tree (reparsing the region with the rest when there is one). */
  whole(text: SourceText): Tree {
    const syntax = this.current(text);
    if (!syntax.region) return syntax.tree;
    this.newBudget(text);
    return this.reparseWhole(syntax, text, 'incremental').tree;
  }

  /** The budget for the reparses of the edit that made `text`. */
  private newBudget(text: SourceText): ParseBudget {
    return (this.budget = new ParseBudget(this.checksFor(text, this.usualChecks)));
  }

  delete(): void {
    this.joined.clear();
    this.undoPoints?.clear();
    if (this.syntax) deleteSyntax(this.syntax);
    this.syntax = undefined;
    this.dirty = undefined;
  }

  private reparseWhole(previous: DocumentSyntax, text: SourceText, how: 'full' | 'incremental'): DocumentSyntax {
    const tree = parseWithin(this.budget, this.grammar, text, previous.tree, undefined, this.source);
    if (!tree) return this.parseAfresh(previous, text);
    if (previous.region && tree.rootNode.hasError) {
      // Recovering from errors, tree-sitter reshapes statements after what it can reuse; the rest's tree, read without the
      // region, made it recover otherwise than a fresh parse does (and than the CLI reads the file).
      tree.delete();
      return this.parseAfresh(previous, text);
    }
    deleteSyntax(previous);
    this.lastParse = how;
    return (this.syntax = { tree });
  }

  /**
   * A new tree without the old one: once reparsing from it has spent the edit's budget, or when a
   * broken region's rest could not be joined without errors. Some edits after a long history of
   * broken regions and joins make tree-sitter re-read most of the file (it finds nothing reusable
   * where it stands): 20-100 ms on 10,000 lines, and wasm memory for a second whole tree beside the
   * old one, about 11 MB that the wasm heap never returns. Deleting the old trees first, the new
   * one takes their memory; it also parses faster from then on.
   */
  private parseAfresh(previous: DocumentSyntax, text: SourceText): DocumentSyntax {
    deleteSyntax(previous);
    this.joined.clear();
    this.undoPoints?.clear();
    this.lastParse = 'afresh';
    return (this.syntax = { tree: parse(this.grammar, text, undefined, undefined, this.source) });
  }

  /**
   * The whole reparsed in two steps: the rest without the window, then the whole from that. An edit
   * between two top-level statements or at the start of one (a blank line, a letter typed before a
   * decorator) makes tree-sitter reuse almost nothing of what follows in one step: on 10,000 lines
   * of Python 60-140 ms, and wasm memory for a second tree (about 11 MB, which it never returns).
   * The rest reuses its old tree, and the whole then reuses the rest: a few milliseconds. The
   * window's statements in that whole cannot be reparsed in one step either (the same cost again),
   * so later edits touching the window take two steps too. Other edits inside a statement reparse
   * in one step, which is cheaper for them. Undefined when the rest does not parse cleanly.
   */
  private reparseThroughRest(previous: DocumentSyntax, text: SourceText, window: Window): DocumentSyntax | undefined {
    const rest = this.parseRest(previous.tree, text, window);
    if (!rest) return undefined;
    try {
      if (rest.rootNode.hasError || !splitsAt(rest.rootNode, window)) return undefined;
      const tree = parseWithin(this.budget, this.grammar, text, rest, undefined, this.source);
      if (!tree) return undefined;
      const root = tree.rootNode;
      if (root.hasError || !this.startsStatementAt(root, window.startIndex) || !this.startsStatementAt(root, window.endIndex)) {
        tree.delete();
        return undefined;
      }
      this.joined.add(window);
      deleteSyntax(previous);
      this.lastParse = 'through-rest';
      return (this.syntax = { tree });
    } finally {
      rest.delete();
    }
  }

  /**
   * Whether a top-level statement of the whole starts at `index`, where the window starts or ends
   * (or none follows), and in Python at a line's start. The window comes from the edited old tree,
   * whose statements a deletion may have cut: an indented line left after a deleted `def` line would
   * stay a statement of its own.
   */
  private startsStatementAt(root: Node, index: number): boolean {
    const after = root.firstNamedChildForIndex(index);
    if (!after) return true;
    return after.startIndex === index && (this.grammar !== 'python' || after.startPosition.column === 0);
  }

  /**
   * The window parsed alone; when it is broken, the rest reparsed without it. When the window parses
   * cleanly, a clean region where it may be one (`cleanRegion`); else that clean extent, or the one
   * with the statements after it (a decorator that was cut from its definition, an `else:` from its
   * `if`). Undefined: reparse the whole. `local`: the edit stays among its window's statements (`editStaysLocal`).
   */
  private parseRegion(previous: DocumentSyntax, text: SourceText, window: Window, local: boolean): DocumentSyntax | { clean: Window } | undefined {
    const alone = parse(this.grammar, text, undefined, [window], this.source);
    if (!alone.rootNode.hasError) {
      const region = this.cleanRegion(previous, text, window, alone, local);
      if (region) return region;
      alone.delete();
      return { clean: window };
    }
    for (let longer = window, step = 0; step < MAX_WINDOW_GROWTH && longer.endIndex < text.length; step++) {
      const next = nextUnitStart(previous.tree.rootNode, longer.endIndex);
      longer = next
        ? { ...longer, endIndex: next.startIndex, endPosition: next.startPosition }
        : { ...longer, endIndex: text.length, endPosition: pointAfter(text, longer.endIndex, longer.endPosition, text.length) };
      const grown = parse(this.grammar, text, undefined, [longer]);
      const clean = !grown.rootNode.hasError;
      grown.delete();
      if (clean) {
        alone.delete();
        return { clean: longer };
      }
    }
    // The rest's tree kept as it is when the statements around the window read the same without it. Not in Python: there a
    // broken region's merge later (a letter typed at the start of an indented line, then deleted) made tree-sitter re-read
    // the file from the edited old tree, past the reparse budget.
    if (this.grammar !== 'python' && local && covers(window, previous.region) && boundariesHold(this.grammar, previous, text, window, false)) {
      previous.region?.tree.delete();
      this.lastParse = 'broken-region';
      return (this.syntax = { tree: previous.tree, region: regionOf(alone, window) });
    }
    const rest = this.parseRest(previous.tree, text, window);
    if (!rest || rest.rootNode.hasError || !splitsAt(rest.rootNode, window)) {
      alone.delete();
      rest?.delete();
      return undefined;
    }
    deleteSyntax(previous);
    this.lastParse = 'broken-region';
    return (this.syntax = { tree: rest, region: regionOf(alone, window) });
  }

  /**
   * A clean region for a window that parses cleanly alone, when the edit stays local (`editStaysLocal`)
   * and the window reads the same alone as in the whole. The rest's tree is kept when the window
   * covers the previous region (or there was none); else it is reparsed without the window, which
   * puts the previous region back into it.
   */
  private cleanRegion(previous: DocumentSyntax, text: SourceText, window: Window, alone: Tree, local: boolean): DocumentSyntax | undefined {
    const old = previous.region;
    const covered = covers(window, old);
    if (!local || !(covered || old?.clean) || !boundariesHold(this.grammar, previous, text, window, true)) return undefined;
    let rest = previous.tree;
    if (!covered) {
      const reparsed = this.parseRest(previous.tree, text, window);
      if (!reparsed || reparsed.rootNode.hasError || !splitsAt(reparsed.rootNode, window)) {
        reparsed?.delete();
        return undefined;
      }
      previous.tree.delete();
      rest = reparsed;
    }
    old?.tree.delete();
    this.lastParse = 'clean-region';
    return (this.syntax = { tree: rest, region: { ...regionOf(alone, window), clean: true } });
  }

  /**
   * The document without the window, reparsed from its previous tree (undefined once the edit's
   * budget is spent). tree-sitter would reuse the statement before the window, though whether it
   * ends there may depend on what follows it now (JavaScript's automatic semicolons: `f()` and, on
   * the next line, `(g)()` make one call): so the window's start counts as edited, which
   * invalidates the nodes that looked ahead past it.
   */
  private parseRest(previous: Tree, text: SourceText, window: Window): Tree | undefined {
    // Python statements cannot join across a line that starts a statement: the old tree serves as it is.
    if (this.grammar === 'python') return parseWithin(this.budget, this.grammar, text, previous, outside(window, text), this.source);
    const old = previous.copy();
    try {
      old.edit(emptyEditAt(window.startIndex, window.startPosition));
      return parseWithin(this.budget, this.grammar, text, old, outside(window, text), this.source);
    } finally {
      old.delete();
    }
  }
}

/** Whether the window holds all of the region (or there is none). */
function covers(window: Window, region: Region | undefined): boolean {
  return !region || (window.startIndex <= region.start && region.end <= window.endIndex);
}

function regionOf(tree: Tree, window: Window): Region {
  return { tree, start: window.startIndex, end: window.endIndex, startPosition: window.startPosition, endPosition: window.endPosition };
}

function defaultChecks(text: SourceText, usual: number): number {
  return Math.max(MIN_BUDGET, text.length / CHARACTERS_PER_CHECK, USUAL_FACTOR * usual);
}
