import { server } from "../server.js";
import { bucketLabels, storageToolDefs } from "./storage-defs.js";

for (const [name, def] of Object.entries(storageToolDefs)) {
  server.registerTool(name, { description: def.description, inputSchema: def.parameters.shape, annotations: "annotations" in def ? def.annotations : undefined }, async () => ({ content: [] }));
}

export const labels = Object.keys(bucketLabels);
