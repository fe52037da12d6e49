// The Lua of lua/ as text, read from the files at start: the Node side of `#lua-sources` (package.json imports).
import { readFileSync } from "node:fs";

const read = (name: string) => readFileSync(new URL(`../../../../lua/${name}.lua`, import.meta.url), "utf8");

export const luaSources = {
  check: read("check"),
  history: read("history"),
  record: read("record"),
  reset: read("reset"),
  daily: read("daily"),
  boardMark: read("board-mark"),
  boardRead: read("board-read"),
  presence: read("presence"),
  days: read("days"),
  clock: read("clock"),
};
