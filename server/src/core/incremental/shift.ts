/**
 * Moves the positions and offsets held by reused declarations and findings after an edit:
 * everything after the edited region moves with the text behind it. Each group of reused
 * objects (a statement's declarations and their rule results) is indexed once, so a later
 * shift is a loop over flat lists and is skipped for groups wholly before the edit.
 */

type Holders = Array<Record<string, number>>;
type Shifter = (holders: Holders, from: number, delta: number) => void;

/**
 * Offsets in the model (Entry, Container, InsertionPoint and their `{start, end}` spans), each with
 * its own loop that reads the property by name: one loop reading `holder[key]` for every key went
 * through V8's generic keyed lookup, a sixth of a keystroke's analysis on 10,000 lines.
 */
const SHIFTERS: Record<string, Shifter> = {
  startOffset: (holders, from, delta) => { for (const holder of holders) if (holder.startOffset >= from) holder.startOffset += delta; },
  endOffset: (holders, from, delta) => { for (const holder of holders) if (holder.endOffset >= from) holder.endOffset += delta; },
  openOffset: (holders, from, delta) => { for (const holder of holders) if (holder.openOffset >= from) holder.openOffset += delta; },
  // `closeOffset` may be undefined (an unclosed bracket); it stays so.
  closeOffset: (holders, from, delta) => { for (const holder of holders) if (holder.closeOffset >= from) holder.closeOffset += delta; },
  offset: (holders, from, delta) => { for (const holder of holders) if (holder.offset >= from) holder.offset += delta; },
  start: (holders, from, delta) => { for (const holder of holders) if (holder.start >= from) holder.start += delta; },
  end: (holders, from, delta) => { for (const holder of holders) if (holder.end >= from) holder.end += delta; },
};

export interface Shift {
  /** The end of the replaced region in the old text: offsets from here move. */
  oldEndOffset: number;
  /** The last row of the replaced region in the old text: rows after it move. */
  oldEndRow: number;
  /** New length minus old length. */
  offsetDelta: number;
  lineDelta: number;
}

interface Position {
  line: number;
  character: number;
}

/** Objects holding one offset key, per key. */
type OffsetHolders = Record<string, Holders>;

export class ShiftableGroup {
  private positions?: Position[];
  private offsetHolders?: OffsetHolders;
  private maxOffset = -1;
  private maxRow = -1;

  /** `roots` lists the objects to move; it is read once, when the group is prepared or first shifted. */
  constructor(private readonly roots: () => readonly unknown[]) {}

  /** Whether the group is indexed (by `prepare`, or by its first shift). */
  get prepared(): boolean {
    return this.positions !== undefined;
  }

  /**
   * Indexes the group now rather than at its first shift. The server prepares a document's groups
   * between keystrokes: an edit at the top of a file shifts every group, and indexing them all then
   * was most of the first such keystroke (2-7 ms on 500 lines).
   */
  prepare(): void {
    if (!this.positions) this.index();
  }

  /** Forgets the index: the group's objects changed (its rule results were checked again); the next shift indexes them anew. */
  reset(): void {
    this.positions = undefined;
    this.offsetHolders = undefined;
    this.maxOffset = -1;
    this.maxRow = -1;
  }

  /** Applies `shift` in place. Nothing in the group may sit on the edited rows themselves. */
  apply(shift: Shift): void {
    if (shift.offsetDelta === 0 && shift.lineDelta === 0) return;
    this.prepare();
    if (this.maxOffset < shift.oldEndOffset && this.maxRow <= shift.oldEndRow) return;
    if (shift.lineDelta !== 0) {
      const { oldEndRow, lineDelta } = shift;
      for (const position of this.positions!) if (position.line > oldEndRow) position.line += lineDelta;
      if (this.maxRow > oldEndRow) this.maxRow += lineDelta;
    }
    if (shift.offsetDelta !== 0) {
      const { oldEndOffset, offsetDelta } = shift;
      const holders = this.offsetHolders!;
      for (const key in holders) SHIFTERS[key](holders[key], oldEndOffset, offsetDelta);
      if (this.maxOffset >= oldEndOffset) this.maxOffset += offsetDelta;
    }
  }

  private index(): void {
    const positions: Position[] = [];
    const holders: OffsetHolders = {};
    const seen = new Set<object>();
    const stack: unknown[] = [...this.roots()];
    while (stack.length) {
      const node = stack.pop();
      if (typeof node !== 'object' || node === null || seen.has(node)) continue;
      seen.add(node);
      const record = node as Record<string, unknown>;
      // A place in another file (related information, a preset's value, an edit of it) does not move with this text.
      if (typeof record.file === 'string') continue;
      if (typeof record.line === 'number' && typeof record.character === 'number') {
        positions.push(record as unknown as Position);
        if (record.line > this.maxRow) this.maxRow = record.line;
        continue;
      }
      for (const key in record) {
        const value = record[key];
        if (typeof value === 'object' && value !== null) {
          stack.push(value);
        } else if (typeof value === 'number' && Object.hasOwn(SHIFTERS, key)) {
          (holders[key] ??= []).push(record as Record<string, number>);
          if (value > this.maxOffset) this.maxOffset = value;
        }
      }
    }
    this.positions = positions;
    this.offsetHolders = holders;
  }
}

/** Prepares the groups in order until `timeIsUp()` (asked before each one) says to stop; whether all are prepared. */
export function prepareGroups(groups: ReadonlyArray<{ shifter: ShiftableGroup }>, timeIsUp: () => boolean): boolean {
  for (const { shifter } of groups) {
    if (shifter.prepared) continue;
    if (timeIsUp()) return false;
    shifter.prepare();
  }
  return true;
}
