// The current time in Unix seconds, ticking once a second, for countdowns to a limit's reset.
import { useEffect, useState } from "react";

export function useNowSeconds(): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() / 1000), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
