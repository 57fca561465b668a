import { describe, expect, it, vi } from "vitest";

vi.mock("../src/exec.js", () => ({
  execKubectl: vi.fn((args: string[]) => (args[1] === "current-context" ? "kind-dev\n" : "")),
  execHelm: vi.fn(() => ""),
}));

describe("kubectl_context", () => {
  it("reports the current context", async () => {
    const { kubectlContext } = await import("../src/tools/context.js");
    const result = await kubectlContext({ operation: "get" });
    expect(result?.content[0].text).toBe("kind-dev");
  });
});
