/** File discovery lives in the core, shared with the language server's workspace mode. */
export * from '../core/discover';
