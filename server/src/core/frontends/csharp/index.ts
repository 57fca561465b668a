/**
 * C# front end: the official SDK's `[McpServerTool(Name = ..., ReadOnly = ..., Destructive = ...,
 * Idempotent = ..., OpenWorld = ...)]` on methods, described by `[Description("...")]`, and Azure
 * MCP's `[CommandMetadata(...)]` on command classes (the name from the attribute or the class's
 * `Name` property; an SDK method without `Name` is named as the SDK names it, see tool-name.ts). Only the
 * properties written are sent, so an unset hint takes the spec default.
 * Values are literals or `const` fields of the enclosing type; anything else is unknown.
 */
import { Node, Tree } from 'web-tree-sitter';
import { HINTS, SPEC_DEFAULTS, spelledKey } from '../../data/fields';
import { interpretAnnotations, lastEntry } from '../../interpret';
import { DeclarationForm, Entry, ToolDeclaration, Value } from '../../model';
import { SourceText } from '../../source-text';
import { describedBy } from '../descriptions';
import { containerOf, namedChildren, rangeOf } from '../syntax';
import { attributeName, csharpParameters, describedByDocComment, descriptionArgument, importsDescription } from './parameters';
import { sdkToolName } from './tool-name';
import { withFields } from '../../with-fields';

const TOOL_ATTRIBUTES: Record<string, DeclarationForm> = {
  McpServerTool: 'csharp-mcp-server-tool',
  CommandMetadata: 'csharp-command-metadata',
};
const HINT_KEYS = new Set(HINTS.map((hint) => spelledKey('csharp-attribute', hint)));

export interface CSharpExtractionOptions {
  /** Only the top-level declarations starting in these 0-based row ranges (inclusive). */
  rows?: ReadonlyArray<readonly [number, number]>;
}

export function extractCSharpDeclarations(tree: Tree, _text: SourceText, options: CSharpExtractionOptions = {}): ToolDeclaration[] {
  const rows = options.rows;
  const topLevel = namedChildren(tree.rootNode).filter((node) => !rows || rows.some(([first, last]) => node.startPosition.row >= first && node.startPosition.row <= last));
  const imported = importsDescription(namedChildren(tree.rootNode));
  return topLevel.flatMap((node) => csharpDeclarationsIn(node, imported));
}

/** The tools declared inside one top-level declaration, in source order; broken code loses only its own. */
/** `imported`: whether the file's top-level `using` directives import `System.ComponentModel` (`importsDescription`). */
export function csharpDeclarationsIn(node: Node, imported: boolean): ToolDeclaration[] {
  const found: ToolDeclaration[] = [];
  for (const attribute of node.descendantsOfType('attribute')) {
    const form = attribute && TOOL_ATTRIBUTES[attributeName(attribute)];
    if (!attribute || !form) continue;
    try {
      const declaration = toolOf(attribute, form, imported);
      if (declaration) found.push(declaration);
    } catch {
      // Half-typed code: the syntax tree already shows the author where it is broken.
    }
  }
  return found.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

function toolOf(attribute: Node, form: DeclarationForm, imported: boolean): ToolDeclaration | undefined {
  const target = attribute.parent?.parent;
  const wanted = form === 'csharp-mcp-server-tool' ? 'method_declaration' : 'class_declaration';
  if (target?.type !== wanted) return undefined;
  const owner = form === 'csharp-mcp-server-tool' ? target.parent?.parent ?? undefined : target;
  const list = namedChildren(attribute).find((child) => child.type === 'attribute_argument_list');
  const value = list ? argumentsValue(attribute, list, owner) : undefined;
  const entries = value?.kind === 'call' ? value.entries : [];
  const entry = (key: string): Entry | undefined => lastEntry(entries, key);
  const memberNameNode = target.childForFieldName('name');
  const memberName = memberNameNode?.text;
  const nameValue = entry('Name')?.value ?? (form === 'csharp-command-metadata' ? propertyValue(target, 'Name', owner) : undefined);
  const method = form === 'csharp-mcp-server-tool';
  const descriptionNode = method ? descriptionArgument(target) : undefined;
  const description = method ? descriptionNode && readValue(descriptionNode, owner) : entry('Description')?.value ?? propertyValue(target, 'Description', owner);
  const title = entry('Title')?.value;
  const declaration: ToolDeclaration = {
    name: nameValue ? (nameValue.kind === 'string' ? nameValue.value : undefined) : form === 'csharp-mcp-server-tool' ? sdkToolName(target) : undefined,
    nameValue,
    functionName: memberName,
    title: title?.kind === 'string' ? title.value : undefined,
    language: 'csharp',
    form,
    range: rangeOf(target),
    nameRange: rangeOf(attribute.childForFieldName('name') ?? attribute),
    ...(memberNameNode ? { namedAt: [rangeOf(memberNameNode)] } : {}),
    parameters: method ? parameterNames(target) : [],
    keys: [],
    // Azure's command classes: a description the attribute leaves out comes from a base class or does not compile.
    ...describedBy(description, method && !describedByDocComment(target) ? 'missing' : 'unknown'),
  };
  if (method) declaration.parameterDocs = csharpParameters(target, owner, imported, (node) => readValue(node, owner));
  if (value) declaration.registration = value;
  const pessimistic = HINTS.map((hint) => `${spelledKey('csharp-attribute', hint)} = ${SPEC_DEFAULTS[hint]}`);
  if (entries.some((item) => HINT_KEYS.has(item.key))) {
    declaration.annotations = interpretAnnotations(value!, undefined, { snakeCase: false, vendorHints: false, spelling: 'csharp-attribute' });
  } else if (value?.kind === 'call') {
    declaration.insertion = { kind: 'container', container: value.container, style: 'go', entries: pessimistic };
  } else {
    declaration.insertion = { kind: 'bare-decorator', offset: attribute.endIndex, style: 'csharp', entries: pessimistic };
  }
  return declaration;
}

/** The attribute's arguments as a call: named ones (`ReadOnly = true`) as entries, the hints read as booleans. */
function argumentsValue(attribute: Node, list: Node, owner: Node | undefined): Value {
  const args = namedChildren(list).filter((child) => child.type === 'attribute_argument');
  const entries: Entry[] = [];
  const positional: Value[] = [];
  for (const argument of args) {
    const name = argument.childForFieldName('name');
    const expression = namedChildren(argument).filter((child) => child.id !== name?.id).pop();
    if (!expression) continue;
    const read = readValue(expression, owner);
    if (!name) {
      positional.push(read);
      continue;
    }
    // A hint that is not a boolean does not compile: unknown, no rule guesses.
    const value = HINT_KEYS.has(name.text) && read.kind !== 'boolean' ? { kind: 'unknown' as const, text: expression.text, range: read.range, ...(read.via ? { via: read.via, viaName: read.viaName } : {}) } : read;
    entries.push({ key: name.text, keyRange: rangeOf(name), range: rangeOf(argument), value, startOffset: argument.startIndex, endOffset: argument.endIndex });
  }
  const callee = attribute.childForFieldName('name');
  return { kind: 'call', callee: callee?.text ?? '', calleeRange: rangeOf(callee ?? attribute), entries, positional, container: containerOf(list, args, 'attribute'), range: rangeOf(attribute) };
}

/** A literal, or a `const` field of the enclosing type (used at the identifier). */
function readValue(node: Node, owner: Node | undefined, depth = 0): Value {
  const range = rangeOf(node);
  switch (node.type) {
    case 'boolean_literal':
      return { kind: 'boolean', value: node.text === 'true', range };
    case 'null_literal':
      return { kind: 'null', text: 'null', range };
    case 'string_literal':
    case 'verbatim_string_literal':
    case 'raw_string_literal':
      return { kind: 'string', value: stringText(node), range };
    case 'integer_literal':
    case 'real_literal':
      return { kind: 'number', value: Number(node.text.replace(/[_a-zA-Z]+$/, '').replace(/_/g, '')), text: node.text, range };
    case 'parenthesized_expression': {
      const inner = namedChildren(node)[0];
      return inner ? readValue(inner, owner, depth) : { kind: 'unknown', text: node.text, range };
    }
    case 'identifier': {
      const constant = depth < 8 && owner ? constantOf(owner, node.text) : undefined;
      if (!constant) return { kind: 'unknown', text: node.text, range };
      return withFields(readValue(constant, owner, depth + 1), { via: range, viaName: node.text });
    }
    default:
      return { kind: 'unknown', text: node.text.length > 80 ? `${node.text.slice(0, 77)}...` : node.text, range };
  }
}

/** A C# string literal's text: regular (escapes read), verbatim (`""` is a quote) or raw (its lines, indentation removed). */
function stringText(node: Node): string {
  const text = node.text;
  if (node.type === 'verbatim_string_literal') return text.slice(2, -1).replace(/""/g, '"');
  if (node.type === 'raw_string_literal') {
    const content = namedChildren(node).find((child) => child.type === 'raw_string_content')?.text ?? '';
    return content.split('\n').map((line) => line.trim()).filter((line) => line !== '').join('\n');
  }
  try {
    return JSON.parse(text) as string;
  } catch {
    return text.slice(1, -1);
  }
}

/** The value of `const <type> name = value;` among the members of `owner` (a class, struct or record). */
function constantOf(owner: Node, name: string): Node | undefined {
  const body = owner.childForFieldName('body');
  for (const member of body ? namedChildren(body) : []) {
    if (member.type !== 'field_declaration' || !namedChildren(member).some((child) => child.type === 'modifier' && child.text === 'const')) continue;
    const declaration = namedChildren(member).find((child) => child.type === 'variable_declaration');
    for (const declarator of declaration ? namedChildren(declaration) : []) {
      if (declarator.type !== 'variable_declarator' || declarator.childForFieldName('name')?.text !== name) continue;
      return namedChildren(declarator).filter((child) => child.type !== 'identifier' || child.id !== declarator.childForFieldName('name')?.id).pop();
    }
  }
  return undefined;
}

/** A property's value written as `=> "..."` or `{ get; } = "..."`. */
function propertyValue(type: Node, name: string, owner: Node | undefined): Value | undefined {
  const body = type.childForFieldName('body');
  for (const member of body ? namedChildren(body) : []) {
    if (member.type !== 'property_declaration' || member.childForFieldName('name')?.text !== name) continue;
    const value = member.childForFieldName('value');
    const expression = value?.type === 'arrow_expression_clause' ? namedChildren(value)[0] : value;
    return expression ? readValue(expression, owner ?? type) : undefined;
  }
  return undefined;
}

function parameterNames(method: Node): string[] {
  const list = method.childForFieldName('parameters');
  return (list ? namedChildren(list) : []).filter((child) => child.type === 'parameter').map((parameter) => parameter.childForFieldName('name')?.text ?? '').filter(Boolean);
}
