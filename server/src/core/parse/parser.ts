import * as fs from 'node:fs';
import * as path from 'node:path';
import { Language, ParseOptions, Parser, Range, Tree } from 'web-tree-sitter';
import { LanguageId } from '../model';
import { SourceText } from '../source-text';
import { EmscriptenModule, useInt32HeapAccess } from './heap-access';
import { readTextFrom, useDirectNodeText } from './node-text';

/** Grammar used for a document: TSX needs its own grammar, JSX parses with JavaScript's. */
export type GrammarId = 'python' | 'typescript' | 'tsx' | 'javascript' | 'go' | 'csharp';

const GRAMMAR_FILES: Record<GrammarId, string> = {
  python: 'tree-sitter-python.wasm',
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript.wasm',
  go: 'tree-sitter-go.wasm',
  csharp: 'tree-sitter-c_sharp.wasm',
};

const RUNTIME_FILE = 'tree-sitter.wasm';

/**
 * The folder holding the `.wasm` files: next to the bundle (`dist/`), or up to two folders
 * up for bundles built into subfolders of `dist/` (tests, tools).
 */
export function findWasmDir(): string {
  const candidates = [process.env.MCP_TOOL_LINT_WASM_DIR, __dirname, path.join(__dirname, '..'), path.join(__dirname, '..', '..')];
  for (const dir of candidates) {
    if (dir && fs.existsSync(path.join(dir, RUNTIME_FILE)) && fs.existsSync(path.join(dir, GRAMMAR_FILES.python))) {
      return dir;
    }
  }
  throw new Error(`mcp-tool-lint: cannot find ${RUNTIME_FILE} and the grammar files next to ${__dirname}; run "npm run build".`);
}

export const ALL_GRAMMARS: readonly GrammarId[] = Object.keys(GRAMMAR_FILES) as GrammarId[];

/** The TypeScript / JavaScript grammars: one front end reads them all, and their modules import each other. */
export const SCRIPT_GRAMMARS: readonly GrammarId[] = ['typescript', 'tsx', 'javascript'];

let initialised: Promise<void> | undefined;
const languages = new Map<GrammarId, Promise<Language>>();
const parsers = new Map<GrammarId, Parser>();

/**
 * The runtime and grammars compiled once, for worker threads to instantiate instead of compiling
 * them again (a WebAssembly.Module passes to a worker in its `workerData`): the CLI's worker took
 * 300-400 ms to compile its grammars while the main thread linted, against 60 ms on the main thread
 * before it starts.
 */
export interface CompiledWasm {
  runtime: WebAssembly.Module;
  grammars: Partial<Record<GrammarId, WebAssembly.Module>>;
}

let compiled: CompiledWasm | undefined;

/** Compiles the runtime and `grammars` from their files, all at once. */
export async function compileWasm(grammars: Iterable<GrammarId>): Promise<CompiledWasm> {
  const dir = findWasmDir();
  const compile = async (file: string, what: string) => {
    const location = path.join(dir, file);
    try {
      return await WebAssembly.compile(fs.readFileSync(location));
    } catch (error) {
      throw new Error(`mcp-tool-lint: cannot load ${what} from ${location}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const ids = [...new Set(grammars)];
  const [runtime, ...modules] = await Promise.all([compile(RUNTIME_FILE, 'the tree-sitter runtime'), ...ids.map((grammar) => compile(GRAMMAR_FILES[grammar], `the ${grammar} grammar`))]);
  return { runtime, grammars: Object.fromEntries(ids.map((grammar, index) => [grammar, modules[index]])) };
}

/** Makes this thread instantiate these modules instead of compiling the files; false (and nothing changes) once the runtime is loaded. */
export function useCompiledWasm(modules: CompiledWasm): boolean {
  if (initialised) return false;
  compiled = modules;
  return true;
}

type InstantiateWasm = (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
type LoadWasmModule = (binary: Uint8Array | WebAssembly.Module, ...rest: unknown[]) => unknown;
type RuntimeModule = EmscriptenModule & { locateFile: (file: string) => string; instantiateWasm?: InstantiateWasm; loadWebAssemblyModule?: LoadWasmModule };

/**
 * Per grammar, a stand-in for its file's bytes: `Language.load` hands them to emscripten's
 * `loadWebAssemblyModule` (looked up on the module object at each call), which takes a compiled
 * module as well, and gets that instead.
 */
const compiledStandIns = new WeakMap<Uint8Array, WebAssembly.Module>();

/** Loads the tree-sitter runtime (`tree-sitter.wasm`) once; the grammars need it. */
export function initParserRuntime(): Promise<void> {
  if (!initialised) {
    try {
      const runtime = compiled?.runtime;
      // Given the compiled runtime, the files are not looked for (a worker may not see them).
      const dir = runtime ? '' : findWasmDir();
      const module: RuntimeModule = { locateFile: (file: string) => path.join(dir, file) };
      // Emscripten waits for `done` and has no way to be told of a failure: that ends the wait instead.
      let instantiation: Promise<never> = new Promise(() => undefined);
      if (runtime) {
        instantiation = new Promise<never>((_, reject) => {
          module.instantiateWasm = (imports, done) => {
            WebAssembly.instantiate(runtime, imports).then((instance) => done(instance, runtime), reject);
            return {};
          };
        });
      }
      initialised = Promise.race([Parser.init(module), instantiation]).then(() => {
        useInt32HeapAccess(module);
        useDirectNodeText();
        const load = module.loadWebAssemblyModule;
        if (load) module.loadWebAssemblyModule = (binary, ...rest) => load((binary instanceof Uint8Array && compiledStandIns.get(binary)) || binary, ...rest);
      });
    } catch (error) {
      initialised = Promise.reject(error);
    }
  }
  return initialised;
}

/** The bytes to give `Language.load`: a stand-in for the compiled module when there is one, else the file's. */
function grammarBytes(grammar: GrammarId, file: string): Uint8Array {
  const module = compiled?.grammars[grammar];
  if (!module) return fs.readFileSync(file);
  const standIn = new Uint8Array(0);
  compiledStandIns.set(standIn, module);
  return standIn;
}

/**
 * Loads one grammar once (and the runtime first), so that `parse` can use it synchronously.
 * Each grammar is loaded only when asked for: a Python file never waits for the TSX grammar.
 * A failed load stays failed (the same rejected promise), with a message naming the file.
 */
export function loadGrammar(grammar: GrammarId): Promise<Language> {
  let language = languages.get(grammar);
  if (!language) {
    language = initParserRuntime().then(async () => {
      const file = compiled?.grammars[grammar] ? GRAMMAR_FILES[grammar] : path.join(findWasmDir(), GRAMMAR_FILES[grammar]);
      let loaded: Language;
      try {
        loaded = await Language.load(grammarBytes(grammar, file));
      } catch (error) {
        throw new Error(`mcp-tool-lint: cannot load the ${grammar} grammar from ${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const parser = new Parser();
      parser.setLanguage(loaded);
      parsers.set(grammar, parser);
      return loaded;
    });
    languages.set(grammar, language);
  }
  return language;
}

/** Whether `grammar` is loaded, so that `parse` can use it. */
export function isGrammarLoaded(grammar: GrammarId): boolean {
  return parsers.has(grammar);
}

/** Loads the given grammars (each once), so later parses with them can run synchronously. */
export async function loadGrammars(grammars: Iterable<GrammarId>): Promise<void> {
  await Promise.all([...new Set(grammars)].map((grammar) => loadGrammar(grammar)));
}

/** Loads every grammar once, so later parses can run synchronously. */
export function loadAllGrammars(): Promise<void> {
  return loadGrammars(ALL_GRAMMARS);
}

/**
 * The text as tree-sitter reads it. Given a string, web-tree-sitter hands over the whole rest of
 * the text at each place the parser visits and copies 5,000 characters of it into wasm memory,
 * though a reparse after a keystroke reads a token or two at each of hundreds of places: while
 * parsing, short chunks. The tree keeps the same function for `node.text` (node-text.ts reads one
 * slice of the same text instead): after parsing it returns copies, not slices. V8 makes a slice of
 * 13 or more characters point into its parent string, so a
 * name or string a declaration keeps would keep that whole version of the document alive, and
 * incremental analysis keeps declarations over thousands of edits.
 *
 * Given a TextSource, `node.text` reads its current text once the parse is done: a tree that is kept
 * and edited as the text changes (parse/windows.ts) reads the text its positions were moved to.
 */
const PARSE_CHUNK = 64;
/** A first parse of the whole text reads it from start to end: longer chunks (web-tree-sitter's buffer holds 10,240 characters). */
const FIRST_PARSE_CHUNK = 8192;

/** The text a document's trees read `node.text` from, updated as the document changes. */
export interface TextSource {
  text: SourceText;
}

function parseWithChunks(parser: Parser, text: SourceText, oldTree: Tree | undefined, options: ParseOptions, source: TextSource = { text }): Tree | null {
  let parsing = true;
  const chunk = oldTree || options.includedRanges ? PARSE_CHUNK : FIRST_PARSE_CHUNK;
  const read = (index: number) => {
    if (parsing) return text.slice(index, index + chunk);
    const current = source.text;
    if (index >= current.length) return undefined;
    // Prepending a character and slicing it off again flattens into a new string of the chunk's own size.
    return (' ' + current.slice(index, index + PARSE_CHUNK)).slice(1);
  };
  try {
    return parser.parse(read, oldTree ?? null, options);
  } finally {
    parsing = false;
    readTextFrom(read, source);
  }
}

function loadedParser(grammar: GrammarId): Parser {
  const parser = parsers.get(grammar);
  if (!parser) throw new Error(`mcp-tool-lint: grammar ${grammar} is not loaded; await loadGrammar('${grammar}') (or initAnalysis()) first.`);
  return parser;
}

/**
 * Parses with a loaded grammar (`loadGrammar`). Pass the old tree (after `tree.edit`) to reparse
 * incrementally, and `includedRanges` to read only those parts of the text (parse/windows.ts).
 */
export function parse(grammar: GrammarId, text: SourceText, oldTree?: Tree, includedRanges?: Range[], source?: TextSource): Tree {
  const tree = parseWithChunks(loadedParser(grammar), text, oldTree, { includedRanges }, source);
  if (!tree) throw new Error(`mcp-tool-lint: the ${grammar} parser returned no tree.`);
  return tree;
}

/**
 * A first parse in steps: each stops when its time is up (tree-sitter's progress callback) and the
 * next resumes it (tree-sitter goes on with a stopped parse when the same parser is called again
 * with the same text), so a large document's first parse gives the event loop turns. It has a
 * parser of its own: no other parse may run on that parser in between. 130,000 lines of Python:
 * 93-100 steps of 15 ms, 1.6 s in all against 1.4 s in one piece, the same tree (tools/sliced-parse).
 */
export class SteppedParse {
  private parser?: Parser;

  /** `source`: what the tree reads `node.text` from once done (IncrementalParse's). */
  constructor(grammar: GrammarId, private readonly text: SourceText, private readonly source: TextSource) {
    this.parser = new Parser();
    this.parser.setLanguage(loadedParser(grammar).language);
  }

  /** Parses on until `timeIsUp()` says to stop: the tree once the parse is done (the parser is freed then). */
  step(timeIsUp: () => boolean): Tree | undefined {
    if (!this.parser) throw new Error('mcp-tool-lint: a stepped parse that was abandoned or done cannot go on');
    const tree = parseWithChunks(this.parser, this.text, undefined, { progressCallback: timeIsUp }, this.source);
    if (tree) this.abandon();
    return tree ?? undefined;
  }

  /** Frees the parser (an unfinished parse is dropped). */
  abandon(): void {
    this.parser?.delete();
    this.parser = undefined;
  }
}

/**
 * How much work reparses may still do, counted in tree-sitter's progress checks (one per 100
 * parse actions: tokens lexed, shifts, reductions). The reparses made for one edit share one.
 */
export class ParseBudget {
  checksLeft: number;

  constructor(readonly checks: number) {
    this.checksLeft = checks;
  }

  get spent(): number {
    return this.checks - this.checksLeft;
  }
}

/**
 * `parse` that gives up once the budget is spent: undefined, and the parser reset (tree-sitter
 * would otherwise resume the abandoned parse on its next call).
 */
export function parseWithin(budget: ParseBudget, grammar: GrammarId, text: SourceText, oldTree?: Tree, includedRanges?: Range[], source?: TextSource): Tree | undefined {
  const parser = loadedParser(grammar);
  const progressCallback = (): boolean => --budget.checksLeft < 0;
  const tree = parseWithChunks(parser, text, oldTree, { includedRanges, progressCallback }, source);
  if (tree) return tree;
  parser.reset();
  return undefined;
}

/** Hands tree-sitter's parse actions (not its lexer's) for `grammar` to `logger`; null stops it (the replay tool). */
export function setParseLogger(grammar: GrammarId, logger: ((message: string) => void) | null): void {
  parsers.get(grammar)?.setLogger(logger && ((message: string, isLex: boolean) => {
    if (!isLex) logger(message);
  }));
}

const EXTENSION_GRAMMARS: Record<string, GrammarId> = {
  '.py': 'python', '.pyi': 'python',
  '.ts': 'typescript', '.mts': 'typescript', '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript', '.jsx': 'javascript',
  '.go': 'go',
  '.cs': 'csharp',
};

const LSP_LANGUAGE_GRAMMARS: Record<string, GrammarId> = {
  python: 'python',
  typescript: 'typescript',
  typescriptreact: 'tsx',
  javascript: 'javascript',
  javascriptreact: 'javascript',
  go: 'go',
  csharp: 'csharp',
};

/** The grammars files at these paths need: a TS/JS file all three script grammars (its modules import each other's). */
export function grammarsForFiles(files: Iterable<string>): Set<GrammarId> {
  const grammars = new Set<GrammarId>();
  for (const file of files) {
    const grammar = grammarForPath(file);
    if (!grammar) continue;
    if (SCRIPT_GRAMMARS.includes(grammar)) for (const script of SCRIPT_GRAMMARS) grammars.add(script);
    else grammars.add(grammar);
  }
  return grammars;
}

/** The grammar for a file path, or undefined when the file is not one we lint. */
export function grammarForPath(filePath: string): GrammarId | undefined {
  return EXTENSION_GRAMMARS[path.extname(filePath).toLowerCase()];
}

/** The grammar for an LSP languageId, falling back to the file extension of the URI or path. */
export function grammarFor(languageId: string | undefined, filePath: string): GrammarId | undefined {
  return (languageId && LSP_LANGUAGE_GRAMMARS[languageId]) || grammarForPath(filePath);
}

export function languageOfGrammar(grammar: GrammarId): LanguageId {
  if (grammar === 'python') return 'python';
  if (grammar === 'javascript') return 'javascript';
  if (grammar === 'go') return 'go';
  if (grammar === 'csharp') return 'csharp';
  return 'typescript';
}
