import { lineStartOffset, positionAt } from '../fixes/positions';
import { Range } from '../model';
import { SourceText } from '../source-text';
import { FILLER_WORDS, GENERIC_DESCRIPTIONS, MIN_DESCRIPTION_WORDS } from '../data/descriptions';
import { fill, Rule, severities } from './rule';
import { toolCalled } from './shared/tool-called';
import { wordsOf } from './shared/name-words';
import { placeValue } from './shared/place';

const MESSAGES = {
  vague: 'The description of {name} is vague ({why}), and models choose tools by it. Say what it does, to what, and what it returns.',
} as const;

const GENERIC = new Set(GENERIC_DESCRIPTIONS);
const FILLER = new Set(FILLER_WORDS);

export const vagueDescription: Rule = {
  code: 'MTL402',
  name: 'vague-description',
  severity: severities('info', { spec: 'off', arcade: 'off' }),
  fixable: 'none',
  messages: MESSAGES,
  docs: {
    summary: 'A tool\'s description is too short or too generic to choose the tool by.',
    whatItDoes: `Reads the description's first paragraph (a docstring's summary) and reports one of fewer than ${MIN_DESCRIPTION_WORDS} words, a generic phrase (${GENERIC_DESCRIPTIONS.map((phrase) => `"${phrase}"`).join(', ')}), or one that only repeats the tool's name (leaving out ${FILLER_WORDS.map((word) => `"${word}"`).join(', ')}). A description the linter cannot read is not reported.`,
    why: 'The model picks a tool from its name, description and input schema. "Does stuff." or the name again tells it nothing the name did not, so it guesses between similar tools.',
    example: '@mcp.tool(annotations={"readOnlyHint": True})\ndef get_forecast(city: str) -> dict:\n    """Get forecast."""',
    useInstead: '@mcp.tool(annotations={"readOnlyHint": True})\ndef get_forecast(city: str) -> dict:\n    """Return the next five days of weather for a city: temperatures, rain and wind."""',
    fix: 'No quick-fix: only the author knows what to write.',
    mapping: 'The tool\'s `description` in `tools/list`.',
  },
  check(declaration, context) {
    const description = declaration.description;
    const value = declaration.descriptionValue;
    if (description === undefined || !value || declaration.documentedElsewhere) return;
    const why = vagueness(description, declaration.name || declaration.functionName);
    if (!why) return;
    const place = placeValue(value, 'The description');
    context.report({ range: firstLine(place.range, context.text), related: place.related, message: fill(MESSAGES.vague, { name: toolCalled(declaration), why }) });
  },
};

/** A docstring's first line: a squiggle under a whole docstring would hide its text. */
function firstLine(range: Range, text: SourceText): Range {
  if (range.start.line === range.end.line) return range;
  const next = lineStartOffset(text, range.start.line + 1);
  if (next === undefined) return range;
  const end = text.slice(next - 2, next) === '\r\n' ? next - 2 : next - 1;
  return { start: range.start, end: positionAt(text, end) };
}

/** Why a description is vague, or undefined when it is not. */
export function vagueness(description: string, name: string | undefined): string | undefined {
  // The summary: a docstring's first paragraph, before its Args or Returns sections.
  const summary = description.trim().split(/\r?\n\s*\r?\n/)[0];
  const text = summary.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[.!]+$/, '');
  const words = text.split(' ').filter((word) => /[a-z0-9]/.test(word));
  if (GENERIC.has(text)) return 'a generic phrase';
  if (words.length < MIN_DESCRIPTION_WORDS) return `fewer than ${MIN_DESCRIPTION_WORDS} words`;
  if (name && sameWords(wordsOf(text), wordsOf(name))) return 'it only repeats the name';
  return undefined;
}

function sameWords(description: string[], name: string[]): boolean {
  const stem = (word: string) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word);
  const left = description.filter((word) => !FILLER.has(word)).map(stem);
  const right = name.filter((word) => !FILLER.has(word)).map(stem);
  return left.length > 0 && left.length === right.length && left.every((word, index) => word === right[index]);
}
