// Whether a JSON text names one key twice in an object. JSON.parse keeps the last, where another reader (a proxy, a
// gateway's validator, an audit tool) may keep the first: {"role":"service","role":"admin"} would be checked as one
// role and made as the other. Run on text JSON.parse has accepted. Iterative, as a 64 KiB body can nest deep.

/** The first key an object of `json` names twice, or null. */
export function duplicateKey(json: string): string | null {
  // One entry per open object (its keys so far) or array (null).
  const open: (Set<string> | null)[] = [];
  let atKey = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      // A string: find its closing quote, stepping over escapes.
      let end = i + 1;
      let escaped = false;
      while (json.charCodeAt(end) !== 0x22) {
        if (json.charCodeAt(end) === 0x5c) {
          escaped = true;
          end++;
        }
        end++;
      }
      const keys = open[open.length - 1];
      if (atKey && keys) {
        // "\u0061" and "a" are one key.
        const key: string = escaped ? JSON.parse(json.slice(i, end + 1)) : json.slice(i + 1, end);
        if (keys.has(key)) return key;
        keys.add(key);
        atKey = false;
      }
      i = end;
    } else if (c === 0x7b) {
      open.push(new Set());
      atKey = true;
    } else if (c === 0x5b) {
      open.push(null);
      atKey = false;
    } else if (c === 0x7d || c === 0x5d) {
      open.pop();
      atKey = false;
    } else if (c === 0x2c) {
      // In an object a key comes next; in an array a value.
      atKey = open[open.length - 1] instanceof Set;
    }
  }
  return null;
}
