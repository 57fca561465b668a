/** Where new import lines go in a file, for every language's import edits. */
import { Node } from 'web-tree-sitter';

export interface Insertion {
  offset: number;
  text: string;
}

/** New import lines after `anchor` (the last import), else before the first statement that is not a header. */
export function newLines(statements: readonly Node[], anchor: Node | undefined, lines: string[], isHeader: (statement: Node) => boolean): Insertion[] {
  if (lines.length === 0) return [];
  const block = lines.join('\n');
  if (anchor) return [{ offset: anchor.endIndex, text: `\n${block}` }];
  const header = statements.filter((statement, index) => statements.slice(0, index + 1).every(isHeader)).at(-1);
  const first = statements.find((statement) => !isHeader(statement));
  if (header) return [{ offset: header.endIndex, text: `\n${first ? '\n' : ''}${block}` }];
  return [{ offset: first?.startIndex ?? 0, text: `${block}\n${first ? '\n' : ''}` }];
}
