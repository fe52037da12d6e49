// Column helpers shared by every table, so timestamps are stored and read one way.
import { text } from "drizzle-orm/sqlite-core";

/** An ISO-8601 UTC timestamp, stored as text so it sorts and reads as written. */
export const timestamp = (name: string) => text(name);

export const createdAt = () => timestamp("created_at").notNull();
export const updatedAt = () => timestamp("updated_at").notNull();
