/**
 * The two Go declaration forms (rules.md, issue 24): go-sdk's `&mcp.Tool{Name: ..., Annotations:
 * &mcp.ToolAnnotations{...}}` and mcp-go's `mcp.NewTool(name, mcp.With...(...))`, also through a
 * project wrapper forwarding `...mcp.ToolOption`.
 */
import { Node } from 'web-tree-sitter';
import { HINTS, HintSpelling, MCP_GO_OPTIONS, SPEC_DEFAULTS, spelledKey } from '../../data/fields';
import { booleanInContainer } from '../../fixes/flag-fixes';
import { interpretAnnotations, lastEntry } from '../../interpret';
import { AnnotationsModel, Container, Entry, Range, ToolDeclaration, Value } from '../../model';
import { containerOf, rangeOf } from '../syntax';
import { describedBy } from '../descriptions';
import { GoBinding, GoWrapper } from './package';
import { goSdkParameters, mcpGoParameters } from './parameters';
import { callArguments, qualifiedName } from './syntax';
import { GoValueReader, unknown } from './values';
import { withFields } from '../../with-fields';

export interface GoFormContext {
  reader: GoValueReader;
  /** A package-level name of this file (the lookup is recorded: incremental analysis re-reads the tool when it changes). */
  binding(name: string): GoBinding | undefined;
  /** Local names of the go-sdk `mcp` package and of mcp-go's. */
  goSdk: ReadonlySet<string>;
  mcpGo: ReadonlySet<string>;
}

/** mcp-go's options that the model reads (the others, parameters and the like, are left alone). */
/** mcp-go's option names of the hints and the title, to the key their entry is read under (`readOnlyHint`, `title`). */
const ANNOTATION_OPTIONS = new Map(Object.entries(MCP_GO_OPTIONS).map(([key, option]) => [option, key]));
const HINT_OPTIONS = new Set(HINTS.map((hint) => MCP_GO_OPTIONS[hint]));
const READ_OPTIONS = new Set([...ANNOTATION_OPTIONS.keys(), 'WithDescription', 'WithToolTitle', 'WithToolAnnotation']);

/** A go-sdk `mcp.Tool` composite literal (`&mcp.Tool{...}` or `mcp.Tool{...}`) with its fields read. */
export function goSdkTool(literal: Node, context: GoFormContext): ToolDeclaration | undefined {
  const fields = context.reader.read(literal);
  if (fields.kind !== 'mapping') return undefined;
  const field = (key: string): Entry | undefined => lastEntry(fields.entries, key);
  const name = field('Name');
  const title = field('Title')?.value;
  const description = field('Description')?.value;
  const qualifier = qualifiedName(literal.childForFieldName('type'))?.qualifier ?? 'mcp';
  const declaration: ToolDeclaration = {
    name: name?.value.kind === 'string' ? name.value.value : undefined,
    nameValue: name?.value,
    title: title?.kind === 'string' ? title.value : undefined,
    language: 'go',
    form: 'go-sdk-tool',
    range: rangeOf(literal),
    nameRange: name?.keyRange ?? rangeOf(literal.childForFieldName('type') ?? literal),
    namedAt: [rangeOf(literal.childForFieldName('type') ?? literal)],
    parameters: [],
    keys: [],
    ...describedBy(description, 'missing'),
  };
  const parameters = goSdkParameters(literal, !!field('InputSchema'), context);
  if (parameters) declaration.parameterDocs = parameters;
  const annotations = field('Annotations');
  if (annotations && annotations.value.kind !== 'null') {
    declaration.annotations = annotationsOf(annotations.value, annotations, 'go-struct');
    // go-sdk v1.7.0 and later serialize these two plain bools even when false (mcp-annotations.md 2.6).
    declaration.sentDefaults = ['readOnlyHint', 'idempotentHint'];
  } else if (!fields.opaqueSpread) {
    const container = fields.container;
    const helper = firstPointerHelper(fields) ?? context.reader.importedPointerHelper();
    declaration.insertion = { kind: 'container', container, style: 'go', entries: [`Annotations: ${pessimisticStruct(qualifier, helper)}`] };
  }
  return declaration;
}

/** An `Annotations` value: a struct literal read with the SDK's spelling, or unknown hints for anything computed. */
function annotationsOf(value: Value, entry: Entry | undefined, spelling: HintSpelling): AnnotationsModel {
  if (value.kind === 'mapping' || value.kind === 'call') return interpretAnnotations(value, entry, { snakeCase: false, vendorHints: false, spelling });
  const unknownHints = HINTS.map((hint): Entry => ({ key: spelledKey(spelling, hint), keyRange: value.range, range: value.range, value: { kind: 'unknown', text: '', range: value.range }, startOffset: -1, endOffset: -1, viaSpread: value.range }));
  const model = interpretAnnotations({ kind: 'mapping', entries: unknownHints, container: { openOffset: -1, entryOffsets: [], syntax: 'struct' }, nonStringKeys: [], range: value.range }, entry, { snakeCase: false, vendorHints: false, spelling });
  return withFields(model, { value });
}

/** The pointer helper the tool's own fields use, if any (for the annotations a fix writes). */
function firstPointerHelper(fields: Value): string | undefined {
  return fields.kind === 'mapping' ? fields.entries.map((entry) => containerHelper(entry.value)).find((helper) => helper) : undefined;
}

function containerHelper(value: Value): string | undefined {
  return value.kind === 'mapping' ? value.container.pointerHelper : undefined;
}

/** `&mcp.ToolAnnotations{...}` with the spec's pessimistic values; the `*bool` ones only with a pointer helper. */
function pessimisticStruct(qualifier: string, helper: string | undefined): string {
  const container: Container = { openOffset: 0, entryOffsets: [], syntax: 'struct', pointerFields: ['DestructiveHint', 'OpenWorldHint'], pointerHelper: helper };
  const fields = HINTS.flatMap((hint) => {
    const key = spelledKey('go-struct', hint);
    const text = booleanInContainer(container, SPEC_DEFAULTS[hint], key);
    return text === undefined ? [] : [`${key}: ${text}`];
  });
  return `&${qualifier}.ToolAnnotations{${fields.join(', ')}}`;
}

/**
 * An mcp-go tool: `mcp.NewTool(name, options...)`, or a wrapper's call (its name, description and
 * options at the wrapper's parameters). A call forwarding options it was given (`opts...`) is a
 * wrapper's own body, not a tool.
 */
export function mcpGoTool(call: Node, context: GoFormContext, wrapper?: GoWrapper): ToolDeclaration | undefined {
  const callee = call.childForFieldName('function');
  const argumentList = call.childForFieldName('arguments');
  if (!callee || !argumentList) return undefined;
  const args = callArguments(call);
  if (args.some((argument) => argument.type === 'variadic_argument')) return undefined;
  const nameArgument = wrapper ? args[wrapper.nameIndex] : args[0];
  const options = wrapper ? args.slice(wrapper.optionsIndex) : args.slice(1);
  const reader = context.reader;
  const nameValue = nameArgument ? reader.read(nameArgument) : undefined;
  const qualifier = [...context.mcpGo][0];
  const { entries, opaque } = optionEntries(options, context);
  const option = (key: string) => lastEntry(entries, key);
  const descriptionValue = option('WithDescription')?.value ?? (wrapper && wrapper.descriptionIndex >= 0 && args[wrapper.descriptionIndex] ? reader.read(args[wrapper.descriptionIndex]) : undefined);
  const titleValue = option('WithToolTitle')?.value;
  const container: Container = withFields(containerOf(argumentList, args, 'options'), { qualifier: qualifier ? `${qualifier}.` : '' });
  const declaration: ToolDeclaration = {
    name: nameValue?.kind === 'string' ? nameValue.value : undefined,
    nameValue,
    title: titleValue?.kind === 'string' ? titleValue.value : undefined,
    language: 'go',
    form: 'mcp-go-new-tool',
    range: rangeOf(call),
    nameRange: rangeOf(callee),
    parameters: [],
    keys: [],
    // A wrapper may describe the tool itself; an option the linter cannot read may too.
    ...describedBy(descriptionValue, wrapper || opaque ? 'unknown' : 'missing'),
  };
  const parameters = opaque ? undefined : mcpGoParameters(options, context);
  if (parameters) declaration.parameterDocs = parameters;
  const value: Value = { kind: 'call', callee: callee.text, calleeRange: rangeOf(callee), entries, positional: [], container, range: rangeOf(call), ...(opaque ? { opaqueSpread: true } : {}) };
  declaration.registration = value;
  const struct = option('WithToolAnnotation');
  if (struct) {
    // The struct replaces the one NewTool filled with the defaults: its unset pointers are omitted.
    declaration.annotations = annotationsOf(struct.value, struct, 'go-struct');
  } else if (opaque || entries.some((entry) => ANNOTATION_OPTIONS.has(MCP_GO_OPTIONS[entry.key as keyof typeof MCP_GO_OPTIONS]))) {
    declaration.annotations = annotationsOf(value, undefined, 'mcp-go-options');
    declaration.sentDefaults = [...HINTS];
  } else {
    declaration.sentDefaults = [...HINTS];
    declaration.insertion = { kind: 'container', container, style: 'go', entries: HINTS.map((hint) => `${container.qualifier}${MCP_GO_OPTIONS[hint]}(${SPEC_DEFAULTS[hint]})`) };
  }
  return declaration;
}

/**
 * The options the model reads, one entry each (the key is the option's name, the value its argument);
 * an argument that is not an option call (a variable, a helper's result) may set any hint.
 */
function optionEntries(options: readonly Node[], context: GoFormContext): { entries: Entry[]; opaque: boolean } {
  const entries: Entry[] = [];
  let opaque = false;
  for (const option of options) {
    const callee = option.type === 'call_expression' ? qualifiedName(option.childForFieldName('function')) : undefined;
    if (!callee || !context.mcpGo.has(callee.qualifier)) {
      opaque = true;
      const range = rangeOf(option);
      for (const hint of HINTS) entries.push(unknownEntry(spelledKey('mcp-go-options', hint), range));
      continue;
    }
    if (!READ_OPTIONS.has(callee.name)) continue;
    const argument = callArguments(option)[0];
    const field = option.childForFieldName('function')!.childForFieldName('field')!;
    const value = !argument ? unknown(option) : HINT_OPTIONS.has(callee.name) ? context.reader.hint(argument, false) : context.reader.read(argument);
    entries.push({ key: ANNOTATION_OPTIONS.get(callee.name) ?? callee.name, keyRange: rangeOf(field), range: rangeOf(option), value, startOffset: option.startIndex, endOffset: option.endIndex });
  }
  return { entries, opaque };
}

function unknownEntry(key: string, range: Range): Entry {
  return { key, keyRange: range, range, value: { kind: 'unknown', text: '', range }, startOffset: -1, endOffset: -1, viaSpread: range };
}

