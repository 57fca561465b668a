/**
 * Moves the positions and offsets held by reused declarations and findings after an edit:
 * everything after the edited region moves with the text behind it. Each group of reused
 * objects (a statement's declarations and their rule results) is indexed once, so a later
 * shift is a loop over flat lists and is skipped for groups wholly before the edit.
 */

/** Offsets in the model (Entry, Container, InsertionPoint and their `{start, end}` spans). */
const OFFSET_KEYS = new Set(['startOffset', 'endOffset', 'openOffset', 'closeOffset', 'offset', 'start', 'end']);

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

export class ShiftableGroup {
  private positions?: Position[];
  private offsetHolders?: Array<Record<string, number>>;
  private offsetKeys?: string[];
  private maxOffset = -1;
  private maxRow = -1;

  /** `roots` lists the objects to move; it is read once, at the first shift. */
  constructor(private readonly roots: () => readonly unknown[]) {}

  /** Applies `shift` in place. Nothing in the group may sit on the edited rows themselves. */
  apply(shift: Shift): void {
    if (shift.offsetDelta === 0 && shift.lineDelta === 0) return;
    if (!this.positions) this.index();
    if (this.maxOffset < shift.oldEndOffset && this.maxRow <= shift.oldEndRow) return;
    if (shift.lineDelta !== 0) {
      for (const position of this.positions!) if (position.line > shift.oldEndRow) position.line += shift.lineDelta;
      if (this.maxRow > shift.oldEndRow) this.maxRow += shift.lineDelta;
    }
    if (shift.offsetDelta !== 0) {
      const holders = this.offsetHolders!;
      const keys = this.offsetKeys!;
      for (let index = 0; index < holders.length; index++) {
        const value = holders[index][keys[index]];
        if (typeof value === 'number' && value >= shift.oldEndOffset) holders[index][keys[index]] = value + shift.offsetDelta;
      }
      if (this.maxOffset >= shift.oldEndOffset) this.maxOffset += shift.offsetDelta;
    }
  }

  private index(): void {
    const positions: Position[] = [];
    const holders: Array<Record<string, number>> = [];
    const keys: string[] = [];
    const seen = new Set<object>();
    const stack: unknown[] = [...this.roots()];
    while (stack.length) {
      const node = stack.pop();
      if (typeof node !== 'object' || node === null || seen.has(node)) continue;
      seen.add(node);
      const record = node as Record<string, unknown>;
      if (typeof record.line === 'number' && typeof record.character === 'number') {
        positions.push(record as unknown as Position);
        if (record.line > this.maxRow) this.maxRow = record.line;
        continue;
      }
      for (const key in record) {
        const value = record[key];
        if (typeof value === 'object' && value !== null) {
          stack.push(value);
        } else if (OFFSET_KEYS.has(key) && (typeof value === 'number' || value === undefined)) {
          // `closeOffset` may be undefined (an unclosed bracket); it stays so.
          if (typeof value !== 'number') continue;
          holders.push(record as Record<string, number>);
          keys.push(key);
          if (value > this.maxOffset) this.maxOffset = value;
        }
      }
    }
    this.positions = positions;
    this.offsetHolders = holders;
    this.offsetKeys = keys;
  }
}
