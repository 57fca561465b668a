/** Fix builders for flags and hints: set a value, add missing entries, remove an entry. */
import * as path from 'node:path';
import { SourceText } from '../source-text';
import { Container, Entry, Fix, LanguageId, TextEdit, Value } from '../model';
import { booleanLiteral, formatEntry, insertEntriesEdits, keyQuoteOf, removeEntryEdit, replaceEdit } from './edits';
import { withFields } from '../with-fields';

/** `True`/`False` for Python, `true`/`false` for TS/JS. */
export function booleanText(language: LanguageId, value: boolean): string {
  return booleanLiteral(value, language === 'python' ? 'call' : 'object');
}

/** Replaces a written value with a boolean (e.g. `read_only=True` → `read_only=False`). */
export function setBooleanFix(title: string, value: Value, language: LanguageId, newValue: boolean, options: { preferred?: boolean; safe?: boolean } = {}): Fix {
  return setBooleansFix(title, [{ value, to: newValue }], language, options);
}

/** Replaces several written values at once, as one fix (e.g. `destructive=True` together with `read_only=False`). */
export function setBooleansFix(title: string, changes: ReadonlyArray<{ value: Value; to: boolean }>, language: LanguageId, options: { preferred?: boolean; safe?: boolean } = {}): Fix {
  // A value reached through a shared constant is edited where it is written, which changes every
  // tool that uses the constant: the title says so, and such an edit is never applied on save.
  const sharedNames = [...new Set(changes.filter((change) => change.value.via !== undefined).map((change) => sharedName(change.value)))];
  const where = sharedNames.length === 1 ? `the shared constant ${sharedNames[0]} (changes every tool that uses it)` : `the shared constants ${sharedNames.join(' and ')} (changes every tool that uses them)`;
  const shared = sharedNames.length > 0;
  return {
    title: shared ? `${title} in ${where}` : title,
    edits: changes.map((change) => withFields(replaceEdit(change.value.range, booleanText(language, change.to)), (change.value.file ? { file: change.value.file } : {}))),
    isPreferred: options.preferred,
    safe: shared ? false : options.safe ?? false,
  };
}

/** A shared constant's name, with its file when another module defines it. */
function sharedName(value: Value): string {
  const name = value.viaName ?? 'a constant';
  return value.file ? `${name} of ${path.basename(value.file)}` : name;
}

/**
 * A fix built for a value written in another file (`file`, a preset imported from there): its
 * edits are that file's and its title names it. Such a fix is never applied unasked.
 */
export function editingFile(fix: Fix | undefined, file: string | undefined): Fix | undefined {
  if (!fix || !file) return fix;
  return withFields(fix, { title: `${fix.title} in ${path.basename(file)}`, edits: fix.edits.map((edit) => withFields(edit, { file })), safe: false });
}

/** Formats `key = value` pairs for a container in its own syntax (`key=value`, `"key": value`, `key: value`). */
export function formatEntries(text: SourceText, container: Container, pairs: ReadonlyArray<[string, string]>): string[] {
  const quote = keyQuoteOf(text, container);
  return pairs.map(([key, value]) => formatEntry(container.syntax, key, value, quote, container.qualifier));
}

/**
 * Boolean text in a container's own syntax for `key`: a Go `*bool` field's through the pointer
 * helper in use (`ptr.To(false)`), undefined when the container has none.
 */
export function booleanInContainer(container: Container, value: boolean, key?: string): string | undefined {
  const literal = booleanLiteral(value, container.syntax);
  if (key === undefined || !container.pointerFields?.includes(key)) return literal;
  return container.pointerHelper ? `${container.pointerHelper}(${literal})` : undefined;
}

/** Inserts entries into a container; undefined when the container is not closed yet. */
export function insertEntriesFix(text: SourceText, container: Container, pairs: ReadonlyArray<[string, string]>, title: string, options: { preferred?: boolean; safe?: boolean } = {}): Fix | undefined {
  const edits = insertEntriesEdits(text, container, formatEntries(text, container, pairs));
  if (!edits) return undefined;
  return { title, edits, isPreferred: options.preferred, safe: options.safe ?? false };
}

/** Removes an entry (written directly in its container, not through a spread) with its comma. */
export function removeEntryFix(text: SourceText, entry: Entry, title: string, options: { preferred?: boolean; safe?: boolean } = {}): Fix | undefined {
  if (entry.viaSpread) return undefined;
  const edit: TextEdit = removeEntryEdit(text, entry.startOffset, entry.endOffset);
  return { title, edits: [edit], isPreferred: options.preferred, safe: options.safe ?? false };
}

/** The container of a call or mapping value, if it has one. */
export function containerOfValue(value: Value | undefined): Container | undefined {
  return value && (value.kind === 'call' || value.kind === 'mapping') ? value.container : undefined;
}
