import { z } from "zod";

/** The storage tools, by name; registered in storage.ts. */
export const storageToolDefs = {
  list_buckets: {
    description: "List the storage buckets.",
    parameters: z.object({}),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  empty_bucket: {
    description: "Delete every object in a bucket.",
    parameters: z.object({ bucket: z.string().describe("The bucket's name.") }),
  },
  copy_object: {
    description: "Copy an object to another bucket.",
    parameters: z.object({ from: z.string().describe("The object's path."), to: z.string().describe("The target bucket.") }),
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
};

/** Labels for the UI: not tools, although shaped like a table. */
export const bucketLabels = {
  hot: { label: "Hot", color: "red" },
  cold: { label: "Cold", color: "blue" },
};
