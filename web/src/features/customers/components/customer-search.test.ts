// The customer search finds by name or id, every word typed, in any case and order.
import { expect, test } from "vitest";
import { customerOf } from "../../../testing/fixtures";
import { searchCustomers } from "./customer-search";

const customer = (id: string, name: string) => customerOf({ id, name });
const acme = customer("cus_7YqK2mP9", "Acme Ltd");
const globex = customer("globex", "Globex Corporation");
const initech = customer("cus_Ab12", "Initech");
const all = [acme, globex, initech];

test("an empty or blank search finds everyone, in the list's order", () => {
  expect(searchCustomers(all, "")).toEqual(all);
  expect(searchCustomers(all, "   ")).toEqual(all);
});

test("a search matches the name or the id, whatever the case", () => {
  expect(searchCustomers(all, "ACME")).toEqual([acme]);
  expect(searchCustomers(all, "cus_")).toEqual([acme, initech]);
  expect(searchCustomers(all, "ab12")).toEqual([initech]);
  expect(searchCustomers(all, "corp")).toEqual([globex]);
});

test("every word must match, in the name or the id, in any order", () => {
  expect(searchCustomers(all, "ltd acme")).toEqual([acme]);
  expect(searchCustomers(all, "cus_ initech")).toEqual([initech]);
  expect(searchCustomers(all, "acme initech")).toEqual([]);
  expect(searchCustomers(all, "umbrella")).toEqual([]);
});
