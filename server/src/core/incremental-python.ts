/**
 * The top-level statements of a Python module as incremental analysis sees them, and which of
 * them can change how other statements read. The Python front end reads other statements only
 * through module-level names (PythonModule: imports, single assignments, function names), so a
 * statement is "context" when it imports, holds conditional bindings (`if` / `try`), or binds a
 * name that occurs anywhere else in the file.
 */
import { Node } from 'web-tree-sitter';

export interface Segment {
  type: string;
  start: number;
  end: number;
  startRow: number;
  startColumn: number;
  endRow: number;
  endColumn: number;
  hasError: boolean;
  /** Module-level names the statement binds (function name, assignment targets). */
  names: string[];
  /** Always context, whatever the names (imports, `if` / `try` bindings, broken code that may bind). */
  alwaysContext: boolean;
  /** Memo of `isContext` for the text the segment was read from. */
  context?: boolean;
}

const ALWAYS_CONTEXT_TYPES = new Set(['import_statement', 'import_from_statement', 'future_import_statement', 'if_statement', 'try_statement']);
/** Tokens at column 0 of a broken region that start an import or a statement with conditional bindings. */
const COMPOUND_STARTS = new Set(['import', 'from', 'if', 'try', 'with', 'for', 'while', 'elif', 'else', 'except', 'finally']);

export function pythonSegments(root: Node): Segment[] {
  const segments: Segment[] = [];
  for (const node of root.namedChildren) {
    if (!node) continue;
    const type = node.type;
    const segment: Segment = {
      type, start: node.startIndex, end: node.endIndex,
      startRow: node.startPosition.row, startColumn: node.startPosition.column,
      endRow: node.endPosition.row, endColumn: node.endPosition.column,
      hasError: node.hasError, names: [], alwaysContext: ALWAYS_CONTEXT_TYPES.has(type),
    };
    if (type === 'decorated_definition' || type === 'function_definition') {
      const definition = type === 'decorated_definition' ? node.childForFieldName('definition') : node;
      const name = definition?.childForFieldName('name')?.text;
      if (name) segment.names.push(name);
      else segment.alwaysContext = true;
    } else if (type === 'expression_statement') {
      for (const child of node.namedChildren) if (child?.type === 'assignment') assignedNames(child, segment.names);
    } else if (type === 'ERROR') {
      readBrokenRegion(node, segment);
    }
    segments.push(segment);
  }
  return segments;
}

function assignedNames(assignment: Node, into: string[]): void {
  const left = assignment.childForFieldName('left');
  if (left?.type === 'identifier' && left.text) into.push(left.text);
  const right = assignment.childForFieldName('right');
  if (right?.type === 'assignment') assignedNames(right, into);
}

/**
 * What a broken top-level region may bind once the front end closes its brackets: statements
 * start at column 0, so `def NAME` / `class NAME` and `NAME = ...` there bind NAME, and an
 * import or a compound statement there is context whatever it binds.
 */
function readBrokenRegion(region: Node, segment: Segment): void {
  let previous: Node | undefined;
  let nameFollows = false;
  for (const token of tokensOf(region)) {
    const type = token.type;
    const atColumnZero = token.startPosition.column === 0;
    if (atColumnZero && (COMPOUND_STARTS.has(type) || type === 'ERROR')) segment.alwaysContext = true;
    if (nameFollows && type === 'identifier' && token.text) segment.names.push(token.text);
    nameFollows = (type === 'def' || type === 'class') && (atColumnZero || previous?.type === 'async');
    const assigned = previous?.type === 'identifier' && previous.startPosition.column === 0 && (type === '=' || type === ':');
    if (assigned && previous!.text) segment.names.push(previous!.text);
    previous = token;
  }
}

/** The leaves of a (small) region, in source order. */
function tokensOf(node: Node): Node[] {
  if (node.childCount === 0) return [node];
  return node.children.flatMap((child) => (child ? tokensOf(child) : []));
}

/** Whether the statement may change how other statements read, judged against the text it was read from. */
export function isContext(segment: Segment, text: string): boolean {
  segment.context ??= segment.alwaysContext || segment.names.some((name) => occursOutside(text, name, segment.start, segment.end));
  return segment.context;
}

/** Whether `name` occurs as a whole word in `text` outside [start, end). */
function occursOutside(text: string, name: string, start: number, end: number): boolean {
  return wordOccurrences(text, name).some((index) => index < start || index >= end);
}

/** The offsets where `name` occurs in `text` as a whole word. */
export function wordOccurrences(text: string, name: string): number[] {
  const found: number[] = [];
  // A missing identifier (half-typed code) has no text: it names nothing.
  if (!name) return found;
  for (let index = text.indexOf(name); index >= 0; index = text.indexOf(name, index + 1)) {
    if (!isWordCharacter(text.charCodeAt(index - 1)) && !isWordCharacter(text.charCodeAt(index + name.length))) found.push(index);
  }
  return found;
}

function isWordCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code > 127;
}
