// How many rows a write changed, as each driver says it: libSQL's rowsAffected, D1's meta.changes.

type WriteResult = { rowsAffected?: number; meta?: { changes?: number } };

export function changedRows(result: unknown): number {
  const { rowsAffected, meta } = (result ?? {}) as WriteResult;
  return rowsAffected ?? meta?.changes ?? 0;
}
