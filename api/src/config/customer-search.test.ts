// What a customer is found by: the starts of its id and of its name from each word on, lowercased, words parted by
// one space whatever parted them.
import { expect, test } from "vitest";
import { searchPrefixes, searchText } from "./customer-search";

test("a text is searched lowercased, its words parted by one space, in every script", () => {
  expect(searchText("  Acme-Widgets  Ltd. ")).toBe("acme widgets ltd");
  expect(searchText("O'Brien & Sons")).toBe("o brien sons");
  expect(searchText("cus_7YqK")).toBe("cus 7yqk");
  expect(searchText("Ärzte Zürich 日本")).toBe("ärzte zürich 日本");
  expect(searchText("!!!")).toBe("");
});

test("a customer is found by the starts of its id, and of its name from each word on, each once", () => {
  expect(searchPrefixes({ id: "ac", name: "Acme Ltd" }).sort()).toEqual(
    ["a", "ac", "acm", "acme", "acme l", "acme lt", "acme ltd", "l", "lt", "ltd"].sort(),
  );
  // Not by the middle of a word, nor by the id's later words.
  const found = searchPrefixes({ id: "cus_7YqK", name: "Globex" });
  expect(found).toContain("cus 7y");
  expect(found).not.toContain("lobex");
  expect(found).not.toContain("7yqk");
  expect(searchPrefixes({ id: "x", name: "!!!" })).toEqual(["x"]);
});
