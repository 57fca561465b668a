/**
 * A Python tool's input parameters with their descriptions (MTL403, the tool card): from
 * `Annotated[T, "text"]`, `Annotated[T, Field(description=...)]`, a `Field(description=...)`
 * default, or the docstring's arguments section. `self`, `*args`, `**kwargs` and what the SDK
 * fills in (a `Context`, `ToolContext`, FastMCP's `ctx`) are not input.
 */
import { Node } from 'web-tree-sitter';
import { ParameterDoc } from '../../model';
import { namedChildren, rangeOf } from '../syntax';
import { docstringArguments } from './docstrings';
import { PythonModule } from './module';
import { PythonValues } from './values';

const INJECTED_TYPES = new Set(['Context', 'ToolContext', 'RequestContext']);
const INJECTED_NAMES = new Set(['ctx']);
const NOT_INPUT = new Set(['self', 'cls']);
const FIELD_CALLS = new Set(['Field', 'Param', 'Parameter']);

type Description = { description?: string; unknown?: boolean } | undefined;

export function pythonParameters(functionNode: Node | undefined, module: PythonModule, values: PythonValues, docstring: Node | undefined): ParameterDoc[] {
  const parameters = functionNode?.childForFieldName('parameters');
  if (!parameters) return [];
  const text = docstring ? docstringText(docstring) : undefined;
  const documented = text !== undefined ? docstringArguments(text) : new Map<string, string>();
  const result: ParameterDoc[] = [];
  for (const parameter of namedChildren(parameters)) {
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
    else if (docstring && text !== undefined && !doc.injected) doc.describeAt = argsEntryAt(docstring, text, name);
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

/** A docstring's text, as written between its quotes. */
export function docstringText(docstring: Node): string {
  return namedChildren(docstring).filter((c) => c.type === 'string_content' || c.type === 'escape_sequence').map((c) => c.text).join('');
}

/**
 * Where `name: ` goes in the docstring: a new line at the end of its Google `Args:` section, or a
 * new `Args:` section before the closing quotes, indented as the docstring is.
 */
function argsEntryAt(docstring: Node, text: string, name: string): ParameterDoc['describeAt'] {
  const content = namedChildren(docstring).filter((c) => c.type === 'string_content');
  const end = namedChildren(docstring).find((c) => c.type === 'string_end');
  if (!content.length || !end) return undefined;
  const indent = ' '.repeat(docstring.startPosition.column);
  const lines = text.split('\n');
  const heading = lines.findIndex((line) => /^\s*(Args|Arguments):\s*$/.test(line));
  const start = content[0].startIndex;
  if (heading >= 0) {
    const base = lines[heading].length - lines[heading].trimStart().length;
    let last = heading;
    for (let index = heading + 1; index < lines.length; index++) {
      if (!lines[index].trim()) continue;
      if (lines[index].length - lines[index].trimStart().length <= base) break;
      last = index;
    }
    const entryIndent = ' '.repeat(base + 4);
    const offset = start + lines.slice(0, last + 1).join('\n').length;
    return { offset, text: `\n${entryIndent}${name}: ` };
  }
  const body = text.replace(/\s+$/, '');
  const offset = start + body.length;
  return { offset, text: `\n\n${indent}Args:\n${indent}    ${name}: ${text.includes('\n') ? '' : `\n${indent}`}` };
}
