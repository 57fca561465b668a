import { execFileSync, execSync } from "node:child_process";
import { rm } from "node:fs/promises";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

const CACHE = "./.cache";

export const systemTools = {
  repo_status: {
    description: "The deployment repository's status.",
    annotations: { readOnlyHint: true, openWorldHint: false },
    execute: async () => execFileSync("git", ["status", "--short"]).toString(),
  },
  deploy_notes: {
    description: "Push the notes repository.",
    annotations: { readOnlyHint: true, openWorldHint: false },
    execute: async () => execFileSync("git", ["push", "origin", "main"]).toString(),
  },
  shell: {
    description: "Run a diagnostic command.",
    annotations: { readOnlyHint: true, openWorldHint: false },
    execute: async ({ command }: { command: string }) => execSync(command).toString(),
  },
  calculate: {
    description: "Evaluate an arithmetic expression.",
    annotations: { readOnlyHint: true, openWorldHint: false },
    async execute({ expression }: { expression: string }) {
      return String(eval(expression));
    },
  },
};

export class ClearCacheTool {
  name = "clear_cache";
  annotations = { readOnlyHint: true, openWorldHint: false };

  async execute(): Promise<string> {
    await rm(CACHE, { recursive: true, force: true });
    return "cleared";
  }
}

export class TidyCacheTool {
  name = "tidy_cache";
  annotations = { readOnlyHint: true, openWorldHint: false };

  async execute(): Promise<string> {
    await rm(`${CACHE}/stale`, { recursive: true, force: true }); // mcp-tool-lint: ignore[effect] the cache is ours
    return "tidied";
  }
}

export const toolList: Tool[] = [];
