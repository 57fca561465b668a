import type { HintSpelling } from './data/fields';

/**
 * The declaration model every rule sees (rules.md, "The model every rule sees").
 *
 * Front ends (one per language) turn a syntax tree into `ToolDeclaration`s. They resolve
 * values within the file (constants, spreads, import aliases) into `Value` trees that keep
 * their source ranges; `interpret.ts` then reads those trees into the semantic
 * `metadata` / `annotations` fields. Nothing here knows about LSP or VS Code.
 */

/** 0-based line, 0-based UTF-16 column (the LSP default). */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type LanguageId = 'python' | 'typescript' | 'javascript' | 'go' | 'csharp';

export type DeclarationForm =
  | 'arcade-app-tool'
  | 'arcade-tool'
  | 'arcade-add-tool'
  | 'python-sdk-tool'
  | 'python-lowlevel-tool'
  | 'ts-object-literal'
  | 'ts-class'
  | 'ts-register-tool'
  | 'ts-server-tool'
  | 'fastmcp-add-tool'
  | 'go-sdk-tool'
  | 'mcp-go-new-tool'
  | 'csharp-mcp-server-tool'
  | 'csharp-command-metadata';

/**
 * Where to write new entries into a call's arguments, a dict or an object literal.
 * Fix builders read the document text between these offsets to keep the author's style.
 */
export interface Container {
  /** Offset just after the opening `(` or `{`. */
  openOffset: number;
  /** Offset of the closing `)` or `}`; undefined when the author has not typed it yet. */
  closeOffset?: number;
  /** The entries already present, in source order (ranges as offsets). */
  entryOffsets: Array<{ start: number; end: number }>;
  /**
   * `call` for Python keyword arguments, `dict` for Python dicts, `object` for JS/TS objects, `struct`
   * for a Go composite literal (`Key: value`), `options` for mcp-go's functional options (`mcp.WithKey(value)`),
   * `attribute` for a C# attribute's named arguments (`Key = value`).
   */
  syntax: 'call' | 'dict' | 'object' | 'struct' | 'options' | 'attribute';
  /** Go: the fields that hold a `*bool`, whose value is written through `pointerHelper` (`new`, `ptr.To`, `jsonschema.Ptr`). */
  pointerFields?: readonly string[];
  /** Go: the call that makes a `*bool` from a boolean here; undefined when none is in use. */
  pointerHelper?: string;
  /** mcp-go options: the package qualifier new options are written with (`mcp.`). */
  qualifier?: string;
}

/** One entry of a call, dict or object literal: `key=value`, `"key": value`, `key: value`. */
export interface Entry {
  key: string;
  keyRange: Range;
  /** The whole entry, from key to value. */
  range: Range;
  value: Value;
  /** Offsets of the entry, for removal fixes. */
  startOffset: number;
  endOffset: number;
  /** Set when the entry came from a spread or `**base` elsewhere: the spread's range in this container. */
  viaSpread?: Range;
}

interface ValueBase {
  /** Where the value is written. */
  range: Range;
  /**
   * Where the value is used by the tool, when it was written elsewhere (a module-level
   * constant or preset): the range of the identifier at the use site. Findings on such a
   * value are reported at `via`, with related information pointing at `range`.
   */
  via?: Range;
  /** The name of that constant or preset. */
  viaName?: string;
  /**
   * The absolute path of the file the value is written in, when it is not the analysed file (a
   * preset imported from another module). Its `range`, entry offsets and container are that file's.
   */
  file?: string;
}

export type Value =
  | (ValueBase & { kind: 'boolean'; value: boolean })
  | (ValueBase & { kind: 'null'; text: string })
  | (ValueBase & { kind: 'string'; value: string })
  | (ValueBase & { kind: 'number'; value: number; text: string })
  | (ValueBase & { kind: 'sequence'; sequence: 'list' | 'tuple' | 'set'; items: Value[] })
  | (ValueBase & {
      kind: 'mapping';
      entries: Entry[];
      container: Container;
      nonStringKeys: NonStringKey[];
      /** A spread (`**base`, `...base`) or computed key whose entries cannot be known: "missing" rules stay silent. */
      opaqueSpread?: boolean;
    })
  | (ValueBase & {
      kind: 'call';
      /** The callee as resolved through import aliases: `ToolMetadata`, `Behavior`, `ToolAnnotations`, ... or the text as written. */
      callee: string;
      calleeRange: Range;
      entries: Entry[];
      positional: Value[];
      container: Container;
      /** As for mappings: a `**kwargs` whose entries cannot be known. */
      opaqueSpread?: boolean;
    })
  | (ValueBase & { kind: 'enum-member'; enumName: 'ServiceDomain' | 'Operation'; member: string; memberRange: Range })
  /** A literal that is not JSON-safe in Arcade's extras check (bytes, a float NaN/inf, a datetime call). */
  | (ValueBase & { kind: 'foreign'; description: string })
  /** An expression the linter cannot evaluate statically: rules stay silent on it. */
  | (ValueBase & { kind: 'unknown'; text: string });

/** A dict key that is not a string (Arcade rejects these in extras). */
export interface NonStringKey {
  text: string;
  type: string;
  range: Range;
}

/** A flag or hint as the tool declares it. `null` is Python's `None` (Arcade's unset). */
export type FlagState = boolean | null | 'unknown' | 'invalid';

export interface FlagField {
  /** The key as written (`read_only`, `readOnlyHint`, `read_only_hint`). */
  key: string;
  state: FlagState;
  /** For `invalid` states, whether Arcade's lax parsing (or a lenient client) would coerce it, and to what. */
  coercedTo?: boolean;
  entry: Entry;
  value: Value;
}

export interface EnumItem {
  /** The member name, upper case (`EMAIL`), or the string as written for string items. */
  text: string;
  value: Value;
}

export interface BehaviorModel {
  /** The `Behavior(...)` call or the dict literal. */
  value: Value;
  operations?: { value: Value; items: EnumItem[] };
  readOnly?: FlagField;
  destructive?: FlagField;
  idempotent?: FlagField;
  openWorld?: FlagField;
}

export interface ClassificationModel {
  value: Value;
  serviceDomains?: { value: Value; items: EnumItem[] };
}

export interface MetadataModel {
  /** The `ToolMetadata(...)` call (or the dict an author passed by mistake). */
  value: Value;
  classification?: ClassificationModel;
  behavior?: BehaviorModel;
  extras?: Entry;
  strict?: FlagField;
}

export type HintName = 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint';

export interface AnnotationsModel {
  /** The annotations object, dict or `ToolAnnotations(...)` call. */
  value: Value;
  /** The entry that holds it (`annotations=...`, `annotations: {...}`), when there is one. */
  entry?: Entry;
  title?: Entry;
  hints: Partial<Record<HintName, FlagField>>;
  custom?: Entry;
  /** Vendor hints allowed in this form, such as FastMCP's `streamingHint`. */
  extraHints: FlagField[];
  /** How the keys are spelled when not camelCase: a compiled SDK's fields or options (data/fields.ts). */
  spelling?: HintSpelling;
}

/** One input parameter of a tool, as clients see it in the input schema. */
export interface ParameterDoc {
  name: string;
  /** Where it is declared: its name in the signature, its key in the schema. */
  range: Range;
  /** Its description as clients receive it, when it has one. */
  description?: string;
  /** The linter cannot tell whether it has one (a computed schema or annotation). */
  unknown?: boolean;
  /** Filled in by the SDK (a `Context`, FastMCP's `ctx`): not part of the tool's input. */
  injected?: boolean;
  /** May be filled in by the SDK (a C# parameter whose type may be a service of dependency injection): neither reported nor listed. */
  mayBeInjected?: boolean;
  /**
   * Where MTL403's fix writes a description: text inserted at an offset (`.describe("")`, a
   * docstring's Args entry), the cursor left at `cursor` in it (where the description is typed)...
   */
  describeAt?: { offset: number; text: string; cursor: number };
  /** ...or a JSON-schema property object that gets a `description` entry. */
  describeIn?: Container;
}

export interface KeyInfo {
  name: string;
  spelling: 'camel' | 'snake' | 'other';
  range: Range;
  duplicateOf?: Range;
}

export interface ToolDeclaration {
  /** The tool's name when known statically (Arcade: `name=` or the function name). */
  name?: string;
  nameValue?: Value;
  /** The function the decorator sits on, for Python tools. */
  functionName?: string;
  /** The tool-level title (`title=` on the decorator, `title` in registerTool's config or the tool object), not annotations.title. */
  title?: string;
  language: LanguageId;
  form: DeclarationForm;
  /** The whole declaration (decorated definition, call, object literal, class). */
  range: Range;
  /** Where MTL203 and tool-level findings sit: decorator callee, `registerTool` callee, `name` key, class name. */
  nameRange: Range;
  /**
   * Other places in this file that stand for the tool, besides `nameRange` and `nameValue`: the
   * function, method or class it is declared with (`def send_email`, `add_tool(send_email)`, a C#
   * method), a Go `mcp.Tool` literal's type. The tool card shows on each.
   */
  namedAt?: Range[];
  description?: string;
  /** Where the description is written (a docstring, `description=`, a `description` value), when it is. */
  descriptionValue?: Value;
  /**
   * `missing`: the tool has no description anywhere it could have one; `unknown`: it may have one
   * the linter cannot read (a computed value, a spread, a function defined elsewhere). Undefined when `description` holds it.
   */
  descriptionState?: 'missing' | 'unknown';
  parameters: string[];
  /** The tool's input parameters with their descriptions, where the front end reads them (MTL403, the tool card). */
  parameterDocs?: ParameterDoc[];
  /**
   * The description and parameters are those of a tool declared elsewhere in the file (a decorated
   * function registered again by `add_tool` with new metadata): MTL401–403 report them there.
   */
  documentedElsewhere?: boolean;
  /** Arcade's metadata, raw: what `metadata=` was given (for MTL209: a dict). */
  metadataValue?: Value;
  metadata?: MetadataModel;
  annotations?: AnnotationsModel;
  /** `meta=` on an Arcade decorator (MTL210). */
  meta?: Entry;
  /** Keyword arguments of the registration itself (`@app.tool(...)`), for duplicate-keyword checks. */
  registration?: Value;
  /** Where a missing `metadata=` / `annotations` entry would be inserted (MTL203's fix). */
  insertion?: InsertionPoint;
  keys: KeyInfo[];
  /** Arcade's toolkit name (the `MCPApp`'s `name=`), when known statically: tools/list names are `<Toolkit>_<ToolName>`. */
  toolkit?: string;
  /** Arcade `app.add_tool(fn, metadata=...)` on a function already decorated with `@tool` (MTL215). */
  metadataIgnored?: boolean;
  /**
   * The server object the tool is registered on (core/project/view.ts `ServerRef.key`), or a key of
   * the receiver as written when its server is not known; undefined for forms with no receiver.
   * MTL216 compares names per server.
   */
  server?: string;
  /**
   * Hints the SDK sends with their spec default when the author leaves them unset (mcp-go's
   * `NewTool` fills all four): clients receive them as declared, though nobody wrote them.
   */
  sentDefaults?: HintName[];
}

export type InsertionPoint =
  /** Add an entry to an existing call or object literal; `entries`, when given, are the entries to write (a compiled SDK's own spelling). */
  | { kind: 'container'; container: Container; style: 'arcade' | 'python-annotations' | 'ts-annotations' | 'go'; entries?: string[] }
  /** A bare decorator `@app.tool` (or C# attribute `[McpServerTool]`): append `(metadata=...)` (or `(entries)`) at `offset`. */
  | { kind: 'bare-decorator'; offset: number; style: 'arcade' | 'python-annotations' | 'csharp'; entries?: string[] };

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface TextEdit {
  range: Range;
  newText: string;
  /** The absolute path of the file edited, when it is not the analysed file (a preset in another module). */
  file?: string;
}

export interface Fix {
  title: string;
  edits: TextEdit[];
  isPreferred?: boolean;
  /** Safe to apply without review: on save, in `--fix` (only gap-filling and identical-duplicate removal). */
  safe: boolean;
  /**
   * Where the author types next once the fix is applied (an empty description it adds): the edit
   * and the index in its `newText` (not named `offset`: incremental analysis moves document
   * offsets by that name). The language server sends it as a snippet edit's cursor.
   */
  cursor?: { edit: number; index: number };
}

export interface RelatedInfo {
  range: Range;
  message: string;
  /** The absolute path of the file the range is in, when it is not the analysed file's. */
  file?: string;
}

export interface Finding {
  code: string;
  rule: string;
  severity: Severity;
  message: string;
  range: Range;
  related: RelatedInfo[];
  fixes: Fix[];
  /** The index of the declaration in the analysis result, when the finding belongs to one. */
  declarationIndex?: number;
  /** A path through the code that shows the finding (an effect's, from the tool's body to the effect): SARIF's code flow. */
  codeFlow?: RelatedInfo[];
}
