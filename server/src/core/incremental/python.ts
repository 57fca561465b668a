/**
 * The top-level statements of a Python module as incremental analysis sees them, with what each
 * binds at module level. The Python front end reads other statements only through module-level
 * names (PythonModule: imports, single assignments, function names) and the import flags, so a
 * statement that binds a name changes only the statements whose extraction looked that name up.
 */
import { Node } from 'web-tree-sitter';
import { bindingsOf, StatementBindings } from '../frontends/python/module';

export interface Segment {
  type: string;
  start: number;
  end: number;
  startRow: number;
  startColumn: number;
  endRow: number;
  endColumn: number;
  hasError: boolean;
  /** Module-level names the statement binds (function name, assignment targets, import aliases). */
  names: string[];
  /** Whether it imports (the module's import flags may change with it). */
  imports: boolean;
  /** What it binds, as the module reads it (not for broken code: the front end repairs that first). */
  bindings?: StatementBindings;
  /** Whether an edit of it needs a full analysis (broken code that may import, a definition without a name). */
  alwaysContext: boolean;
}

/** Tokens at column 0 of a broken region that start an import or a statement with conditional bindings. */
const COMPOUND_STARTS = new Set(['import', 'from', 'if', 'try', 'with', 'for', 'while', 'elif', 'else', 'except', 'finally']);

export function pythonSegments(root: Node): Segment[] {
  const segments: Segment[] = [];
  for (const node of root.namedChildren) if (node) segments.push(segmentOf(node));
  return segments;
}

/** One top-level statement as a segment. */
export function segmentOf(node: Node): Segment {
  {
    const type = node.type;
    const segment: Segment = {
      type, start: node.startIndex, end: node.endIndex,
      startRow: node.startPosition.row, startColumn: node.startPosition.column,
      endRow: node.endPosition.row, endColumn: node.endPosition.column,
      hasError: node.hasError, names: [], imports: false, alwaysContext: type === 'future_import_statement',
    };
    if (type === 'ERROR') {
      readBrokenRegion(node, segment);
    } else if (type === 'decorated_definition' || type === 'function_definition' || type === 'class_definition' || type === 'expression_statement'
      || type === 'import_statement' || type === 'import_from_statement' || type === 'if_statement' || type === 'try_statement') {
      const { names, imports, bindings } = bindingsOf(node);
      segment.names = names;
      segment.imports = imports;
      segment.bindings = bindings;
      // A definition whose name is not typed yet binds whatever the repaired text makes of it.
      if (type === 'decorated_definition' || type === 'function_definition') segment.alwaysContext = unnamedDefinition(node);
      // Broken imports: what the repaired text imports is not known here.
      if (imports && node.hasError) segment.alwaysContext = true;
    }
    return segment;
  }
}

function unnamedDefinition(node: Node): boolean {
  const definition = node.type === 'decorated_definition' ? node.childForFieldName('definition') : node;
  if (!definition) return true;
  return definition.type === 'function_definition' && !definition.childForFieldName('name')?.text;
}

/**
 * What a broken top-level region may bind once the front end closes its brackets: statements
 * start at column 0, so `def NAME` / `class NAME` and `NAME = ...` there bind NAME, and an
 * import or a compound statement there is context whatever it binds. Only the tokens that start
 * a line are read (a region may be the rest of a long file).
 */
function readBrokenRegion(region: Node, segment: Segment): void {
  const source = region.text;
  for (let at = region.startPosition.column === 0 ? 0 : nextLine(source, 0); at >= 0 && at < source.length; at = nextLine(source, at)) {
    if (!isBlank(source.charCodeAt(at))) readLineStart(region, source, at, segment);
  }
}

function nextLine(source: string, at: number): number {
  const lineEnd = source.indexOf('\n', at);
  return lineEnd < 0 ? -1 : lineEnd + 1;
}

function readLineStart(region: Node, source: string, at: number, segment: Segment): void {
  const first = tokenAt(region, source, at);
  if (!first) return;
  if (COMPOUND_STARTS.has(first.type) || first.type === 'ERROR') {
    segment.alwaysContext = true;
    return;
  }
  let keyword: Node | undefined = first;
  if (first.type === 'async') keyword = tokenAt(region, source, skipBlanks(source, first.endIndex - region.startIndex));
  if (keyword && (keyword.type === 'def' || keyword.type === 'class')) {
    const name = tokenAt(region, source, skipBlanks(source, keyword.endIndex - region.startIndex));
    if (name?.type === 'identifier' && name.text) segment.names.push(name.text);
  } else if (first.type === 'identifier') {
    const next = tokenAt(region, source, skipBlanks(source, first.endIndex - region.startIndex));
    if ((next?.type === '=' || next?.type === ':') && first.text) segment.names.push(first.text);
  }
}

/** The token starting at `at` (relative to the region), or undefined (inside a string, past the region). */
function tokenAt(region: Node, source: string, at: number): Node | undefined {
  if (at >= source.length) return undefined;
  const offset = region.startIndex + at;
  const node = region.descendantForIndex(offset, offset);
  return node && node.startIndex === offset && node.childCount === 0 ? node : undefined;
}

function skipBlanks(source: string, at: number): number {
  while (at < source.length && (source.charCodeAt(at) === 32 || source.charCodeAt(at) === 9)) at++;
  return at;
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12;
}
