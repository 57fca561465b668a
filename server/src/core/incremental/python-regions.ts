/**
 * Python statements read with regions (parse/windows.ts): each region's statements from its own
 * tree, with the bindings of the statements around it; the rest's from the rest's tree, with every
 * statement's bindings. A broken region's repair (frontends/python/recovery.ts) reparses only the
 * region, so what it makes of broken code changes no other statement.
 */
import { Node } from 'web-tree-sitter';
import { SourceText } from '../source-text';
import { extractPython, PythonExtraction, PythonExtractionOptions } from '../frontends/python';
import { StatementBindings } from '../frontends/python/module';
import { ProjectView } from '../project/view';
import { DocumentSyntax, lookupIn, Region, regionsOf } from '../parse/windows';
import { pythonSegments, Segment, segmentOf } from './python';
import { statementsBetween } from './segments';
import { firstNotBefore } from '../sorted';

/** Every segment: the rest's outside the regions and the regions', in order. */
export function regionSegments(syntax: DocumentSyntax): Segment[] {
  const regions = regionsOf(syntax);
  if (!regions.length) return pythonSegments(syntax.tree.rootNode);
  return statementsBetween(syntax, 0, Number.MAX_SAFE_INTEGER).map((node: Node) => segmentOf(node));
}

/**
 * The declarations of the `extracted` segments: a region's from its tree, the others from the
 * rest's. Statements a region's tree reads as broken code (ERROR) bind nothing for the others.
 */
export function extractAroundRegions(syntax: DocumentSyntax, text: SourceText, segments: readonly Segment[], extracted: readonly Segment[], project: ProjectView | undefined): PythonExtraction {
  const regions = regionsOf(syntax);
  const parts: PythonExtraction[] = [];
  const outside: Segment[] = [];
  const inside = new Map<Region, Segment[]>();
  for (const segment of extracted) {
    const region = regions.find((candidate) => inRegion(segment, candidate));
    if (!region) outside.push(segment);
    else if (inside.has(region)) inside.get(region)!.push(segment);
    else inside.set(region, [segment]);
  }
  for (const [region, own] of inside) {
    parts.push(extractPython(region.tree, text, { rows: rowsOf(own), recordReads: true, project, ...regionFacts(segments, syntax, region) }));
  }
  if (outside.length) parts.push(extractPython(syntax.tree, text, { rows: rowsOf(outside), recordReads: true, project, bindings: boundBy(segments), lookup: lookupIn(syntax) }));
  if (parts.length === 1) return parts[0];
  return {
    declarations: parts.flatMap((part) => part.declarations).sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character),
    reads: new Map(parts.flatMap((part) => [...part.reads ?? []])),
    importFlags: new Map(parts.flatMap((part) => [...part.importFlags ?? []])),
  };
}

/** The segments read together with one (`first` to `last`), and the bounds of what they yield. */
export interface ReadUnit {
  first: number;
  last: number;
  /** Where its declarations must start and end: a broken region's bounds, else the statement's own. */
  bounds: Pick<Segment, 'startRow' | 'startColumn' | 'endRow' | 'endColumn'>;
}

/**
 * Per segment (by index), the unit it is read in: a broken region's statements are read together,
 * since its repair may make one statement of several (a declaration then reaches past the segment it
 * starts in, not past the region: its tree holds nothing else, and an edit anywhere in the region
 * makes it a new one). A segment outside broken regions is a unit of its own.
 */
export function unitsOf(segments: readonly Segment[], broken: readonly Pick<Region, 'start' | 'end' | 'startPosition' | 'endPosition'>[]): (index: number) => ReadUnit {
  const units = new Map<number, ReadUnit>();
  for (const region of broken) {
    const first = firstNotBefore(segments.length, (index) => segments[index].start < region.start);
    const end = firstNotBefore(segments.length, (index) => segments[index].start < region.end);
    const bounds = { startRow: region.startPosition.row, startColumn: region.startPosition.column, endRow: region.endPosition.row, endColumn: region.endPosition.column };
    for (let member = first; member < end; member++) units.set(member, { first, last: end - 1, bounds });
  }
  return (index) => units.get(index) ?? { first: index, last: index, bounds: segments[index] };
}

/** Per segment (by index), the region (broken or clean) whose tree it is read from, by its index; -1 for the rest's. */
export function treeOf(segments: readonly Segment[], regions: readonly { start: number; end: number }[]): (index: number) => number {
  return (index) => regions.findIndex((region) => inRegion(segments[index], region));
}

export function rowsOf(segments: readonly Segment[]): Array<readonly [number, number]> {
  return segments.map((segment) => [segment.startRow, segment.endRow] as const);
}

/** For statements of a region: the bindings around it, where to read them, and where its broken statements start. */
function regionFacts(segments: readonly Segment[], syntax: DocumentSyntax, region: Region): Pick<PythonExtractionOptions, 'around' | 'brokenStatements'> {
  const around = boundBy(segments.filter((segment) => !inRegion(segment, region)));
  const range = { startIndex: region.start, endIndex: region.end, startPosition: region.startPosition, endPosition: region.endPosition };
  return {
    around: { bindings: around, lookup: lookupIn(syntax), region: range },
    brokenStatements: segments.filter((segment) => segment.hasError && inRegion(segment, region)).map((segment) => segment.start),
  };
}

function inRegion(segment: Segment, region: { start: number; end: number }): boolean {
  return segment.start >= region.start && segment.start < region.end;
}

/** The bindings of the segments that have them (broken code, an ERROR segment, binds nothing). */
export function boundBy(segments: readonly Segment[]): Array<{ start: number; bindings: StatementBindings }> {
  return segments.filter((segment) => segment.bindings).map((segment) => ({ start: segment.start, bindings: segment.bindings! }));
}
