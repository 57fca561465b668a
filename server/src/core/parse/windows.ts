/**
 * One open document's parse, kept up to date as edits arrive. Most edits reparse the one tree
 * incrementally. An edit that leaves its top-level statement broken (a `(` or `"` typed into a
 * call, a letter at the start of an indented line) is different: tree-sitter's error recovery then
 * re-reads the rest of the file, 25–150 ms on 10,000 lines, and may reshape statements far from the
 * edit. So the statements around the edit (the "window", from a statement starting a line up to
 * the next one) are parsed on their own first; when that parse is broken, the rest of the document
 * is reparsed without it (tree-sitter's included ranges) and the window keeps its own tree: a
 * broken region. The next edit inside it reparses only the region. A document keeps any number of
 * broken regions (an author leaves a decorator half-typed and goes on elsewhere): the rest's tree
 * is parsed without all of them, so it stays clean, and an edit away from them is parsed as in a
 * clean file. A document opened broken, or parsed afresh with errors, is split into broken regions
 * and the rest at its next edit (region-split.ts).
 *
 * An edit inside a statement that leaves it clean gets a region too (a clean region): the window
 * parsed alone, and the rest's tree kept as it is, edited but not reparsed. A keystroke then
 * parses its statement, not the document: reparsing 10,000 lines from the old tree costs 1-5 ms
 * in Python and 4-11 ms in TypeScript, where tree-sitter re-reads the first token of each of the
 * 1,200 top-level statements. The rest's tree may still hold the statements it had in the window
 * before the edits; every reader takes the rest's statements outside the regions only. An edit
 * elsewhere reparses the rest without its own window, which puts the old clean region back into it.
 * Between keystrokes the server settles a clean region (`settle`): the rest reparsed with it, so
 * that the next edit, wherever it lands, parses only its own window. A change that gives back the
 * text from before the edit ahead of it takes back that text's trees in TypeScript and JavaScript
 * (undo-points.ts).
 */
import { Edit, Tree } from 'web-tree-sitter';
import { SourceText } from '../source-text';
import { JoinedWindows, Span } from './joined-windows';
import { UndoPoints } from './undo-points';
import {
  boundariesHold, cleanWithNext, insideOneUnit, leavesBracketsOpen, outside, splitsAround, Window, windowAround, windowsWith,
} from './window-bounds';
import { changedSpans, freshRest, parseRest, Reparse, reparsedThroughRest, RestEdits, widened, withRegions } from './rest-parse';
import { GrammarId, parse, ParseBudget, parseWithin, TextSource } from './parser';
import { brokenRegions, deleteSyntax, DocumentSyntax, moveRegion, newRegion, Region, regionsOf } from './document-syntax';
import { splitIntoRegions } from './region-split';

export { brokenRegions, brokenSpans, DocumentSyntax, lookupIn, NodeLookup, Region, RegionSpan, regionsOf, treeAt } from './document-syntax';

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
/** After a split of a broken tree found no regions, the edits parsed before it is tried again. */
const SPLIT_RETRY_EDITS = 20;

export class IncrementalParse {
  private syntax?: DocumentSyntax;
  /** The part of the text edited since the last parse (offsets in the current text). */
  private dirty?: Span;
  /** The same, for the edits outside the regions (in the rest's text). */
  private restDirty?: Span;
  /** The windows reparsed through the rest (`reparseThroughRest`), where the next edits must be too. */
  private readonly joined = new JoinedWindows();

  /** How the last parse was made (tests and the benchmark); 'split': a tree with errors made into broken regions. */
  lastParse: 'full' | 'incremental' | 'broken-region' | 'clean-region' | 'through-rest' | 'afresh' | 'undo' | 'split' = 'full';
  /** What the document's trees read `node.text` from: the text they were last moved to. */
  private readonly source: TextSource = { text: '' };
  /** What the reparses for the current edit may still do. */
  private budget = new ParseBudget(0);
  /** The progress checks an edit's reparses usually take in this document (a moving average). */
  private usualChecks = 0;
  /** The syntax from before the last edits, for a change that gives their text back (not in Python: undo-points.ts). */
  private readonly undoPoints?: UndoPoints;
  /** Edits parsed since a split of the one tree with errors failed (undefined: none failed since the tree was last clean). */
  private sinceFailedSplit?: number;

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
    if (!this.dirty) this.undoPoints?.beforeEdit(this.source.text, this.syntax, () => this.joined.snapshot());
    // Text typed at a region's start goes into it, at its end after it (moveSpan).
    const inRegion = regionsOf(this.syntax).some((region) => region.start <= edit.startIndex && edit.startIndex < region.end && edit.oldEndIndex <= region.end);
    this.syntax.tree.edit(edit);
    this.joined.move(edit);
    for (const region of regionsOf(this.syntax)) {
      region.tree.edit(edit);
      moveRegion(region, edit);
    }
    this.dirty = widened(this.dirty, edit);
    this.restDirty = inRegion && !this.restDirty ? undefined : widened(this.restDirty, edit);
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
    this.dirty = this.restDirty = undefined;
    this.lastParse = 'full';
  }

  /**
   * The syntax of `text` (the text after every edit so far). The first parse is one tree, broken or
   * not, read as the CLI reads the file.
   */
  current(text: SourceText): DocumentSyntax {
    const previous = this.syntax;
    const dirty = this.dirty;
    const restDirty = this.restDirty;
    this.dirty = this.restDirty = undefined;
    this.source.text = text;
    if (!previous) {
      this.lastParse = 'full';
      this.joined.clear();
      return (this.syntax = { tree: parse(this.grammar, text, undefined, undefined, this.source) });
    }
    if (!dirty) return previous;
    if (this.sinceFailedSplit !== undefined) this.sinceFailedSplit++;
    const undone = this.undoPoints?.takeFor(text);
    if (undone) {
      deleteSyntax(previous);
      this.joined.restore(undone.joined);
      this.lastParse = 'undo';
      return (this.syntax = undone.syntax);
    }
    const budget = this.newBudget(text);
    const syntax = this.reparse(previous, text, dirty, restDirty);
    // What reparsing the whole usually takes: a clean region's statements alone say nothing of it.
    if (this.lastParse !== 'afresh' && this.lastParse !== 'clean-region' && this.lastParse !== 'split') this.learn(budget);
    return syntax;
  }

  private learn(budget: ParseBudget): void {
    this.usualChecks += (budget.spent - this.usualChecks) / 8;
  }

  private reparse(previous: DocumentSyntax, text: SourceText, dirty: Span, restDirty: Span | undefined): DocumentSyntax {
    const around = windowAround(previous, text, dirty);
    if (around) {
      const { window, touched } = around;
      const local = this.editStaysLocal(previous, dirty, touched);
      // The rest's tree may be kept (edited, not reparsed) only when its edits lie inside the window: every reader skips
      // what it holds there. A deletion at the window's end would leave a statement of no length just after it.
      const rest: RestEdits = !restDirty ? 'none' : restDirty.start >= window.startIndex && restDirty.end < window.endIndex ? 'inside' : 'outside';
      const parsed = this.parseRegion(previous, text, window, touched, local, rest);
      if (parsed && 'tree' in parsed) return parsed;
      if (parsed && (!touched || touched.clean) && !local) {
        const joined = this.reparseThroughRest(previous, text, parsed.clean);
        if (joined) return joined;
      }
    }
    const touching = regionsOf(previous).filter((region) => dirty.start <= region.end && dirty.end >= region.start);
    return this.reparseWhole(previous, text, 'incremental', touching);
  }

  /**
   * Whether the edit stays among the statements of its window, away from the windows reparsed
   * through the rest (an edit anywhere else reparses through the rest), and inside the region it
   * touches, if any. In Python only inside one top-level statement, away from its start and end (a
   * line's first column decides its block). In TypeScript and JavaScript a statement's start or end
   * too (a letter typed before `server.registerTool(`), since a region there is checked to leave the
   * statements around the window as they were (`boundariesHold`); through the rest, such an edit
   * took two whole reparses of 5-8 ms each on 10,000 lines.
   */
  private editStaysLocal(previous: DocumentSyntax, dirty: Span, touched: Region | undefined): boolean {
    if (this.joined.touches(dirty)) return false;
    if (touched && !(dirty.start >= touched.start && dirty.end <= touched.end)) return false;
    if (this.grammar !== 'python') return true;
    return insideOneUnit((touched ?? previous).tree.rootNode, dirty);
  }

  /**
   * Makes a clean region and the rest one tree again (the rest reparsed with the region, still
   * without the broken ones), when no edit is waiting: for the time between keystrokes, so that the
   * next edit, wherever it lands, parses only its own window. Whether it did.
   */
  settle(text: SourceText): boolean {
    const syntax = this.syntax;
    // C#'s whole reparse from the rest's tree took 220 ms (p95) on 10,000 lines, against 7 ms for the
    // parses of the next edits with the clean region kept: C# documents keep their clean region.
    const clean = syntax && regionsOf(syntax).find((region) => region.clean);
    if (this.dirty || !clean || this.grammar === 'csharp') return false;
    this.source.text = text;
    const budget = this.newBudget(text);
    this.reparseWhole(syntax, text, 'incremental', [clean]);
    if (this.lastParse !== 'afresh' && this.lastParse !== 'split') this.learn(budget);
    return true;
  }

  /** The syntax as one tree (reparsing the regions with the rest when there are any; broken ones are then not split off again until the next edit). */
  whole(text: SourceText): Tree {
    const syntax = this.current(text);
    if (!syntax.regions?.length) return syntax.tree;
    this.newBudget(text);
    if (!brokenRegions(syntax).length) return this.reparseWhole(syntax, text, 'incremental', regionsOf(syntax)).tree;
    this.forgetHistory(syntax);
    this.lastParse = 'afresh';
    return (this.syntax = { tree: parse(this.grammar, text, undefined, undefined, this.source) }).tree;
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
    this.dirty = this.restDirty = undefined;
  }

  /**
   * The rest reparsed from its tree with the regions `joining` (the ones the edit touched, a clean
   * one being settled) and without the other broken regions. A rest with errors beside regions is
   * parsed afresh; one tree with errors is split into broken regions when it can be.
   */
  private reparseWhole(previous: DocumentSyntax, text: SourceText, how: 'full' | 'incremental', joining: readonly Region[]): DocumentSyntax {
    const kept = brokenRegions(previous).filter((region) => !joining.includes(region));
    const tree = parseWithin(this.budget, this.grammar, text, previous.tree, kept.length ? outside(windowsWith(kept), text) : undefined, this.source);
    if (!tree) return this.parseAfresh(previous, text, kept);
    if (regionsOf(previous).length && (tree.rootNode.hasError || !splitsAround(tree.rootNode, windowsWith(kept)))) {
      // Recovering from errors, tree-sitter reshapes statements after what it can reuse; the rest's tree, read without the
      // regions, made it recover otherwise than a fresh parse does (and than the CLI reads the file).
      tree.delete();
      return this.parseAfresh(previous, text, kept);
    }
    const oneTree = !regionsOf(previous).length && (tree.rootNode.hasError || previous.tree.rootNode.hasError);
    const reshaped = oneTree ? { from: previous.tree, spans: changedSpans(tree, previous.tree) } : undefined;
    for (const region of regionsOf(previous)) if (!kept.includes(region)) region.tree.delete();
    previous.tree.delete();
    this.lastParse = how;
    if (kept.length) return (this.syntax = { tree, regions: kept });
    return (this.syntax = this.splitIfBroken({ tree, reshaped }, text));
  }

  /**
   * A new tree without the old one: once reparsing from it has spent the edit's budget, or when
   * the rest could not be joined with the regions without errors. Some edits after a long history of
   * broken regions and joins make tree-sitter re-read most of the file (it finds nothing reusable
   * where it stands): 20-100 ms on 10,000 lines, and wasm memory for a second whole tree beside the
   * old one, about 11 MB that the wasm heap never returns. Deleting the old trees first, the new
   * one takes their memory; it also parses faster from then on. The broken regions the edit did not
   * touch (`kept`) stay, the rest parsed afresh without them, when that is clean: a reparse of the rest
   * from its tree, its included ranges changed next to a statement the edit reshaped, sometimes ends in
   * error recovery over the whole file where a fresh parse of the same ranges is clean (a typo before
   * `async def` under a decorator, deleted again). Else the whole is parsed afresh, and split when broken.
   */
  private parseAfresh(previous: DocumentSyntax, text: SourceText, kept: readonly Region[] = []): DocumentSyntax {
    this.lastParse = 'afresh';
    this.forgetHistory({ tree: previous.tree, regions: regionsOf(previous).filter((region) => !kept.includes(region)) });
    const rest = kept.length ? freshRest(this.reparseContext, text, kept) : undefined;
    if (rest) return (this.syntax = withRegions(rest, kept));
    for (const region of kept) region.tree.delete();
    return (this.syntax = this.splitIfBroken({ tree: parse(this.grammar, text, undefined, undefined, this.source) }, text, true));
  }

  private forgetHistory(previous: DocumentSyntax): void {
    deleteSyntax(previous);
    this.joined.clear();
    this.undoPoints?.clear();
  }

  /**
   * One tree with syntax errors, made into broken regions and the rest (region-split.ts) so that the
   * next edits are parsed as in a clean file; as it is when that fails (tried again some edits later).
   * `fresh`: the tree is a parse of the whole from nothing, deleted before the rest is parsed and
   * parsed again, the same, when there is no split.
   */
  private splitIfBroken(syntax: DocumentSyntax, text: SourceText, fresh = false): DocumentSyntax {
    if (!syntax.tree.rootNode.hasError) {
      this.sinceFailedSplit = undefined;
      return syntax;
    }
    if (this.sinceFailedSplit !== undefined && this.sinceFailedSplit < SPLIT_RETRY_EDITS) return syntax;
    let dropped = false;
    const split = splitIntoRegions(this.grammar, syntax.tree, text, this.source, fresh ? () => {
      syntax.tree.delete();
      dropped = true;
    } : undefined);
    if (!split) {
      this.sinceFailedSplit = 0;
      return dropped ? { tree: parse(this.grammar, text, undefined, undefined, this.source) } : syntax;
    }
    this.sinceFailedSplit = undefined;
    if (!dropped) syntax.tree.delete();
    this.joined.clear();
    // A typo deleted again would take back the one tree with errors.
    this.undoPoints?.clear();
    this.lastParse = 'split';
    return split;
  }

  /**
   * The whole reparsed in two steps: the rest without the window, then the whole from that. An edit
   * between two top-level statements or at the start of one (a blank line, a letter typed before a
   * decorator) makes tree-sitter reuse almost nothing of what follows in one step: on 10,000 lines
   * of Python 60-140 ms, and wasm memory for a second tree (about 11 MB, which it never returns).
   * The rest reuses its old tree, and the whole then reuses the rest: a few milliseconds. The
   * window's statements in that whole cannot be reparsed in one step either (the same cost again),
   * so later edits touching the window take two steps too. Other edits inside a statement reparse
   * in one step, which is cheaper for them. "The whole" leaves out the broken regions. Undefined
   * when the rest does not parse cleanly.
   */
  private reparseThroughRest(previous: DocumentSyntax, text: SourceText, window: Window): DocumentSyntax | undefined {
    const broken = brokenRegions(previous);
    const tree = reparsedThroughRest(this.reparseContext, previous.tree, text, window, broken);
    if (!tree) return undefined;
    this.joined.add(window);
    for (const region of regionsOf(previous)) if (region.clean) region.tree.delete();
    previous.tree.delete();
    this.lastParse = 'through-rest';
    return (this.syntax = withRegions(tree, broken));
  }

  private get reparseContext(): Reparse {
    return { grammar: this.grammar, source: this.source, budget: this.budget };
  }

  /**
   * The window parsed alone; when it is broken, the rest reparsed without it (and without the other
   * broken regions). When the window parses cleanly, a clean region where it may be one
   * (`cleanRegion`); else that clean extent, or the one with the statements after it (a decorator
   * that was cut from its definition, an `else:` from its `if`). Undefined: reparse the whole.
   * `touched`: the region the edit touched (the window holds it); `local`: the edit stays among its
   * window's statements (`editStaysLocal`); `rest`: where the rest's text was edited.
   */
  private parseRegion(previous: DocumentSyntax, text: SourceText, window: Window, touched: Region | undefined, local: boolean, rest: RestEdits): DocumentSyntax | { clean: Window } | undefined {
    const alone = parse(this.grammar, text, undefined, [window], this.source);
    if (!alone.rootNode.hasError) {
      const region = this.cleanRegion(previous, text, window, alone, touched, local, rest);
      if (region) return region;
      alone.delete();
      return { clean: window };
    }
    const others = regionsOf(previous).filter((region) => region !== touched);
    const grown = !leavesBracketsOpen(alone) && cleanWithNext(this.grammar, previous.tree.rootNode, text, window, others);
    if (grown) {
      alone.delete();
      return { clean: grown };
    }
    // The rest's tree kept as it is when it already leaves out exactly the window (an edit inside a broken region), or
    // when the statements around the window read the same without it. Not in Python: there a broken region's merge later
    // (a letter typed at the start of an indented line, then deleted) made tree-sitter re-read the file from the edited
    // old tree, past the reparse budget.
    const sameAsTouched = !!touched && !touched.clean && rest === 'none' && touched.start === window.startIndex && touched.end === window.endIndex;
    if (sameAsTouched || (this.grammar !== 'python' && local && rest !== 'outside' && boundariesHold(this.grammar, previous, text, window, false))) {
      touched?.tree.delete();
      this.lastParse = 'broken-region';
      return (this.syntax = withRegions(previous.tree, [...others, newRegion(alone, window)]));
    }
    const broken = others.filter((region) => !region.clean);
    const reparsed = parseRest(this.reparseContext, previous.tree, text, window, broken);
    if (!reparsed || reparsed.rootNode.hasError || !splitsAround(reparsed.rootNode, windowsWith(broken, window))) {
      alone.delete();
      reparsed?.delete();
      return undefined;
    }
    // The rest now holds what the touched region and a clean one held.
    for (const region of regionsOf(previous)) if (!broken.includes(region)) region.tree.delete();
    previous.tree.delete();
    this.lastParse = 'broken-region';
    return (this.syntax = withRegions(reparsed, [...broken, newRegion(alone, window)]));
  }

  /**
   * A clean region for a window that parses cleanly alone, when the edit stays local (`editStaysLocal`)
   * and the window reads the same alone as in the whole. The rest's tree is kept, unless another clean
   * region must go back into it, or its text was edited outside the window: the rest is then reparsed
   * without the window (and the broken regions).
   */
  private cleanRegion(previous: DocumentSyntax, text: SourceText, window: Window, alone: Tree, touched: Region | undefined, local: boolean, edits: RestEdits): DocumentSyntax | undefined {
    if (!local || !boundariesHold(this.grammar, previous, text, window, true)) return undefined;
    const others = regionsOf(previous).filter((region) => region !== touched);
    const cleanElsewhere = others.find((region) => region.clean);
    const broken = others.filter((region) => !region.clean);
    let rest = previous.tree;
    if (cleanElsewhere || edits === 'outside') {
      const reparsed = parseRest(this.reparseContext, previous.tree, text, window, broken);
      if (!reparsed || reparsed.rootNode.hasError || !splitsAround(reparsed.rootNode, windowsWith(broken, window))) {
        reparsed?.delete();
        return undefined;
      }
      previous.tree.delete();
      cleanElsewhere?.tree.delete();
      rest = reparsed;
    }
    touched?.tree.delete();
    this.lastParse = 'clean-region';
    return (this.syntax = withRegions(rest, [...broken, newRegion(alone, window, true)]));
  }
}

function defaultChecks(text: SourceText, usual: number): number {
  return Math.max(MIN_BUDGET, text.length / CHARACTERS_PER_CHECK, USUAL_FACTOR * usual);
}
