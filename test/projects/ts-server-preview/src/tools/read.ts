import { z } from "zod";
import { server } from "../server.js";

server.registerTool(
  "list_notes",
  {
    title: "List notes",
    inputSchema: {},
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  async () => ({ content: [] }),
);

server.tool("get_note", "Read one note", { id: z.string().describe("The note's ID.") }, { readOnlyHint: true }, async () => ({ content: [] }));
