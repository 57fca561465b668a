// A toolbar: `addTool` and `tool` here have nothing to do with MCP.
export class Toolbar {
  private readonly tools: Array<{ id: string; icon: string }> = [];

  addTool(tool: { id: string; icon: string }): void {
    this.tools.push(tool);
  }

  tool(id: string): { id: string; icon: string } | undefined {
    return this.tools.find((tool) => tool.id === id);
  }
}

const toolbar = new Toolbar();
toolbar.addTool({ id: "bold", icon: "b" });
toolbar.tool("bold");
