import { execKubectl } from "../exec.js";

export const kubectlContextSchema = {
  name: "kubectl_context",
  description: "List the kubeconfig contexts, show the current one, or switch to another.",
  annotations: {
    readOnlyHint: true,
    openWorldHint: false,
  },
  inputSchema: {
    type: "object",
    properties: {
      operation: { type: "string", enum: ["list", "get", "set"], description: "What to do with the contexts." },
      name: { type: "string", description: "The context to switch to (for set)." },
    },
    required: ["operation"],
  },
} as const;

export interface ContextInput {
  operation: "list" | "get" | "set";
  name?: string;
}

export async function kubectlContext(input: ContextInput) {
  switch (input.operation) {
    case "list":
      return text(execKubectl(["config", "get-contexts", "-o", "name"]));
    case "get":
      return text(execKubectl(["config", "current-context"]));
    case "set": {
      if (!input.name) throw new Error("name is required to switch contexts");
      const setArgs = ["config", "use-context", input.name];
      return text(execKubectl(setArgs));
    }
  }
}

function text(output: string) {
  return { content: [{ type: "text" as const, text: output.trim() }] };
}
