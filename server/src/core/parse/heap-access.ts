/**
 * web-tree-sitter hands every node to wasm and back through emscripten's generic `getValue` and
 * `setValue`: each call tests its type string (`endsWith('*')`, then a switch) and goes through a
 * DataView, five times to pass a node in and five to read one out. The front ends read hundreds of
 * thousands of nodes, so here those two take the 32-bit case first, straight from the heap's
 * Int32Array. Emscripten keeps the options given to `Parser.init` as its module object, where the
 * bindings look both functions up (`C.getValue`); the heap view on it is replaced when wasm memory
 * grows, so it is read on every call. Wasm memory is little-endian: on a big-endian host, as well as
 * for any other type, the generic functions run.
 */
export interface EmscriptenModule {
  HEAP32?: Int32Array;
  getValue?: (pointer: number, type?: string) => number;
  setValue?: (pointer: number, value: number, type?: string) => void;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export function useInt32HeapAccess(module: EmscriptenModule): void {
  const { getValue, setValue } = module;
  if (!LITTLE_ENDIAN || !getValue || !setValue || !(module.HEAP32 instanceof Int32Array)) return;
  module.getValue = (pointer: number, type?: string): number => {
    if (type === 'i32') return (module.HEAP32 as Int32Array)[pointer >> 2];
    return getValue(pointer, type);
  };
  module.setValue = (pointer: number, value: number, type?: string): void => {
    if (type === 'i32') (module.HEAP32 as Int32Array)[pointer >> 2] = value;
    else setValue(pointer, value, type);
  };
}
