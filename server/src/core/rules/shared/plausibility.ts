/** What MTL301–303 share: the flags a tool declares, read against the verbs of its name. */
import { setBooleansFix } from '../../fixes/flag-fixes';
import { FlagField, Fix, LanguageId, ToolDeclaration } from '../../model';
import { RuleContext, shorten } from '../rule';
import { effectiveBool, flagSets, FlagSet, literal } from './flags';
import { describedAsNonMutating, NameReading, readName } from './name-words';
import { placeEntry } from './place';

export interface PlausibilityInput {
  declaration: ToolDeclaration;
  reading: NameReading;
  /** The Arcade behavior's flags and the annotations' hints, whichever the tool declares. */
  sets: FlagSet[];
  language: LanguageId;
  /** The description says the tool changes nothing: MTL301 and MTL302 stay silent. */
  describedAsNonMutating: boolean;
}

/** The tool's name and flags, when it has a name to read. */
export function plausibilityInput(declaration: ToolDeclaration): PlausibilityInput | undefined {
  const reading = readName(declaration);
  if (!reading) return undefined;
  return { declaration, reading, sets: flagSets(declaration), language: declaration.language, describedAsNonMutating: describedAsNonMutating(declaration.description) };
}

/** A flag's value as clients read it. */
export function valueOf(field: FlagField | undefined, language: LanguageId): boolean | undefined {
  return effectiveBool(field, language);
}

/** `"send" in "send_email"`, the start of every plausibility message. */
export function wordInName(verb: string, name: string): string {
  return `\`${verb}\` in \`${shorten(name, 30)}\``;
}

/**
 * Reports a flag that the name contradicts, at the flag, with the fix that sets the flags the
 * name implies (never safe: the author picks it by name).
 */
export function reportFlag(context: RuleContext, input: PlausibilityInput, field: FlagField, message: string, changes: ReadonlyArray<{ field: FlagField; to: boolean }>, because: string): void {
  const place = placeEntry(field.entry, field.key);
  const target = changes.map((change) => `${change.field.key} to ${literal(input.language, change.to)}`).join(' and ');
  const fix: Fix = setBooleansFix(`Set ${target} (${because})`, changes.map((change) => ({ value: change.field.value, to: change.to })), input.language, { preferred: true });
  context.report({ range: place.range, related: place.related, message, fixes: [fix] });
}
