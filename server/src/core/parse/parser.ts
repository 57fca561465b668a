import * as fs from 'node:fs';
import * as path from 'node:path';
import { Language, Parser, Tree } from 'web-tree-sitter';
import { LanguageId } from '../model';

/** Grammar used for a document: TSX needs its own grammar, JSX parses with JavaScript's. */
export type GrammarId = 'python' | 'typescript' | 'tsx' | 'javascript';

const GRAMMAR_FILES: Record<GrammarId, string> = {
  python: 'tree-sitter-python.wasm',
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript.wasm',
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

let initialised: Promise<void> | undefined;
const languages = new Map<GrammarId, Promise<Language>>();
const parsers = new Map<GrammarId, Parser>();

function init(): Promise<void> {
  if (!initialised) {
    const dir = findWasmDir();
    initialised = Parser.init({ locateFile: (file: string) => path.join(dir, file) });
  }
  return initialised;
}

export async function loadGrammar(grammar: GrammarId): Promise<Language> {
  await init();
  let language = languages.get(grammar);
  if (!language) {
    const file = path.join(findWasmDir(), GRAMMAR_FILES[grammar]);
    language = Language.load(fs.readFileSync(file));
    languages.set(grammar, language);
  }
  return language;
}

/** Loads every grammar once, so later parses can run synchronously. */
export async function loadAllGrammars(): Promise<void> {
  await init();
  await Promise.all((Object.keys(GRAMMAR_FILES) as GrammarId[]).map(async (grammar) => {
    const language = await loadGrammar(grammar);
    if (parsers.has(grammar)) return;
    const parser = new Parser();
    parser.setLanguage(language);
    parsers.set(grammar, parser);
  }));
}

/** Parses with a grammar loaded by `loadAllGrammars`. Pass the old tree (after `tree.edit`) to reparse incrementally. */
export function parse(grammar: GrammarId, text: string, oldTree?: Tree): Tree {
  const parser = parsers.get(grammar);
  if (!parser) throw new Error(`mcp-tool-lint: grammar ${grammar} is not loaded; await loadAllGrammars() first.`);
  const tree = parser.parse(text, oldTree ?? null);
  if (!tree) throw new Error(`mcp-tool-lint: the ${grammar} parser returned no tree.`);
  return tree;
}

const EXTENSION_GRAMMARS: Record<string, GrammarId> = {
  '.py': 'python', '.pyi': 'python',
  '.ts': 'typescript', '.mts': 'typescript', '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript', '.jsx': 'javascript',
};

const LSP_LANGUAGE_GRAMMARS: Record<string, GrammarId> = {
  python: 'python',
  typescript: 'typescript',
  typescriptreact: 'tsx',
  javascript: 'javascript',
  javascriptreact: 'javascript',
};

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
  return 'typescript';
}
