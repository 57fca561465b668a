import { Pool } from "pg";
import { pool } from "../db.js";

export interface Note {
  id: number;
  title: string;
  body: string;
}

export class NoteStore {
  constructor(private readonly db: Pool) {}

  async list(): Promise<Note[]> {
    const result = await this.db.query("SELECT id, title, body FROM notes ORDER BY id");
    return result.rows;
  }

  async add(title: string, body: string): Promise<number> {
    const result = await this.db.query("INSERT INTO notes (title, body) VALUES ($1, $2) RETURNING id", [title, body]);
    return result.rows[0].id;
  }

  async remove(id: number): Promise<void> {
    await this.db.query("DELETE FROM notes WHERE id = $1", [id]);
  }

  async runQuery(sql: string): Promise<unknown[]> {
    return (await this.db.query(sql)).rows;
  }

  async runSelect(sql: string): Promise<unknown[]> {
    if (!sql.trim().toLowerCase().startsWith("select")) {
      throw new Error("only SELECT statements are allowed");
    }
    return (await this.db.query(sql)).rows;
  }
}

export const notes = new NoteStore(pool);
