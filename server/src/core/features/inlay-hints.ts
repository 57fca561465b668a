/**
 * Inlay hints: for each tool, the annotations a client will see in a few short words, e.g.
 * `read-only · idempotent · closed`, with the full table in the tooltip. A hint the tool does not
 * declare shows the spec default with a trailing `*`; one computed at run time ends in `?`. The
 * hint sits at the end of the registration's first line when it stays within VISIBLE_COLUMNS
 * there, else right after the registration's name (`@app.tool`, `registerTool`, the `name` key),
 * so that a long line never pushes it out of view.
 */
import { offsetAt } from '../fixes/positions';
import { HintName, Position, Range, ToolDeclaration } from '../model';
import { projectTool, ToolProjection } from '../projection';
import { toolTable } from './tool-card';

export interface CoreInlayHint {
  position: Position;
  label: string;
  /** Markdown. */
  tooltip: string;
}

export const DEFAULT_MARK = '*';
export const UNKNOWN_MARK = '?';
/** Where a hint at the end of a line may end at most (an editor's view is rarely narrower). */
const VISIBLE_COLUMNS = 100;

/** The word for each hint when true and when false. */
const WORDS: Record<HintName, [string, string]> = {
  readOnlyHint: ['read-only', 'writes'],
  destructiveHint: ['destructive', 'additive'],
  idempotentHint: ['idempotent', 'non-idempotent'],
  openWorldHint: ['open', 'closed'],
};

const LEGEND = `\`${DEFAULT_MARK}\` not declared: the value clients assume by default · \`${UNKNOWN_MARK}\` computed at run time`
  + ` · ${(Object.keys(WORDS) as HintName[]).map((hint) => `${WORDS[hint][0]}/${WORDS[hint][1]}: \`${hint}\` true/false`).join(' · ')}`;

function word(projection: ToolProjection, hint: HintName): string {
  const [yes, no] = WORDS[hint];
  const text = projection.effective[hint] ? yes : no;
  if (projection.unknown.includes(hint)) return text + UNKNOWN_MARK;
  return projection.defaulted.includes(hint) ? text + DEFAULT_MARK : text;
}

/** `read-only · idempotent · open`: destructiveHint (and an undeclared idempotentHint) are left out for read-only tools, where the spec gives them no meaning. */
export function annotationsLabel(projection: ToolProjection): string {
  const readOnly = projection.effective.readOnlyHint;
  const hints: HintName[] = ['readOnlyHint'];
  if (!readOnly) hints.push('destructiveHint');
  if (!readOnly || !projection.defaulted.includes('idempotentHint')) hints.push('idempotentHint');
  hints.push('openWorldHint');
  return hints.map((hint) => word(projection, hint)).join(' · ');
}

/** At the end of the line where the tool is registered, or after its name when the label would end out of view there. */
function placeOf(text: string, declaration: ToolDeclaration, label: string): Position {
  const end = lineEnd(text, declaration.nameRange.start.line);
  return end.character + 1 + label.length <= VISIBLE_COLUMNS ? end : declaration.nameRange.end;
}

/** The end of a line's text, before trailing blanks. */
function lineEnd(text: string, line: number): Position {
  const start = offsetAt(text, { line, character: 0 });
  let end = text.indexOf('\n', start);
  if (end === -1) end = text.length;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { line, character: end - start };
}

function overlaps(range: Range | undefined, line: number): boolean {
  return !range || (line >= range.start.line && line <= range.end.line);
}

export function inlayHintsFor(text: string, declarations: readonly ToolDeclaration[], range?: Range): CoreInlayHint[] {
  const hints: CoreInlayHint[] = [];
  const usedLines = new Set<number>();
  for (const declaration of declarations) {
    const line = declaration.nameRange.start.line;
    if (!overlaps(range, line) || usedLines.has(line)) continue;
    usedLines.add(line);
    const projection = projectTool(declaration);
    const label = annotationsLabel(projection);
    hints.push({ position: placeOf(text, declaration, label), label, tooltip: `${toolTable(projection)}\n\n${LEGEND}` });
  }
  return hints;
}
