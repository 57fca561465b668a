import { z } from "zod";
import { server as notes } from "../server.js";

notes.registerTool(
  "delete_note",
  {
    description: "Delete a note for good",
    inputSchema: { id: z.string().describe("The note's ID.") },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  async () => ({ content: [] }),
);
