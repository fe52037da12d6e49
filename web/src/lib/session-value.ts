// A secret kept for this browser tab only: sessionStorage, never localStorage or the URL.
import { useCallback, useState } from "react";

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    // Storage can be disabled (private modes, policies); the secret then lives in memory only.
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // See read(): memory only.
  }
}

/** The stored value and a setter that keeps sessionStorage in step; null clears it. */
export function useSessionValue(key: string): [string | null, (value: string | null) => void] {
  const [value, setValue] = useState(() => read(key));
  const set = useCallback(
    (next: string | null) => {
      write(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}
