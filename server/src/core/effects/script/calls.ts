/**
 * What one TS/JS call (or `new`) does, read against the tables (core/data/effects/script.ts): a
 * library call is a leaf whose effect the tables give; a call of a function or method of the
 * project is a call site, resolved when a tool's effects are propagated; anything else is unknown.
 */
import { Node } from 'web-tree-sitter';
import { SCRIPT_EFFECTS } from '../../data/effects/script';
import { ProcessRow } from '../../data/effects/types';
import { namedChildrenOf, rangeOf, stringValue } from '../../frontends/typescript/syntax';
import { Range } from '../../model';
import { shorten } from '../../rules/rule';
import { CommandWord, commandWord, SummaryBuilder } from '../builder';
import { argumentFlow } from '../conditions';
import { verbChange } from '../classify';
import { joinTexts, Known } from '../known';
import { httpCall, KnownArgs, libraryMethod } from '../library';
import { ArgumentFlow } from '../summary';
import { matchesPath } from '../dotted-paths';
import { callArgumentNodes, isProjectSpecifier, literalTruth, unwrap } from './syntax';
import { ScriptScope, ScriptValues } from './values';
import { withFields } from '../../with-fields';

const TABLES = SCRIPT_EFFECTS;

interface CallContext {
  args: Node[];
  scope: ScriptScope;
  builder: SummaryBuilder;
  label: string;
  range: Range;
  /** A tagged template (`sql\`...\``): its substitutions are bind parameters, not text. */
  tagged: boolean;
}

function inModules(path: string, modules: readonly string[]): boolean {
  return modules.some((module) => path === module || path.startsWith(`${module}.`) || path.startsWith(`${module}/`));
}

export class ScriptCalls {
  constructor(private readonly values: ScriptValues) {}

  onCall(call: Node, scope: ScriptScope, builder: SummaryBuilder): void {
    const callee = call.childForFieldName(call.type === 'new_expression' ? 'constructor' : 'function');
    if (!callee) return;
    builder.summary.callCount++;
    const bare = unwrap(callee);
    const context: CallContext = {
      args: callArgumentNodes(call), scope, builder, label: shorten(bare.text.replace(/^this\./, '').replace(/\s+/g, ''), 30), range: rangeOf(callee),
      tagged: call.childForFieldName('arguments')?.type === 'template_string',
    };
    if (call.type === 'new_expression') return this.onNew(bare, context);
    if (bare.type === 'member_expression') return this.onMethodCall(bare, context);
    if (bare.type === 'identifier') return this.onNameCall(bare, context);
    if (bare.type !== 'import') builder.unknown();
  }

  private onNew(constructor: Node, context: CallContext): void {
    const { builder, label, range } = context;
    const path = this.values.resolvePath(constructor, context.scope);
    if (path?.startsWith('@aws-sdk/') && path.endsWith('Command')) {
      const name = path.slice(path.lastIndexOf('.') + 1, -'Command'.length);
      const change = verbChange(name);
      if (change) builder.change(change, change === 'delete' ? 'deletes through an SDK' : 'writes through an SDK', name, range);
      builder.effect('external', 'calls a vendor SDK', label, range, { module: path.slice(0, path.indexOf('.')), short: path.slice(0, path.indexOf('.')) });
      return;
    }
    if (path && matchesPath(path, TABLES.evalFunctions)) return builder.evaluate(this.code(context), label, range);
    if (path && TABLES.types.some((row) => matchesPath(path, row.constructors))) return;
    const cls = this.values.classRef(constructor);
    if (cls) return builder.call({ kind: 'method', class: cls, method: 'constructor' }, label, range, this.flows(context));
    if (path && (inModules(path, TABLES.pureModules) || TABLES.pureFunctions.includes(path))) return;
    builder.unknown();
  }

  private onMethodCall(callee: Node, context: CallContext): void {
    const { scope, builder } = context;
    const object = unwrap(callee.childForFieldName('object') ?? callee);
    const method = callee.childForFieldName('property')?.text ?? '';
    if (object.type === 'this' && scope.className) return builder.call({ kind: 'method', class: { name: scope.className }, method }, context.label, context.range, this.flows(context));
    const value = this.values.valueOf(object, scope);
    if (value.lib) return this.onLibrary(value, method, withFields(context, { label: method }));
    if (value.cls) return builder.call({ kind: 'method', class: value.cls, method }, context.label, context.range, this.flows(context));
    if (value.singleton) return builder.call({ kind: 'singleton', ...value.singleton, method }, context.label, context.range, this.flows(context), this.knownArgs(context));
    const path = this.values.resolvePath(callee, scope);
    const head = object.type === 'identifier' ? object.text : undefined;
    if (path && (!head || this.values.imports.has(head) || !this.values.globals.has(head))) {
      const imported = head ? this.values.imports.get(head) : undefined;
      // `import * as store from "./store"`: a function of that module.
      if (imported?.name === '*' && isProjectSpecifier(imported.specifier)) return builder.call({ kind: 'function', module: imported.specifier, name: method }, context.label, context.range, this.flows(context));
      if (this.onPath(path, context)) return;
    }
    if (TABLES.pureMethods.includes(method) || value.text !== undefined) return;
    builder.unknown();
  }

  private onNameCall(callee: Node, context: CallContext): void {
    const name = callee.text;
    const { scope, builder } = context;
    const local = scope.locals.get(name) ?? this.values.globals.get(name);
    if (local?.lib) return this.onLibrary(local, '', context);
    if (scope.locals.has(name)) return builder.unknown();
    if (this.values.functions.has(name)) return builder.call({ kind: 'function', name }, context.label, context.range, this.flows(context));
    const imported = this.values.imports.get(name);
    const path = this.values.resolvePath(callee, scope);
    if (path && this.onPath(path, context)) return;
    if (imported && isProjectSpecifier(imported.specifier)) return builder.call({ kind: 'function', module: imported.specifier, name: imported.name === '*' ? name : imported.name }, context.label, context.range, this.flows(context));
    builder.unknown();
  }

  /** A call named by its path: a library function from the tables. Whether the path said what the call is. */
  private onPath(path: string, context: CallContext): boolean {
    const { builder, label, range } = context;
    if (inModules(path, TABLES.telemetryModules)) return true;
    const file = TABLES.fileFunctions.find((row) => matchesPath(path, row.functions));
    if (file) {
      if (!this.values.valueOf(context.args[0], context.scope).tmp) builder.change(file.kind, file.what, label, range);
      return true;
    }
    if (path === 'fs.open' || path === 'fs.openSync') {
      const flags = this.values.valueOf(context.args[1], context.scope).text;
      if (flags && /[wa+]/.test(flags) && !this.values.valueOf(context.args[0], context.scope).tmp) builder.change('write', 'writes a file', label, range);
      return true;
    }
    if (path in TABLES.httpFunctions) {
      httpCall(TABLES.httpFunctions[path], undefined, this.knownArgs(context), builder, label, range);
      return true;
    }
    const message = TABLES.messageFunctions.find((row) => matchesPath(path, row.functions));
    if (message) {
      builder.change(message.kind, message.what, label, range);
      return true;
    }
    const process = TABLES.processFunctions.find((row) => matchesPath(path, row.functions));
    if (process) {
      this.onProcess(process.takes, context);
      return true;
    }
    if (matchesPath(path, TABLES.evalFunctions)) {
      builder.evaluate(this.code(context), label, range);
      return true;
    }
    if (TABLES.types.some((row) => matchesPath(path, row.constructors))) return true;
    const sdk = TABLES.sdkModules.find((module) => inModules(path, [module]));
    if (sdk) {
      // A vendor SDK's module function; its classes only make objects.
      const name = path.slice(path.lastIndexOf('.') + 1);
      if (/^[a-z_$]/.test(name)) builder.sdk(sdk, name, label, range);
      return true;
    }
    return inModules(path, TABLES.pureModules) || TABLES.pureFunctions.includes(path);
  }

  /** A method of a library value (library.ts); a tagged template on a SQL client (`sql\`...\``) runs its text with bind parameters. */
  private onLibrary(value: Known, method: string, context: CallContext): void {
    if (context.tagged) {
      const text = this.templateText(context.args[0]);
      if (!method || TABLES.sqlExecutors[value.lib!]?.includes(method)) context.builder.sql({ text }, method || context.label, context.range, value.readOnly);
      return;
    }
    if (!method) {
      if (value.lib === 'http') httpCall('GET?', value.host, this.knownArgs(context), context.builder, context.label, context.range);
      return;
    }
    libraryMethod(TABLES, value, method, this.knownArgs(context), context.builder, context.label, context.range);
  }

  /** A tagged template's text with its substitutions as `?` (they are bound, not interpolated). */
  private templateText(template: Node | undefined): string {
    return namedChildrenOf(template ?? ({} as Node)).map((child) => (child.type === 'template_substitution' ? '?' : child.text)).join('');
  }

  /** The code `eval`, `new Function`, `vm.*` evaluate: the last argument of `Function`, the first of the others. */
  private code(context: CallContext): Known {
    return this.values.valueOf(context.label === 'Function' ? context.args.at(-1) : context.args[0], context.scope);
  }

  /** The arguments as known values; an options object's properties are also keywords (`fetch(url, { method })`, or an object a variable holds). */
  private knownArgs(context: CallContext): KnownArgs {
    const positional = context.args.map((argument) => this.values.valueOf(argument, context.scope));
    const keywords = new Map<string, Known>();
    for (const value of positional) for (const [name, field] of Object.entries(value.fields ?? {})) keywords.set(name, field);
    return { positional, keywords };
  }

  private onProcess(takes: ProcessRow['takes'], context: CallContext): void {
    const { args, scope, builder, label, range } = context;
    const word = (node: Node): CommandWord => commandWord(this.values.valueOf(node, scope));
    // An argument list's words: an array written there, or one a variable or a caller's literal holds.
    const elements = (node: Node | undefined): CommandWord[] => {
      const value = node ? this.values.valueOf(node, scope) : undefined;
      return value?.items?.map(commandWord) ?? (value?.params ? [{ params: value.params }] : []);
    };
    if (context.tagged) {
      // zx / execa `$\`git push ${branch}\``: each substitution is one argument; the command is what comes first.
      const template = args[0];
      const parts = namedChildrenOf(template ?? ({} as Node));
      const first = parts[0];
      if (first?.type === 'template_substitution') return builder.process([word(namedChildrenOf(first)[0])], undefined, label, range);
      return builder.process(undefined, { text: joinTexts(parts.map((part) => (part.type === 'template_substitution' ? {} : { text: part.text }))) }, label, range);
    }
    if (takes === 'shell') return builder.process(undefined, this.values.valueOf(args[0], scope), label, range);
    if (takes === 'argv') return builder.process(elements(args[0]), undefined, label, range);
    builder.process(args[0] ? [word(args[0]), ...elements(args[1])] : [], undefined, label, range);
  }

  /** What the call passes to each of the callee's parameters. */
  private flows(context: CallContext): ArgumentFlow[] {
    const { args, scope, builder } = context;
    return args.map((node, position) => argumentFlow(this.values.valueOf(node, scope), builder.guarded, { position }, literalTruth(node)));
  }
}
