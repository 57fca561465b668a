import { z } from "zod";
import { TrackerApi } from "../generated/tracker-client.js";
import { server } from "../server.js";

const tracker = new TrackerApi();

server.tool("create_issue", "File an issue in the tracker.", { title: z.string() }, { readOnlyHint: true, openWorldHint: true }, async ({ title }) => {
  const issue = await tracker.createIssue(title);
  return { content: [{ type: "text", text: issue.id }] };
});

server.tool("search_issues", "Search the tracker (a POST to its search endpoint).", { query: z.string() }, { readOnlyHint: true, openWorldHint: true }, async ({ query }) => {
  return { content: [{ type: "text", text: JSON.stringify(await tracker.searchIssues(query)) }] };
});

server.tool("close_tracker", "Release the tracker client.", {}, { readOnlyHint: true, openWorldHint: true }, async () => {
  tracker.close();
  return { content: [{ type: "text", text: "closed" }] };
});

server.tool("lookup_weather", "The weather for a place, from a public API.", { place: z.string() }, { readOnlyHint: true, openWorldHint: false }, async ({ place }) => {
  const response = await fetch("https://api.weather.example.org/v1/search", { method: "POST", body: JSON.stringify({ place }) });
  return { content: [{ type: "text", text: await response.text() }] };
});

server.tool("sync_remote", "Push the notes to the configured remote.", {}, { readOnlyHint: true, openWorldHint: false }, async () => {
  await fetch(`${process.env.NOTES_REMOTE}/notes/sync`, { method: "PUT" });
  return { content: [{ type: "text", text: "synced" }] };
});

server.tool("publish_notes", "Publish the notes on our own site.", {}, { readOnlyHint: true, openWorldHint: false }, async () => {
  await fetch("https://api.notes.example/v1/notes/publish", { method: "POST" });
  return { content: [{ type: "text", text: "published" }] };
});
