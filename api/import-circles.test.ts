// No import circles in the tree (shared/STYLE.md, convention 11): what a module imports never imports it back, types
// included, so that each module reads, and tests, without the ones that use it.
import madge from "madge";
import { expect, test } from "vitest";

test("no module imports, through others, a module that imports it", async () => {
  const tree = await madge(["api", "db", "web/src", "bench", "e2e"], {
    fileExtensions: ["ts", "tsx"],
    tsConfig: "tsconfig.json",
    excludeRegExp: [/node_modules/, /\/dist\//],
  });
  // Some files, to show that the tree was read at all: a wrong path would find no circle in nothing.
  expect(Object.keys(tree.obj()).length).toBeGreaterThan(300);
  expect(tree.circular()).toEqual([]);
});
