/**
 * Gap-filling fixes shared by MTL201 (Arcade Behavior) and MTL202 (MCP annotations): write
 * the missing flags with the values rules.md defines, in the container's own style.
 */
import { SourceText } from '../../source-text';
import { ARCADE_FLAGS, ArcadeFlag, FLAG_TO_HINT, SPEC_DEFAULTS } from '../../data/fields';
import { formatEntries, booleanInContainer } from '../../fixes/flag-fixes';
import { insertEntriesEdits, replaceEdit } from '../../fixes/edits';
import { Container, Entry, FlagField, Fix, TextEdit } from '../../model';
import { Declared, inferFlag, Written } from './infer';
import { closestMatch } from './suggest';

export interface Gap {
  flag: ArcadeFlag;
  /** The key to write (`read_only`, `readOnlyHint`, `read_only_hint`). */
  key: string;
  /** Set when the author wrote `None` / `null`: the fix replaces that value. */
  field?: FlagField;
}

/** What the author wrote for a flag, for inference: true/false, 'unknown', or undefined (absent, None, invalid). */
export function writtenOf(field: FlagField | undefined, lax: boolean): Written {
  if (!field) return undefined;
  if (typeof field.state === 'boolean') return field.state;
  if (field.state === 'unknown') return 'unknown';
  if (field.state === 'invalid' && lax && field.coercedTo !== undefined) return field.coercedTo;
  return field.state === 'invalid' ? 'unknown' : undefined;
}

/** A flag counts as missing when it is absent or explicitly None/null. */
export function isMissing(field: FlagField | undefined): boolean {
  return !field || field.state === null;
}

/** "clients will assume destructiveHint: true" for each missing flag. */
export function assumptions(gaps: readonly Gap[]): string {
  return joinWords(gaps.map((gap) => `${FLAG_TO_HINT[gap.flag]}: ${SPEC_DEFAULTS[FLAG_TO_HINT[gap.flag]]}`));
}

export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * The fix that fills the gaps. Safe (fix-all on save) only when it only adds entries written
 * at the tool itself; it says in its title which flags it leaves out and why.
 */
/**
 * Flags that an unknown key of the same container probably meant (`readonly=True` for read_only,
 * `readonlyHint` for readOnlyHint): the fix must not write a value next to the author's misspelling.
 */
export function misspelledFlags(entries: readonly Entry[], known: readonly string[], keyOf: (flag: ArcadeFlag) => string): Partial<Record<ArcadeFlag, string>> {
  const result: Partial<Record<ArcadeFlag, string>> = {};
  const flagKeys = ARCADE_FLAGS.map((flag) => keyOf(flag));
  for (const entry of entries) {
    if (known.includes(entry.key)) continue;
    const match = closestMatch(entry.key, flagKeys);
    const flag = ARCADE_FLAGS.find((f) => keyOf(f) === match);
    if (flag) result[flag] = entry.key;
  }
  return result;
}

/** The flag whose written value decides another one's inferred value. */
const DEPENDS_ON: Partial<Record<ArcadeFlag, ArcadeFlag>> = { destructive: 'read_only', idempotent: 'read_only', read_only: 'destructive' };

export function gapFix(text: SourceText, container: Container, gaps: readonly Gap[], declared: Declared, options: { viaElsewhere: boolean; misspelled?: Partial<Record<ArcadeFlag, string>>; keyOf?: (flag: ArcadeFlag) => string }): Fix | undefined {
  const names = Object.fromEntries(ARCADE_FLAGS.map((flag) => [flag, gaps.find((g) => g.flag === flag)?.key ?? options.keyOf?.(flag) ?? flag])) as Record<ArcadeFlag, string>;
  const inserts: Array<[string, string]> = [];
  const replacements: TextEdit[] = [];
  const written: string[] = [];
  const leftOut: string[] = [];
  for (const gap of gaps) {
    const misspelling = options.misspelled?.[gap.flag];
    if (misspelling) {
      leftOut.push(`${gap.key} (${misspelling} may be a misspelling of it)`);
      continue;
    }
    const dependency = DEPENDS_ON[gap.flag];
    const dependencyMisspelling = dependency && options.misspelled?.[dependency];
    if (dependency && dependencyMisspelling) {
      leftOut.push(`${gap.key} (it depends on ${names[dependency]}, which ${dependencyMisspelling} may misspell)`);
      continue;
    }
    const inferred = inferFlag(gap.flag, declared, names);
    if ('omitted' in inferred) {
      leftOut.push(`${gap.key} (${inferred.omitted})`);
      continue;
    }
    const literal = booleanInContainer(container, inferred.value, gap.key);
    if (literal === undefined) {
      leftOut.push(`${gap.key} (a *bool, and no pointer helper such as new(...) or ptr.To(...) is in use here)`);
      continue;
    }
    if (gap.field) replacements.push(replaceEdit(gap.field.value.range, literal));
    else inserts.push([gap.key, literal]);
    written.push(formatEntries(text, container, [[gap.key, literal]])[0]);
  }
  if (written.length === 0) return undefined;
  const insertion = inserts.length ? insertEntriesEdits(text, container, formatEntries(text, container, inserts)) : [];
  if (!insertion) return undefined;
  const title = `Add ${written.join(', ')}${leftOut.length ? `; leave out ${leftOut.join(', ')}` : ''}`;
  return {
    title,
    edits: [...replacements, ...insertion],
    isPreferred: true,
    safe: replacements.length === 0 && !options.viaElsewhere,
  };
}
