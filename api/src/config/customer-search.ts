// What a search of the customer list finds (GET /v1/customers?q=): the customers whose id, or whose name from one of
// its words on, starts with what was typed, in any case. Each customer's starts are stored as rows (customer_prefixes),
// so that a search is one read of one index, in the list's order, whatever the number of customers. A range of words
// (word >= q) would need a row a word, but its matches come word by word, so newest first would mean sorting all of
// them; a row per start costs room instead: some 45 rows, 5.5 KB, for a made id and a name of two or three words.
// A change to how text is searched needs a migration that writes every customer's rows again.

// Letters and digits of every script make words; spaces and the ASCII punctuation part them. Only ASCII parts words
// because SQLite, which filled the rows of the customers made before the search (migration 0004), knows no other.
const SEPARATORS = /[\0-/:-@[-`{-\x7f]+/;

/** A text as it is searched: lowercased, its words parted by one space each, nothing around them. */
export function searchText(text: string): string {
  return text.toLowerCase().split(SEPARATORS).filter(Boolean).join(" ");
}

/** Every start of `text` but those ending in the space between two words (a search never ends in one). */
function startsOf(text: string, into: Set<string>): void {
  let start = "";
  // By code point, as SQLite's substr counts.
  for (const char of text) {
    start += char;
    if (char !== " ") into.add(start);
  }
}

/**
 * The prefixes a customer is found by, each once: those of its id, and of its name from each word on (so "ltd" and
 * "acme l" find "Acme Ltd", "cme" does not). Bounded by its id's 63 characters and its name's 100: about 30 for
 * "cus_7YqK2mP9xW4tLb3n", "Acme Ltd", at worst some 1,300 for a name of 50 one-letter words.
 */
export function searchPrefixes(customer: { id: string; name: string }): string[] {
  const prefixes = new Set<string>();
  startsOf(searchText(customer.id), prefixes);
  const words = searchText(customer.name).split(" ");
  for (let i = 0; i < words.length; i++) startsOf(words.slice(i).join(" "), prefixes);
  return [...prefixes];
}
