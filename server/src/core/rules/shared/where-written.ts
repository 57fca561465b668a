/**
 * Fixes that edit a value where it is written: in this document, or in the module a preset is
 * imported from (`Value.file`), whose text the project gives and whose file the fix names.
 */
import { editingFile, removeEntryFix } from '../../fixes/flag-fixes';
import { Entry, Fix } from '../../model';
import { RuleContext } from '../rule';
import { gapFix } from './gaps';

/** Removes an entry with its comma, where it is written. */
export function removeEntryIn(context: RuleContext, entry: Entry, title: string): Fix | undefined {
  const file = entry.value.file;
  const text = context.textOf(file);
  return text === undefined ? undefined : editingFile(removeEntryFix(text, entry, title, { preferred: true }), file);
}

/** `gapFix` for the container of a value, where it is written. */
export function gapFixIn(context: RuleContext, file: string | undefined, ...rest: Parameters<typeof gapFix> extends [unknown, ...infer R] ? R : never): Fix | undefined {
  const text = context.textOf(file);
  return text === undefined ? undefined : editingFile(gapFix(text, ...rest), file);
}
