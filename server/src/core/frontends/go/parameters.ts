/**
 * A Go tool's input parameters with their descriptions (MTL403, the preview).
 *
 * go-sdk: `mcp.AddTool(server, &mcp.Tool{...}, handler)` infers the input schema from the handler's
 * input type, a struct whose exported fields are the parameters (named by their `json` tag) and
 * whose `jsonschema:"..."` tag is each one's description. The handler and the struct are read when
 * they are declared in the file; anything else (a raw `server.AddTool` handler, an explicit
 * `InputSchema`, a type of another file or package) leaves the parameters unknown.
 *
 * mcp-go: `mcp.WithString("q", mcp.Required(), mcp.Description("..."))` and its siblings declare
 * one parameter each; `WithInputSchema`/`WithRawInputSchema` (or an option the linter cannot read)
 * leave the parameters unknown.
 */
import { Node } from 'web-tree-sitter';
import { ParameterDoc } from '../../model';
import { namedChildren, rangeOf } from '../syntax';
import type { GoFormContext } from './forms';
import { callArguments, goString, parametersOf, qualifiedName, unquote, unwrapParens } from './syntax';

const PROPERTY_OPTIONS = new Set(['WithString', 'WithNumber', 'WithInteger', 'WithBoolean', 'WithArray', 'WithObject', 'WithAny']);
const SCHEMA_OPTIONS = new Set(['WithInputSchema', 'WithRawInputSchema']);
/** Handlers assigned to handlers (`var purge = getIssue`): followed this far. */
const MAX_ALIASES = 4;

/** The parameters of an mcp-go tool's options; undefined when some option may add or replace them. */
export function mcpGoParameters(options: readonly Node[], context: GoFormContext): ParameterDoc[] | undefined {
  const parameters: ParameterDoc[] = [];
  for (const option of options) {
    const callee = option.type === 'call_expression' ? qualifiedName(option.childForFieldName('function')) : undefined;
    if (!callee || !context.mcpGo.has(callee.qualifier)) return undefined;
    if (SCHEMA_OPTIONS.has(callee.name)) return undefined;
    if (!PROPERTY_OPTIONS.has(callee.name)) continue;
    const [nameNode, ...rest] = callArguments(option);
    const name = goString(nameNode);
    if (!nameNode || name === undefined) return undefined;
    parameters.push({ name, range: rangeOf(nameNode), ...propertyDescription(nameNode, rest, callee.qualifier, context) });
  }
  return parameters;
}

/** `mcp.Description("...")` among a property's options; unknown when an option is not the SDK's own call. */
function propertyDescription(nameNode: Node, options: readonly Node[], qualifier: string, context: GoFormContext): Pick<ParameterDoc, 'description' | 'unknown' | 'describeAt'> {
  for (const option of options) {
    const callee = option.type === 'call_expression' ? qualifiedName(option.childForFieldName('function')) : undefined;
    if (!callee || !context.mcpGo.has(callee.qualifier)) return { unknown: true };
    if (callee.name !== 'Description') continue;
    const argument = callArguments(option)[0];
    const value = argument ? context.reader.read(argument) : undefined;
    return value?.kind === 'string' ? { description: value.value } : { unknown: true };
  }
  // After the last argument (before a trailing comma, which then follows the new option).
  const last = options[options.length - 1] ?? nameNode;
  const text = `, ${qualifier}.Description("")`;
  return { describeAt: { offset: last.endIndex, text, cursor: text.length - 2 } };
}

/** The parameters of a go-sdk tool literal registered by `mcp.AddTool`, from its handler's input struct. */
export function goSdkParameters(literal: Node, hasInputSchema: boolean, context: GoFormContext): ParameterDoc[] | undefined {
  if (hasInputSchema) return undefined;
  let argument: Node = literal;
  if (argument.parent?.type === 'unary_expression') argument = argument.parent;
  const call = argument.parent?.type === 'argument_list' ? argument.parent.parent : null;
  const callee = call?.type === 'call_expression' ? qualifiedName(call.childForFieldName('function')) : undefined;
  if (!call || callee?.name !== 'AddTool' || !context.goSdk.has(callee.qualifier)) return undefined;
  const args = callArguments(call);
  if (args[1]?.id !== argument.id || !args[2]) return undefined;
  const input = handlerInput(args[2], context);
  return input ? structParameters(input, context) : undefined;
}

/** The type of a handler's third parameter (`in GetInput`), for a function literal or a function of the file. */
function handlerInput(handler: Node, context: GoFormContext): Node | undefined {
  let current = unwrapParens(handler);
  for (let step = 0; step < MAX_ALIASES && current.type === 'identifier'; step++) {
    const binding = context.binding(current.text);
    if (binding?.kind === 'function') {
      current = binding.declaration;
      break;
    }
    if (binding?.kind !== 'value') return undefined;
    current = unwrapParens(binding.value);
  }
  if (current.type !== 'function_declaration' && current.type !== 'func_literal') return undefined;
  return parametersOf(current)[2]?.type ?? undefined;
}

/** The exported fields of an input struct (written in place, or a struct type of the file). */
function structParameters(type: Node, context: GoFormContext): ParameterDoc[] | undefined {
  let current = type;
  if (current.type === 'pointer_type') current = namedChildren(current)[0] ?? current;
  if (current.type === 'type_identifier') {
    const binding = context.binding(current.text);
    if (binding?.kind !== 'type') return undefined;
    current = binding.spec.childForFieldName('type') ?? current;
  }
  if (current.type !== 'struct_type') return undefined;
  const list = namedChildren(current).find((child) => child.type === 'field_declaration_list');
  const parameters: ParameterDoc[] = [];
  for (const field of list ? namedChildren(list) : []) {
    if (field.type !== 'field_declaration') continue;
    const names = field.childrenForFieldName('name').filter((name): name is Node => !!name);
    // An embedded struct's fields are the parameters too: not read.
    if (names.length === 0) return undefined;
    const tagNode = field.childForFieldName('tag');
    const tags = tagNode ? structTags(goString(tagNode) ?? '') : new Map<string, string>();
    for (const name of names) {
      if (!/^[A-Z]/.test(name.text)) continue;
      const json = tags.get('json')?.split(',')[0];
      if (json === '-') continue;
      const doc: ParameterDoc = { name: json || name.text, range: rangeOf(name) };
      const description = tags.get('jsonschema');
      if (description !== undefined) doc.description = description.replace(/^description=/, '');
      else doc.describeAt = tagEdit(field, tagNode);
      parameters.push(doc);
    }
  }
  return parameters;
}

/** Where `jsonschema:""` goes: into the field's raw-string tag, or as a new tag after its type. */
function tagEdit(field: Node, tag: Node | null): ParameterDoc['describeAt'] {
  if (!tag) {
    const type = field.childForFieldName('type');
    if (!type) return undefined;
    const text = ' `jsonschema:""`';
    return { offset: type.endIndex, text, cursor: text.length - 2 };
  }
  if (tag.type !== 'raw_string_literal') return undefined;
  const inside = tag.text.slice(1, -1);
  const text = `${inside === '' || inside.endsWith(' ') ? '' : ' '}jsonschema:""`;
  return { offset: tag.endIndex - 1, text, cursor: text.length - 1 };
}

/**
 * A struct tag's `key:"value"` pairs, read as Go's `reflect.StructTag` reads them: keys up to the
 * colon, values as quoted Go strings; reading stops at the first malformed pair.
 */
export function structTags(tag: string): Map<string, string> {
  const tags = new Map<string, string>();
  let index = 0;
  while (index < tag.length) {
    while (tag[index] === ' ') index++;
    const colon = tag.indexOf(':"', index);
    if (colon <= index || /[\s"]/.test(tag.slice(index, colon))) break;
    let end = colon + 2;
    while (end < tag.length && tag[end] !== '"') end += tag[end] === '\\' ? 2 : 1;
    if (end >= tag.length) break;
    if (!tags.has(tag.slice(index, colon))) tags.set(tag.slice(index, colon), unquote(tag.slice(colon + 1, end + 1)));
    index = end + 1;
  }
  return tags;
}
