/**
 * Inlay hints: after each tool's registration line, the annotations a client will see, e.g.
 * `readOnly · idempotent · closed-world`. A hint the tool does not declare shows the spec
 * default with a trailing `*`; one computed at run time ends in `?`.
 */
import { offsetAt } from '../fixes/positions';
import { HintName, Position, Range, ToolDeclaration } from '../model';
import { projectTool, ToolProjection } from '../projection';
import { toolTable } from './hover';

export interface CoreInlayHint {
  position: Position;
  label: string;
  /** Markdown. */
  tooltip: string;
}

export const DEFAULT_MARK = '*';
export const UNKNOWN_MARK = '?';

const WORDS: Record<HintName, [string, string]> = {
  readOnlyHint: ['readOnly', 'read-write'],
  destructiveHint: ['destructive', 'non-destructive'],
  idempotentHint: ['idempotent', 'non-idempotent'],
  openWorldHint: ['open-world', 'closed-world'],
};

function word(projection: ToolProjection, hint: HintName): string {
  const [yes, no] = WORDS[hint];
  const text = projection.effective[hint] ? yes : no;
  if (projection.unknown.includes(hint)) return text + UNKNOWN_MARK;
  return projection.defaulted.includes(hint) ? text + DEFAULT_MARK : text;
}

/** `readOnly · idempotent · open-world`: destructiveHint (and an undeclared idempotentHint) are left out for read-only tools, where the spec gives them no meaning. */
export function annotationsLabel(projection: ToolProjection): string {
  const readOnly = projection.effective.readOnlyHint;
  const hints: HintName[] = ['readOnlyHint'];
  if (!readOnly) hints.push('destructiveHint');
  if (!readOnly || !projection.defaulted.includes('idempotentHint')) hints.push('idempotentHint');
  hints.push('openWorldHint');
  return hints.map((hint) => word(projection, hint)).join(' · ');
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
    hints.push({
      position: lineEnd(text, line),
      label: annotationsLabel(projection),
      tooltip: `${toolTable(declaration, projection)}\n\n\`${DEFAULT_MARK}\` not declared: the value clients assume by default · \`${UNKNOWN_MARK}\` computed at run time`,
    });
  }
  return hints;
}
