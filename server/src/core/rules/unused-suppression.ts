import { charAt, SourceText } from '../source-text';
import { rangeAt } from '../fixes/positions';
import { TextEdit } from '../model';
import type { SuppressedCode, SuppressionDirective } from '../suppressions';
import { fill, ReportOptions, Rule, severities, shorten } from './rule';

const MESSAGES = {
  unused: 'This suppression of {rule} ({code}) is unused: no {code} finding {scope}. Remove it, so that it hides no future problem.',
  notARule: '"{text}" is not a rule code or name, so it suppresses nothing. Use a code such as MTL101 or a name such as read-only-mutation.',
} as const;

export const unusedSuppression: Rule = {
  code: 'MTL901',
  name: 'unused-suppression',
  severity: severities('info', { arcade: 'off' }),
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A suppression comment names a rule that reports nothing there.',
    whatItDoes: 'Reports each code or name in a `mcp-tool-lint: ignore[...]` (or `ignore-file[...]`) comment that suppresses no finding: the line it covers (or, for `ignore-file`, the whole file) has no finding of that rule, or the code names no rule at all. Rules that are off in the active profile are not reported, since a stricter profile (say, in CI) may still need the suppression.',
    why: 'A stale suppression hides the next real problem of that rule on the same line, and tells readers that something is wrong where nothing is.',
    example: '@app.tool(\n    metadata=ToolMetadata(\n        behavior=Behavior(\n            operations=[Operation.READ],\n            read_only=True,  # mcp-tool-lint: ignore[read-only-mutation] legacy\n            destructive=False,\n            idempotent=True,\n            open_world=True,\n        ),\n    ),\n)\ndef get_note(note_id: str) -> str: ...',
    useInstead: '@app.tool(\n    metadata=ToolMetadata(\n        behavior=Behavior(\n            operations=[Operation.READ],\n            read_only=True,\n            destructive=False,\n            idempotent=True,\n            open_world=True,\n        ),\n    ),\n)\ndef get_note(note_id: str) -> str: ...',
    fix: 'Quick-fix: remove the unused code from the list, or the whole comment when nothing in it is used. Not applied on save or by `--fix`.',
  },
};

/** The finding for one unused code of a suppression comment. */
export function reportUnusedSuppression(text: SourceText, directive: SuppressionDirective, code: SuppressedCode): ReportOptions {
  const scope = directive.kind === 'file' ? 'in this file' : 'on the line it covers';
  const message = code.rule
    ? fill(MESSAGES.unused, { rule: code.rule.name, code: code.rule.code, scope })
    : fill(MESSAGES.notARule, { text: shorten(code.text, 30) });
  const allUnused = directive.codes.every((other) => !other.used);
  return {
    range: code.range,
    message,
    fixes: [{
      title: allUnused ? 'Remove the unused suppression comment' : `Remove ${code.text} from the suppression`,
      edits: [removeSuppressionCodeEdit(text, directive, code, allUnused)],
      isPreferred: true,
      safe: false,
    }],
  };
}

/** Removes one code from the bracket list, or the whole directive when nothing in it is used. */
function removeSuppressionCodeEdit(text: SourceText, directive: SuppressionDirective, code: SuppressedCode, whole: boolean): TextEdit {
  if (!whole) {
    const index = directive.codes.indexOf(code);
    const next = directive.codes[index + 1];
    const previous = directive.codes[index - 1];
    if (next) return { range: rangeAt(text, code.start, next.start), newText: '' };
    if (previous) return { range: rangeAt(text, previous.end, code.end), newText: '' };
  }
  return removeDirectiveEdit(text, directive);
}

function removeDirectiveEdit(text: SourceText, directive: SuppressionDirective): TextEdit {
  const { commentStart } = directive;
  // A Python comment token runs up to the LF, so in CRLF text it holds the CR: keep that with the line break.
  const commentEnd = charAt(text, directive.commentEnd - 1) === '\r' ? directive.commentEnd - 1 : directive.commentEnd;
  let start = directive.start;
  while (start > commentStart && /[ \t]/.test(charAt(text, start - 1) ?? '')) start--;
  const ownComment = start === commentStart + directive.marker.length;
  if (!ownComment) {
    // Other text shares the comment (`# noqa: E501  # mcp-tool-lint: ...`): cut from the inner marker on.
    let cut = directive.start;
    while (cut > commentStart && /[ \t]/.test(charAt(text, cut - 1) ?? '')) cut--;
    if (directive.marker !== '/*' && text.slice(cut - directive.marker.length, cut) === directive.marker) cut -= directive.marker.length;
    while (cut > commentStart && /[ \t]/.test(charAt(text, cut - 1) ?? '')) cut--;
    const end = directive.marker === '/*' ? commentEnd - 2 : commentEnd;
    return { range: rangeAt(text, cut, end), newText: directive.marker === '/*' ? ' ' : '' };
  }
  const lineStart = text.lastIndexOf('\n', commentStart - 1) + 1;
  const newline = text.indexOf('\n', commentEnd);
  const lineEnd = newline === -1 ? text.length : newline;
  const aloneOnLine = text.slice(lineStart, commentStart).trim() === '' && text.slice(commentEnd, lineEnd).trim() === '';
  if (aloneOnLine) return { range: rangeAt(text, lineStart, newline === -1 ? lineEnd : newline + 1), newText: '' };
  let from = commentStart;
  while (from > lineStart && /[ \t]/.test(charAt(text, from - 1) ?? '')) from--;
  return { range: rangeAt(text, from, commentEnd), newText: '' };
}
