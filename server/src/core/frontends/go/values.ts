/**
 * Go expressions as `Value`s: literals, package-level constants and variables (of this file, of
 * the package's other files, of another package of the module through the project), composite
 * literals, and the pointers go-sdk's `*bool` hints need (`new(false)`, `ptr.To(false)`,
 * `jsonschema.Ptr(false)`, a local `boolPtr(false)`), read as the boolean they point to.
 */
import { Node } from 'web-tree-sitter';
import { Entry, Value } from '../../model';
import { ProjectView } from '../../project/view';
import { usedAt } from '../../project/presets';
import { goVersionAtLeast } from '../../project/resolve-go';
import { containerOf, namedChildren, rangeOf } from '../syntax';
import { GoBinding, isPointerHelper } from './package';
import { callArguments, GO_SDK_PATH, goString, MCP_GO_PATH, qualifiedName, unwrapParens } from './syntax';
import { withFields } from '../../with-fields';

/** What reading a file's values needs of the file and its project. */
export interface GoReading {
  /** Local package name to import path. */
  imports: ReadonlyMap<string, string>;
  /** A package-level name of this file (the caller records the lookup). */
  binding(name: string): GoBinding | undefined;
  project?: ProjectView;
}

/** Pointer helpers of well-known packages: `ptr.To`, `jsonschema.Ptr`, mcp-go's `ToBoolPtr`, `aws.Bool`, `lo.ToPtr`. */
const KNOWN_HELPERS: Record<string, readonly string[]> = {
  'k8s.io/utils/ptr': ['To'],
  'github.com/google/jsonschema-go/jsonschema': ['Ptr'],
  [MCP_GO_PATH]: ['ToBoolPtr'],
  'github.com/aws/aws-sdk-go-v2/aws': ['Bool'],
  'github.com/aws/aws-sdk-go/aws': ['Bool'],
  'github.com/samber/lo': ['ToPtr'],
};

/** The `*bool` fields of each SDK's annotations struct: go-sdk's `ToolAnnotations`, mcp-go's `ToolAnnotation`. */
const POINTER_FIELDS: Record<string, { type: string; fields: readonly string[] }> = {
  [GO_SDK_PATH]: { type: 'ToolAnnotations', fields: ['DestructiveHint', 'OpenWorldHint'] },
  [MCP_GO_PATH]: { type: 'ToolAnnotation', fields: ['ReadOnlyHint', 'DestructiveHint', 'IdempotentHint', 'OpenWorldHint'] },
};

/** Constants that refer to constants: deeper than this reads as unknown (and a cycle ends). */
const MAX_DEPTH = 8;

export class GoValueReader {
  private depth = 0;
  /** Whether each function of the file is a pointer helper, by its node's id. */
  private readonly helpers = new Map<number, boolean>();

  constructor(private readonly file: GoReading) {}

  read(node: Node): Value {
    const expression = unwrapParens(node);
    const range = rangeOf(expression);
    switch (expression.type) {
      case 'true':
      case 'false':
        return { kind: 'boolean', value: expression.type === 'true', range };
      case 'nil':
        return { kind: 'null', text: 'nil', range };
      case 'interpreted_string_literal':
      case 'raw_string_literal':
        return { kind: 'string', value: goString(expression) ?? '', range };
      case 'int_literal':
      case 'float_literal':
        return { kind: 'number', value: Number(expression.text.replace(/_/g, '')), text: expression.text, range };
      case 'identifier':
        return this.named(expression);
      case 'selector_expression':
        return this.imported(expression) ?? unknown(expression);
      case 'unary_expression': {
        const operand = expression.childForFieldName('operand');
        if (expression.childForFieldName('operator')?.text === '&' && operand?.type === 'composite_literal') return withFields(this.structLiteral(operand), { range });
        return unknown(expression);
      }
      case 'composite_literal':
        return this.structLiteral(expression);
      case 'call_expression': {
        const argument = this.pointerHelperCall(expression) ? callArguments(expression)[0] : undefined;
        return argument ? this.read(argument) : unknown(expression);
      }
      default:
        return unknown(expression);
    }
  }

  /**
   * A hint's value: a boolean, or for a `*bool` field (`pointer`) a pointer helper's argument (the
   * value a fix edits) or `nil`; anything else is unknown (the compiler rejects other literals).
   */
  hint(node: Node, pointer: boolean): Value {
    const expression = unwrapParens(node);
    if (pointer && expression.type === 'nil') return { kind: 'null', text: 'nil', range: rangeOf(expression) };
    if (pointer) {
      const argument = expression.type === 'call_expression' && this.pointerHelperCall(expression) ? callArguments(expression)[0] : undefined;
      return argument ? this.plainBool(argument) : unknown(expression);
    }
    return this.plainBool(expression);
  }

  /** The callee's text when `call` makes a pointer to its one argument. */
  pointerHelperCall(call: Node): string | undefined {
    const callee = call.childForFieldName('function');
    if (!callee || callArguments(call).length !== 1) return undefined;
    if (callee.type === 'identifier') {
      if (callee.text === 'new') return 'new';
      const binding = this.file.binding(callee.text);
      if (binding?.kind === 'function') {
        const id = binding.declaration.id;
        if (!this.helpers.has(id)) this.helpers.set(id, isPointerHelper(binding.declaration));
        return this.helpers.get(id) ? callee.text : undefined;
      }
      if (binding) return undefined;
      return this.file.project?.goSymbol?.(undefined, callee.text)?.kind === 'go-helper' ? callee.text : undefined;
    }
    const qualified = qualifiedName(callee);
    const importPath = qualified && this.file.imports.get(qualified.qualifier);
    if (!qualified || !importPath) return undefined;
    if (KNOWN_HELPERS[importPath]?.includes(qualified.name)) return callee.text;
    return this.file.project?.goSymbol?.(importPath, qualified.name)?.kind === 'go-helper' ? callee.text : undefined;
  }

  /**
   * The pointer helper fixes write with when the tool uses none: one of a package the file imports
   * (`jsonschema.Ptr`, `ptr.To`, `mcp.ToBoolPtr`), else Go 1.26's `new(...)` when the module's go.mod asks for 1.26 or later.
   */
  importedPointerHelper(): string | undefined {
    for (const [local, importPath] of this.file.imports) {
      const helper = KNOWN_HELPERS[importPath]?.[0];
      if (helper) return `${local}.${helper}`;
    }
    return goVersionAtLeast(this.file.project?.goVersion?.(), 1, 26) ? 'new' : undefined;
  }

  private plainBool(node: Node): Value {
    const expression = unwrapParens(node);
    // `new(false)` reads its argument as a type name.
    if (expression.type === 'true' || expression.type === 'false' || (expression.type === 'type_identifier' && (expression.text === 'true' || expression.text === 'false'))) {
      return { kind: 'boolean', value: expression.text === 'true', range: rangeOf(expression) };
    }
    if (expression.type !== 'identifier' && expression.type !== 'selector_expression') return unknown(expression);
    const value = this.read(expression);
    return value.kind === 'boolean' ? value : unknown(expression);
  }

  /** A name of this file's package: a constant or variable written here, or in another file of the package. */
  private named(identifier: Node): Value {
    const name = identifier.text;
    const binding = this.file.binding(name);
    if (binding?.kind === 'value') return this.constant(identifier, binding.value, name);
    if (binding) return unknown(identifier);
    const symbol = this.file.project?.goSymbol?.(undefined, name);
    return symbol?.kind === 'value' ? usedAt(symbol.value, rangeOf(identifier), name) : unknown(identifier);
  }

  /** `pkg.Name`: a package-level value of another package of the module. */
  private imported(selector: Node): Value | undefined {
    const qualified = qualifiedName(selector);
    const importPath = qualified && this.file.imports.get(qualified.qualifier);
    if (!qualified || !importPath) return undefined;
    const symbol = this.file.project?.goSymbol?.(importPath, qualified.name);
    return symbol?.kind === 'value' ? usedAt(symbol.value, rangeOf(selector), selector.text) : undefined;
  }

  private constant(identifier: Node, value: Node, name: string): Value {
    if (this.depth >= MAX_DEPTH) return unknown(identifier);
    this.depth++;
    try {
      return usedAt(this.read(value), rangeOf(identifier), name);
    } finally {
      this.depth--;
    }
  }

  /** A composite literal's keyed fields; an SDK annotations struct's hints read as hints (`*bool` ones through their pointer). */
  private structLiteral(literal: Node): Value {
    const range = rangeOf(literal);
    const body = literal.childForFieldName('body');
    if (!body) return unknown(literal);
    const type = qualifiedName(literal.childForFieldName('type'));
    const sdk = type ? POINTER_FIELDS[this.file.imports.get(type.qualifier) ?? ''] : undefined;
    const pointerFields = sdk && sdk.type === type!.name ? sdk.fields : undefined;
    const elements = namedChildren(body).filter((element) => element.type !== 'comment');
    const keyed = elements.filter((element) => element.type === 'keyed_element');
    const entries: Entry[] = [];
    let pointerHelper: string | undefined;
    for (const element of keyed) {
      const keyNode = element.childForFieldName('key');
      const valueNode = element.childForFieldName('value');
      const key = keyNode && namedChildren(keyNode)[0];
      const written = valueNode && (namedChildren(valueNode)[0] ?? valueNode);
      if (!key || key.type !== 'identifier' || !written) continue;
      const isHint = pointerFields !== undefined && /Hint$/.test(key.text);
      const pointer = !!pointerFields?.includes(key.text);
      const value = isHint ? this.hint(written, pointer) : this.read(written);
      if (pointer && !pointerHelper && written.type === 'call_expression') pointerHelper = this.pointerHelperCall(written);
      entries.push({ key: key.text, keyRange: rangeOf(key), range: rangeOf(element), value, startOffset: element.startIndex, endOffset: element.endIndex });
    }
    const container = containerOf(body, keyed, 'struct');
    if (pointerFields) {
      container.pointerFields = pointerFields;
      container.pointerHelper = pointerHelper ?? this.importedPointerHelper();
    }
    const mapping: Value = { kind: 'mapping', entries, container, nonStringKeys: [], range };
    if (keyed.length !== elements.length) mapping.opaqueSpread = true;
    return mapping;
  }
}

export function unknown(node: Node): Value {
  return { kind: 'unknown', text: node.text.length > 80 ? `${node.text.slice(0, 77)}...` : node.text, range: rangeOf(node) };
}
