// The part of the WebAssembly API that parser.ts uses: Node has it, but the compiler's ES2022 and
// Node typings do not declare it (it is in the DOM library, which the server must not see).
declare namespace WebAssembly {
  class Module {
    private readonly brand: 'WebAssembly.Module';
  }
  class Instance {
    readonly exports: Record<string, unknown>;
  }
  type Imports = Record<string, Record<string, unknown>>;
  function compile(bytes: Uint8Array): Promise<Module>;
  function instantiate(module: Module, imports?: Imports): Promise<Instance>;
}
