import { z } from "zod";
import { server } from "../server.js";
import { readText, remove } from "../storage.js";

server.registerTool(
  "read_file",
  {
    description: "Read a text file.",
    inputSchema: { path: z.string().describe("The file, relative to the workspace.") },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  async ({ path }) => ({ content: [{ type: "text", text: await readText(path) }] }),
);

server.registerTool(
  "delete_file",
  {
    description: "Delete a file from the workspace.",
    inputSchema: { path: z.string().describe("The file, relative to the workspace.") },
    annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  async ({ path }) => {
    await remove(path);
    return { content: [{ type: "text", text: "deleted" }] };
  },
);

server.registerTool("reset", { description: "Reset the cache." }, async () => ({ content: [{ type: "text", text: "ok" }] }));
