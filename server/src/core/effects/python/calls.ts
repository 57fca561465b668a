/**
 * What one Python call does, read against the tables (core/data/effects/python.ts): a library
 * call is a leaf whose effect the tables give; a call of a function or method of the project is a
 * call site, resolved when a tool's effects are propagated; anything else is unknown.
 */
import { Node } from 'web-tree-sitter';
import { PYTHON_EFFECTS } from '../../data/effects/python';
import { FunctionRow, ProcessRow } from '../../data/effects/types';
import { rangeOf } from '../../frontends/syntax';
import { Range } from '../../model';
import { shorten } from '../../rules/rule';
import { commandWord, SummaryBuilder } from '../builder';
import { argumentFlow } from '../conditions';
import { Known } from '../known';
import { httpCall, KnownArgs, libraryMethod } from '../library';
import { ArgumentFlow, CalleeRef } from '../summary';
import { PythonValues, Scope } from './values';
import { argumentsOf, CallArguments, literalTruth } from './call-syntax';
import { inModules, lastSegment, matchesPath, parentPath } from '../dotted-paths';
import { withFields } from '../../with-fields';

const TABLES = PYTHON_EFFECTS;
const OPEN_FUNCTIONS = ['open', 'io.open', 'codecs.open', 'aiofiles.open', 'gzip.open', 'bz2.open', 'lzma.open'];
const DJANGO_WRITES: Readonly<Record<string, 'write' | 'delete'>> = { create: 'write', bulk_create: 'write', get_or_create: 'write', update_or_create: 'write', bulk_update: 'write', update: 'write', delete: 'delete' };

interface CallContext {
  call: Node;
  args: CallArguments;
  scope: Scope;
  builder: SummaryBuilder;
  /** How a path names the call: the callee as written (`store.delete_watch`, `subprocess.run`), without `self.`. */
  label: string;
  range: Range;
}

function rowOf<Row extends FunctionRow>(rows: readonly Row[], path: string): Row | undefined {
  return rows.find((row) => matchesPath(path, row.functions));
}

export class PythonCalls {
  constructor(private readonly values: PythonValues) {}

  onCall(call: Node, scope: Scope, builder: SummaryBuilder): void {
    const callee = call.childForFieldName('function');
    if (!callee) return;
    builder.summary.callCount++;
    const context: CallContext = { call, args: argumentsOf(call), scope, builder, label: shorten(callee.text.replace(/^self\./, ''), 30), range: rangeOf(callee) };
    if (callee.type === 'attribute') this.onMethodCall(callee, context);
    else if (callee.type === 'identifier') this.onNameCall(callee, context);
    else builder.unknown();
  }

  private onMethodCall(callee: Node, context: CallContext): void {
    const receiver = callee.childForFieldName('object')!;
    const method = callee.childForFieldName('attribute')?.text ?? '';
    const { scope, builder } = context;
    if (receiver.type === 'identifier' && receiver.text === 'self' && scope.className) {
      builder.call({ kind: 'method', class: { name: scope.className }, method }, context.label, context.range, this.flows(context));
      return;
    }
    const value = this.values.valueOf(receiver, scope);
    // A library method's effect is named by the method alone (`write_text`, `execute`).
    if (value.lib) return this.onLibraryMethod(value, method, withFields(context, { label: method }));
    if (value.cls) return builder.call({ kind: 'method', class: value.cls, method }, context.label, context.range, this.flows(context));
    if (value.singleton) return builder.call({ kind: 'singleton', ...value.singleton, method }, context.label, context.range, this.flows(context), this.knownArgs(context));
    const path = this.values.module.resolvePath(callee);
    const head = path?.split('.')[0] ?? '';
    if (path && !scope.locals.has(head) && (path.startsWith('.') || path !== callee.text || this.values.module.importsAny([head]))) return this.onPathCall(path, context);
    const django = DJANGO_WRITES[method];
    if (django && /\.objects\b/.test(receiver.text)) return builder.change(django, django === 'delete' ? 'deletes rows through the ORM' : 'writes rows through the ORM', context.label, context.range);
    if (value.text !== undefined || TABLES.pureMethods.includes(method)) return;
    builder.unknown();
  }

  private onNameCall(callee: Node, context: CallContext): void {
    const name = callee.text;
    const { scope, builder } = context;
    const local = scope.locals.get(name) ?? this.values.globals.get(name);
    if (local?.lib === 'orm-factory') return;
    if (scope.locals.has(name)) return builder.unknown();
    if (this.values.functions.has(name)) return builder.call({ kind: 'function', name }, context.label, context.range, this.flows(context));
    if (this.values.classes.has(name)) return builder.call({ kind: 'method', class: { name }, method: '__init__' }, context.label, context.range, this.flows(context));
    const path = this.values.module.resolvePath(callee) ?? name;
    this.onPathCall(path, context);
  }

  /** A call named by its path after import aliases: a library function from the tables, or an imported function of the project. */
  private onPathCall(path: string, context: CallContext): void {
    const { builder, args, scope, label, range } = context;
    const first = () => this.values.valueOf(args.positional[0], scope);
    if (inModules(path, TABLES.telemetryModules)) return;
    if (matchesPath(path, OPEN_FUNCTIONS)) return this.onOpen(args.positional[0], args.positional[1] ?? args.keywords.get('mode'), context);
    const file = rowOf(TABLES.fileFunctions, path);
    if (file) {
      if (!first().tmp) builder.change(file.kind, file.what, label, range);
      return;
    }
    const statement = rowOf(TABLES.statementBuilders, path);
    if (statement) return builder.change(statement.kind, statement.what, label, range);
    if (path in TABLES.httpFunctions) return httpCall(TABLES.httpFunctions[path], undefined, this.knownArgs(context), builder, label, range);
    const message = rowOf(TABLES.messageFunctions, path);
    if (message) return builder.change(message.kind, message.what, label, range);
    const process = TABLES.processFunctions.find((row) => matchesPath(path, row.functions));
    if (process) return this.onProcess(process.takes, context);
    if (matchesPath(path, TABLES.evalFunctions)) return builder.evaluate(first(), label, range);
    if (TABLES.types.some((row) => matchesPath(path, row.constructors))) return;
    // A vendor SDK's module function (`stripe.Customer.create`); its classes (`botocore.config.Config`) only make objects.
    const sdk = TABLES.sdkModules.find((module) => path === module || path.startsWith(`${module}.`));
    if (sdk) return /^[a-z_]/.test(lastSegment(path)) ? builder.sdk(sdk, lastSegment(path), label, range) : undefined;
    if (inModules(path, TABLES.pureModules) || TABLES.pureFunctions.includes(path)) return;
    if (!path.includes('.')) return builder.unknown();
    const name = lastSegment(path);
    const callee: CalleeRef = /^_?[A-Z]/.test(name) ? { kind: 'method', class: { module: parentPath(path), name }, method: '__init__' } : { kind: 'function', module: parentPath(path), name };
    builder.call(callee, label, range, this.flows(context));
  }

  /** A method of a library value (library.ts), its arguments read here. */
  private onLibraryMethod(value: Known, method: string, context: CallContext): void {
    libraryMethod(TABLES, value, method, this.knownArgs(context), context.builder, context.label, context.range);
  }

  /** The arguments as known values. */
  private knownArgs(context: CallContext): KnownArgs {
    const { args, scope } = context;
    return {
      positional: args.positional.map((node) => this.values.valueOf(node, scope)),
      keywords: new Map([...args.keywords].map(([name, node]) => [name, this.values.valueOf(node, scope)])),
    };
  }

  /** `open(path, "w")`: a write unless the path is temporary or a `.log` file appended to. */
  private onOpen(file: Node | undefined, mode: Node | undefined, context: CallContext): void {
    const modeText = mode ? this.values.valueOf(mode, context.scope).text : undefined;
    if (!modeText || !/[wax+]/.test(modeText)) return;
    const target = this.values.valueOf(file, context.scope);
    if (target.tmp || (modeText.includes('a') && target.text?.endsWith('.log'))) return;
    context.builder.change('write', 'writes a file', context.label, context.range);
  }

  private onProcess(takes: ProcessRow['takes'], context: CallContext): void {
    const { args, scope, builder, label, range } = context;
    const command = args.positional[0] ?? args.keywords.get('args') ?? args.keywords.get('cmd');
    const shell = takes === 'shell' || args.keywords.get('shell')?.type === 'true';
    if (shell) return builder.process(undefined, this.values.valueOf(command, scope), label, range);
    const given = takes === 'varargs' ? args.positional.map((item) => this.values.valueOf(item, scope)) : command ? [this.values.valueOf(command, scope)] : [];
    const items = given.length === 1 && given[0].items ? given[0].items : given;
    builder.process(items.map(commandWord), undefined, label, range);
  }

  /** What the call passes to each of the callee's parameters. */
  private flows(context: CallContext): ArgumentFlow[] {
    const { args, scope, builder } = context;
    const flow = (node: Node, at: { position: number; keyword?: string }) => argumentFlow(this.values.valueOf(node, scope), builder.guarded, at, literalTruth(node));
    return [
      ...args.positional.map((node, position) => flow(node, { position })),
      ...[...args.keywords].map(([keyword, node], index) => flow(node, { position: args.positional.length + index, keyword })),
    ];
  }
}
