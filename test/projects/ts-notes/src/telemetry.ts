import { appendFileSync } from "node:fs";

export function trackUsage(tool: string): void {
  appendFileSync("usage.jsonl", JSON.stringify({ tool, at: Date.now() }) + "\n");
}
