// A drawing editor's plugin API, in an app that does not depend on an MCP SDK.
declare const editor: { registerTool(name: string, options: { icon: string }, onSelect: () => void): void };

editor.registerTool("pen", { icon: "pen" }, () => undefined);
