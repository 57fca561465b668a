/** Finding what is under a position in the declaration model: the tool, an entry, a value. */
import { Entry, Position, Range, ToolDeclaration, Value } from '../model';

export function contains(range: Range, position: Position): boolean {
  const afterStart = position.line > range.start.line || (position.line === range.start.line && position.character >= range.start.character);
  const beforeEnd = position.line < range.end.line || (position.line === range.end.line && position.character <= range.end.character);
  return afterStart && beforeEnd;
}

/** The values a declaration is made of (its registration call, metadata, annotations). */
export function rootValues(declaration: ToolDeclaration): Value[] {
  const roots: Array<Value | undefined> = [declaration.registration, declaration.metadataValue, declaration.metadata?.value, declaration.annotations?.value];
  return roots.filter((value): value is Value => value !== undefined);
}

/**
 * The declarations whose values (presets and constants included) hold something written at
 * `position`: a key, a callee or a value. A hover searches only these, not every tool of the file
 * (on 10,000 lines that search was most of a hover). Each declaration's spans are gathered once
 * per analysis (per `declarations` array: an analysis makes a new one, and moves the positions
 * of the declarations it reuses).
 */
export function declarationsReaching(declarations: readonly ToolDeclaration[], position: Position): ToolDeclaration[] {
  let spans = SPANS.get(declarations);
  if (!spans) SPANS.set(declarations, spans = new Map());
  const at = positionKey(position);
  return declarations.filter((declaration) => {
    let merged = spans.get(declaration);
    if (!merged) spans.set(declaration, merged = spansOf(declaration));
    for (let index = 0; index < merged.length; index += 2) {
      if (at < merged[index]) return false;
      if (at <= merged[index + 1]) return true;
    }
    return false;
  });
}

const SPANS = new WeakMap<readonly ToolDeclaration[], Map<ToolDeclaration, Float64Array>>();

/** A position as one number that orders as positions do (a line has fewer than 2^32 characters). */
function positionKey(position: Position): number {
  return position.line * 2 ** 32 + position.character;
}

/** The spans of every key, callee and value the declaration's values hold, merged and sorted: [start, end, start, end, ...]. */
function spansOf(declaration: ToolDeclaration): Float64Array {
  const ranges: Array<[number, number]> = [];
  const add = (range: Range) => ranges.push([positionKey(range.start), positionKey(range.end)]);
  const seen = new Set<Value>();
  const visit = (value: Value) => {
    if (seen.has(value)) return;
    seen.add(value);
    add(value.range);
    if (value.kind === 'call') add(value.calleeRange);
    if (value.kind === 'sequence') value.items.forEach(visit);
    if (value.kind === 'call') value.positional.forEach(visit);
    if (value.kind !== 'call' && value.kind !== 'mapping') return;
    for (const entry of value.entries) {
      add(entry.keyRange);
      visit(entry.value);
    }
  };
  rootValues(declaration).forEach(visit);
  declaration.metadata?.classification?.serviceDomains?.items.forEach(({ value }) => visit(value));
  declaration.metadata?.behavior?.operations?.items.forEach(({ value }) => visit(value));
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: number[] = [];
  for (const [start, end] of ranges) {
    if (merged.length && start <= merged[merged.length - 1]) merged[merged.length - 1] = Math.max(merged[merged.length - 1], end);
    else merged.push(start, end);
  }
  return Float64Array.from(merged);
}

/** Whether a child value can hold the position: its range does, or it was written elsewhere (a constant, a preset, a spread). */
function mayHold(child: Value, position: Position, entry?: Entry): boolean {
  return child.via !== undefined || entry?.viaSpread !== undefined || contains(child.range, position) || (entry !== undefined && contains(entry.keyRange, position));
}

/**
 * The first entry under `value` (depth first) for which `test` holds, visiting only the
 * children that can hold `position`.
 */
export function findEntryAt(value: Value, position: Position, test: (entry: Entry) => boolean, seen = new Set<Value>()): Entry | undefined {
  if (seen.has(value)) return undefined;
  seen.add(value);
  const children: Value[] = value.kind === 'sequence' ? value.items : value.kind === 'call' ? value.positional : [];
  for (const child of children) {
    const found = mayHold(child, position) ? findEntryAt(child, position, test, seen) : undefined;
    if (found) return found;
  }
  if (value.kind !== 'call' && value.kind !== 'mapping') return undefined;
  for (const entry of value.entries) {
    if (!mayHold(entry.value, position, entry)) continue;
    if (test(entry)) return entry;
    const found = findEntryAt(entry.value, position, test, seen);
    if (found) return found;
  }
  return undefined;
}

/** The entry whose key is at `position`, with the tool it belongs to (tools whose range holds it first). */
export function entryKeyAt(declarations: readonly ToolDeclaration[], position: Position): { declaration: ToolDeclaration; entry: Entry } | undefined {
  const isKey = (entry: Entry) => !entry.viaSpread && contains(entry.keyRange, position);
  const search = (declaration: ToolDeclaration) => {
    const seen = new Set<Value>();
    for (const root of rootValues(declaration)) {
      const entry = findEntryAt(root, position, isKey, seen);
      if (entry) return { declaration, entry };
    }
    return undefined;
  };
  const reaching = declarationsReaching(declarations, position);
  for (const declaration of reaching) {
    if (contains(declaration.range, position)) {
      const found = search(declaration);
      if (found) return found;
    }
  }
  // A preset or constant written outside every tool.
  for (const declaration of reaching) {
    if (contains(declaration.range, position)) continue;
    const found = search(declaration);
    if (found) return found;
  }
  return undefined;
}
