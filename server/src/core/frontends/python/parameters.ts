/**
 * A Python tool's input parameters with their descriptions (MTL403, the tool card): from
 * `Annotated[T, "text"]`, `Annotated[T, Field(description=...)]`, a `Field(description=...)`
 * default, or the docstring's arguments section. `self`, `*args`, `**kwargs` and what the SDK
 * fills in (a `Context`, `ToolContext`, FastMCP's `ctx`) are not input.
 */
import { Node } from 'web-tree-sitter';
import { ParameterDoc } from '../../model';
import { SourceText } from '../../source-text';
import { namedChildren, rangeOf } from '../syntax';
import { ArgumentsSection, readDocstring } from './docstrings';
import { PythonModule } from './module';
import { PythonValues } from './values';

const INJECTED_TYPES = new Set(['Context', 'ToolContext', 'RequestContext']);
const INJECTED_NAMES = new Set(['ctx']);
const NOT_INPUT = new Set(['self', 'cls']);
/** `*args`, `**kwargs` and the bare `*` and `/` separators: FastMCP and Arcade take no input through them. */
const NOT_PARAMETERS = new Set(['list_splat_pattern', 'dictionary_splat_pattern', 'keyword_separator', 'positional_separator']);
const FIELD_CALLS = new Set(['Field', 'Param', 'Parameter']);

type Description = { description?: string; unknown?: boolean } | undefined;

export function pythonParameters(functionNode: Node | undefined, module: PythonModule, values: PythonValues, docstring: Node | undefined): ParameterDoc[] {
  const parameters = functionNode?.childForFieldName('parameters');
  if (!parameters) return [];
  const span = docstring ? docstringSpan(docstring) : undefined;
  const { documented, sections } = span ? readDocstring(module.text.slice(span.start, span.end)) : { documented: new Map<string, string>(), sections: [] };
  const result: ParameterDoc[] = [];
  for (const parameter of namedChildren(parameters)) {
    if (NOT_PARAMETERS.has(parameter.type) || NOT_PARAMETERS.has(namedChildren(parameter)[0]?.type ?? '')) continue;
    const nameNode = parameter.type === 'identifier' ? parameter : parameter.childForFieldName('name') ?? namedChildren(parameter).find((child) => child.type === 'identifier');
    if (!nameNode || nameNode.type !== 'identifier' || NOT_INPUT.has(nameNode.text)) continue;
    const type = parameter.childForFieldName('type') ?? undefined;
    const name = nameNode.text;
    const doc: ParameterDoc = { name, range: rangeOf(nameNode) };
    if (INJECTED_NAMES.has(name) || (type && INJECTED_TYPES.has(typeName(type, module) ?? ''))) doc.injected = true;
    const found = annotatedDescription(type, module, values) ?? fieldDescription(parameter.childForFieldName('value') ?? undefined, module, values);
    const description = found?.description ?? documented.get(name);
    if (description !== undefined) doc.description = description;
    else if (found?.unknown) doc.unknown = true;
    else if (span && !doc.injected) doc.describeAt = argsEntryAt(module.text, span, sections, name);
    result.push(doc);
  }
  return result;
}

/** The class a type annotation names (`Context` in `Context[ServerSession, None]` or `fastmcp.Context`). */
function typeName(type: Node, module: PythonModule): string | undefined {
  const inner = type.type === 'type' ? namedChildren(type)[0] : type;
  if (!inner) return undefined;
  const named = inner.type === 'generic_type' || inner.type === 'subscript' ? namedChildren(inner)[0] : inner;
  return named && (named.type === 'identifier' || named.type === 'attribute') ? module.resolveName(named) : undefined;
}

/** `Annotated[T, "text"]` or `Annotated[T, Field(description="text")]`. */
function annotatedDescription(type: Node | undefined, module: PythonModule, values: PythonValues): Description {
  const inner = type?.type === 'type' ? namedChildren(type)[0] : type;
  if (!inner || (inner.type !== 'subscript' && inner.type !== 'generic_type')) return undefined;
  const [base, ...rest] = namedChildren(inner);
  if (!base || module.resolveName(base) !== 'Annotated') return undefined;
  const items = rest.length === 1 && rest[0].type === 'type_parameter' ? namedChildren(rest[0]) : rest;
  for (const item of items.slice(1)) {
    const expression = item.type === 'type' ? namedChildren(item)[0] : item;
    if (!expression) continue;
    if (expression.type === 'string') {
      const value = values.valueOf(expression);
      return value.kind === 'string' ? { description: value.value } : { unknown: true };
    }
    const field = fieldDescription(expression, module, values);
    if (field) return field;
  }
  return undefined;
}

/** `Field(description="text")` (pydantic), also as a parameter's default. */
function fieldDescription(node: Node | undefined, module: PythonModule, values: PythonValues): Description {
  if (node?.type !== 'call') return undefined;
  const callee = node.childForFieldName('function');
  if (!callee || !FIELD_CALLS.has(module.resolveName(callee) ?? '')) return undefined;
  const argumentList = node.childForFieldName('arguments');
  if (!argumentList) return undefined;
  const { entries, opaqueSpread } = values.argumentsOf(argumentList);
  const description = entries.find((entry) => entry.key === 'description');
  if (!description) return opaqueSpread ? { unknown: true } : undefined;
  return description.value.kind === 'string' ? { description: description.value.value } : { unknown: true };
}

/** Where a docstring's text lies in the source: between its opening and closing quotes. */
function docstringSpan(docstring: Node): { start: number; end: number } | undefined {
  const children = namedChildren(docstring);
  const open = children.find((child) => child.type === 'string_start');
  const close = children.find((child) => child.type === 'string_end');
  return open && close ? { start: open.endIndex, end: close.startIndex } : undefined;
}

/**
 * MTL403's fix for a parameter missing from the docstring: a new entry after the last one of its
 * arguments section, in that section's style (Google `name: `, NumPy `name`, reST `:param name: `),
 * or a new Google `Args:` section before the closing quotes. Line breaks and indentation are the
 * docstring's own; the cursor goes where the description is typed.
 */
function argsEntryAt(source: SourceText, span: { start: number; end: number }, sections: readonly ArgumentsSection[], name: string): ParameterDoc['describeAt'] {
  const text = source.slice(span.start, span.end);
  const lineStart = source.lastIndexOf('\n', span.start - 1) + 1;
  const indent = lineIndent(source.slice(lineStart, span.start));
  const unit = indent.includes('\t') ? '\t' : '    ';
  const lineBreak = text.includes('\r\n') || source.slice(lineStart - 2, lineStart) === '\r\n' ? '\r\n' : '\n';
  const section = sections.find((candidate) => candidate.style === 'google') ?? sections[0];
  if (section) {
    const entry = section.style === 'rest' ? `:param ${name}: `
      : section.style === 'numpy' ? `${name}${lineBreak}${section.entryIndent}${unit}`
        : `${name}: `;
    const entryIndent = section.style === 'google' && !section.entryIndent ? section.headingIndent + unit : section.entryIndent;
    const inserted = `${lineBreak}${entryIndent}${entry}`;
    return { offset: span.start + section.end, text: inserted, cursor: inserted.length };
  }
  const body = text.trimEnd();
  const heading = `${lineBreak}${lineBreak}${indent}Args:${lineBreak}${indent}${unit}${name}: `;
  // A one-line docstring gets its closing quotes on a line of their own.
  const closing = text.includes('\n') ? '' : `${lineBreak}${indent}`;
  return { offset: span.start + body.length, text: heading + closing, cursor: heading.length };
}

function lineIndent(line: string): string {
  return line.slice(0, line.length - line.trimStart().length);
}
