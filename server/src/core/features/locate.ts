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
  for (const declaration of declarations) {
    if (contains(declaration.range, position)) {
      const found = search(declaration);
      if (found) return found;
    }
  }
  // A preset or constant written outside every tool.
  for (const declaration of declarations) {
    if (contains(declaration.range, position)) continue;
    const found = search(declaration);
    if (found) return found;
  }
  return undefined;
}
