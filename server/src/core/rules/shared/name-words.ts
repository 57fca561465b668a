/**
 * What a tool's name says it does (rules.md, "Plausibility"): the name split into words in
 * every style (snake_case, camelCase, PascalCase, kebab-case, dotted, titles), its verbs, and
 * whether its description says it changes nothing.
 */
import { DELETING_VERBS, JOINING_WORDS, MUTATING_VERBS, NON_MUTATING_PHRASES, PREVIEW_VERBS, READING_VERBS } from '../../data/verbs';
import { ToolDeclaration } from '../../model';

const DELETING = new Set(DELETING_VERBS);
const MUTATING = new Set(MUTATING_VERBS);
const READING = new Set(READING_VERBS);
const PREVIEW = new Set(PREVIEW_VERBS);
const JOINING = new Set(JOINING_WORDS);

/** `delete_file`, `deleteFile`, `DeleteFile`, `delete-file`, `Delete File` → `delete`, `file`. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** A verb of the name and the name it was read from, for messages. */
export interface NameVerb {
  verb: string;
  name: string;
}

export interface NameReading {
  name: string;
  /** The verbs: the first word, and each word after `or` / `and` (`get_or_create_session`: get, create). */
  verbs: string[];
  /** The name starts with a preview verb (`preview_delete`): none of its verbs count. */
  preview: boolean;
}

/**
 * The name the tool's words come from: the registered name, else the function, method or class
 * name. A dotted name (`files.delete`) speaks with its last part.
 */
export function readName(declaration: ToolDeclaration): NameReading | undefined {
  const name = declaration.name ?? declaration.functionName;
  if (!name) return undefined;
  const kept = readings.get(declaration);
  if (kept?.name === name) return kept.reading;
  const reading = readNameText(name);
  readings.set(declaration, { name, reading });
  return reading;
}

/** The effects, several rules and the hover card read each tool's name and description: what they say is kept per tool, and per description. */
const readings = new WeakMap<ToolDeclaration, { name: string; reading: NameReading | undefined }>();
const MAX_REMEMBERED = 4096;
const nonMutatingDescriptions = new Map<string, boolean>();

function readNameText(name: string): NameReading | undefined {
  const parts = name.split('.').filter(Boolean);
  const words = wordsOf(parts[parts.length - 1] ?? name);
  if (!words.length) return undefined;
  const verbs = [words[0]];
  for (let index = 1; index < words.length - 1; index++) if (JOINING.has(words[index])) verbs.push(words[index + 1]);
  return { name, verbs, preview: PREVIEW.has(words[0]) };
}

/** The first verb of the name that changes something (`send` in `send_email`). */
export function mutatingVerb(reading: NameReading): string | undefined {
  return reading.preview ? undefined : reading.verbs.find((verb) => MUTATING.has(verb));
}

/** The first verb of the name that deletes something (`delete` in `delete_file`). */
export function deletingVerb(reading: NameReading): string | undefined {
  return reading.preview ? undefined : reading.verbs.find((verb) => DELETING.has(verb));
}

/** The reading verb of a name whose every verb only reads (`get_report`; not `get_or_create_x`). */
export function readingVerb(reading: NameReading): string | undefined {
  if (reading.preview || !reading.verbs.every((verb) => READING.has(verb))) return undefined;
  return reading.verbs[0];
}

/** Whether the description says the tool changes nothing ("only previews", "dry run", ...), overriding its name. */
export function describedAsNonMutating(description: string | undefined): boolean {
  if (!description) return false;
  let says = nonMutatingDescriptions.get(description);
  if (says === undefined) {
    if (nonMutatingDescriptions.size >= MAX_REMEMBERED) nonMutatingDescriptions.clear();
    nonMutatingDescriptions.set(description, (says = saysNonMutating(description)));
  }
  return says;
}

function saysNonMutating(description: string): boolean {
  const text = ` ${description.toLowerCase().replace(/\s+/g, ' ')} `;
  return NON_MUTATING_PHRASES.some((phrase) => {
    const at = text.indexOf(phrase);
    return at > 0 && !/[a-z]/.test(text[at - 1]) && !/[a-z]/.test(text[at + phrase.length] ?? ' ');
  });
}
