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

/** Every entry and value under `value`, depth first (each visited once). */
export function* walkValue(value: Value, seen = new Set<Value>()): Generator<{ value: Value; entry?: Entry }> {
  if (seen.has(value)) return;
  seen.add(value);
  yield { value };
  if (value.kind === 'sequence') for (const item of value.items) yield* walkValue(item, seen);
  if (value.kind === 'call') for (const item of value.positional) yield* walkValue(item, seen);
  if (value.kind === 'call' || value.kind === 'mapping') {
    for (const entry of value.entries) {
      yield { value: entry.value, entry };
      yield* walkValue(entry.value, seen);
    }
  }
}

/** The entry whose key is at `position`, with the tool it belongs to. */
export function entryKeyAt(declarations: readonly ToolDeclaration[], position: Position): { declaration: ToolDeclaration; entry: Entry } | undefined {
  for (const declaration of declarations) {
    for (const root of rootValues(declaration)) {
      for (const { entry } of walkValue(root)) {
        if (entry && !entry.viaSpread && contains(entry.keyRange, position)) return { declaration, entry };
      }
    }
  }
  return undefined;
}

/** The value written at `position` (the innermost one), with its tool. */
export function valueAt(declarations: readonly ToolDeclaration[], position: Position, accept: (value: Value) => boolean): { declaration: ToolDeclaration; value: Value } | undefined {
  for (const declaration of declarations) {
    for (const root of rootValues(declaration)) {
      for (const { value } of walkValue(root)) {
        if (accept(value) && contains(value.range, position)) return { declaration, value };
      }
    }
  }
  return undefined;
}
