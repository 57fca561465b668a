/**
 * The SDK's registration calls, on any receiver, in a file that imports an MCP server module:
 * `registerTool(name, config, cb)` (`ts-register-tool`), the deprecated `tool(...)` overloads
 * (`ts-server-tool`) and FastMCP's `addTool({...})` (`fastmcp-add-tool`).
 */
import { HINTS } from '../../../data/fields';
import { Container, ToolDeclaration, Value } from '../../../model';
import { ArgumentSyntax, argumentType, CallSyntax } from '../calls';
import { FileContext } from '../context';
import { buildDeclaration } from '../declaration';
import { isObjectSyntax, objectSyntax } from '../objects';
import { ReadDepth, toolFieldDepth } from '../values';
import { rangeOf, unwrapExpression } from '../syntax';

export const SDK_METHODS = ['registerTool', 'tool', 'addTool'];

function readArgument(argument: ArgumentSyntax, context: FileContext, depth: ReadDepth = Infinity): Value {
  if (isObjectSyntax(argument)) return context.reader.readObject(argument, depth);
  const inner = unwrapExpression(argument);
  return inner.type === 'object' ? context.reader.readObject(objectSyntax(inner), depth) : context.reader.read(argument);
}

/** Reads a configuration argument; claims it when it is an object literal written in the call. */
function readConfig(argument: ArgumentSyntax | undefined, context: FileContext): { value?: Value; literal?: Container } {
  if (!argument) return {};
  const value = readArgument(argument, context, toolFieldDepth);
  if (argumentType(argument) === 'object' && value.kind === 'mapping') {
    context.claimed.add(isObjectSyntax(argument) ? argument.startOffset : unwrapExpression(argument).startIndex);
    return { value, literal: value.container };
  }
  // `addTool(TOOL)` with `const TOOL = {...}`: the object is this registration, not a second tool.
  const source = value.kind === 'mapping' ? context.reader.sourceNodeOf(value) : undefined;
  if (source?.type === 'object') context.claimed.add(source.startIndex);
  return { value };
}

/** A configuration whose contents cannot be known hides the annotations too. */
function unknownAnnotations(config: Value | undefined): { value: Value } | undefined {
  return config && config.kind === 'unknown' ? { value: config } : undefined;
}

function registerTool(call: CallSyntax, context: FileContext): ToolDeclaration {
  const [name, configArgument] = call.args;
  const config = readConfig(configArgument, context);
  return buildDeclaration({
    form: 'ts-register-tool',
    range: call.range,
    nameRange: rangeOf(call.callee),
    nameValue: name ? readArgument(name, context) : undefined,
    fields: config.value,
    annotations: unknownAnnotations(config.value),
    insertInto: config.literal,
    vendorHints: false,
  }, context.language, context.reader);
}

function addTool(call: CallSyntax, context: FileContext): ToolDeclaration | undefined {
  const [configArgument] = call.args;
  if (!configArgument) return undefined;
  const config = readConfig(configArgument, context);
  // `addTool(tool)` inside a loop over tools declared elsewhere: nothing of the tool is known here.
  if (config.value?.kind !== 'mapping') return undefined;
  return buildDeclaration({
    form: 'fastmcp-add-tool',
    range: call.range,
    nameRange: rangeOf(call.callee),
    fields: config.value,
    insertInto: config.literal,
    vendorHints: true,
  }, context.language, context.reader);
}

const CALLBACK_TYPES = new Set(['object', 'string', 'template_string', 'array', 'number', 'true', 'false', 'null']);

/**
 * How the SDK reads the one object of `tool(name, [description], obj, cb)`: an object with
 * hint keys is the annotations; an empty object or one holding zod schemas (anything not a
 * primitive) is the params schema; one of primitives only is annotations too (the SDK's test).
 */
export function classifyToolObject(value: Value): 'schema' | 'annotations' | 'unknown' {
  if (value.kind !== 'mapping') return 'unknown';
  if (value.entries.some((entry) => HINTS.includes(entry.key as never))) return 'annotations';
  if (value.entries.length === 0) return 'schema';
  const primitive = (item: Value): boolean => ['boolean', 'string', 'number', 'null'].includes(item.kind);
  if (value.entries.every((entry) => primitive(entry.value))) return 'annotations';
  if (value.entries.some((entry) => entry.value.kind === 'unknown')) return 'schema';
  return 'unknown';
}

function serverTool(call: CallSyntax, context: FileContext): ToolDeclaration | undefined {
  if (call.args.length === 0) return undefined;
  const [name, ...rest] = call.args;
  if (['object', 'arrow_function', 'function_expression', 'function'].includes(argumentType(name))) return undefined;
  const last = rest[rest.length - 1];
  if (last && !CALLBACK_TYPES.has(argumentType(last))) rest.pop();
  const values = rest.map((argument) => readArgument(argument, context));
  const description = values.length && values[0].kind === 'string' ? values.shift() : undefined;
  let schema: Value | undefined;
  let annotations: Value | undefined;
  const decide = (value: Value): void => {
    const kind = classifyToolObject(value);
    if (kind === 'schema') schema = value;
    else if (kind === 'annotations') annotations = value;
    else annotations = { kind: 'unknown', text: value.kind === 'unknown' ? value.text : '', range: value.range, via: value.via, viaName: value.viaName };
  };
  if (values.length >= 2) {
    const [first, second] = values.slice(-2);
    // tool(name, schema, annotations, cb); with an unknown first value (maybe a description) decide by the second.
    if (first.kind === 'mapping') {
      schema = first;
      annotations = second;
    } else {
      decide(second);
    }
  } else if (values.length === 1) {
    decide(values[0]);
  }
  return buildDeclaration({
    form: 'ts-server-tool',
    range: call.range,
    nameRange: rangeOf(call.callee),
    nameValue: readArgument(name, context),
    description,
    descriptionAbsent: !description && (values.length === 0 || values[0].kind === 'mapping'),
    schema,
    annotations: annotations ? { value: annotations } : undefined,
    vendorHints: false,
  }, context.language, context.reader);
}

/** A registration the caller decided counts (front end's `declarationsAmong`). */
export function sdkCallTool(call: CallSyntax, context: FileContext): ToolDeclaration | undefined {
  switch (call.method ?? call.callee.text) {
    case 'registerTool':
      return registerTool(call, context);
    case 'tool':
      return serverTool(call, context);
    case 'addTool':
      return addTool(call, context);
    default:
      return undefined;
  }
}
