export { defineTool, sharedServer } from "./register.js";
export type { ToolHandler } from "./register.js";
export * from "./annotations.js";
