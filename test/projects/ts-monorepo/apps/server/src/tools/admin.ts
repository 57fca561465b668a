import { server } from "@/server";

server.registerTool(
  "reset",
  {
    description: "Reset every setting to its default.",
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  async () => ({ content: [{ type: "text", text: "reset" }] }),
);
