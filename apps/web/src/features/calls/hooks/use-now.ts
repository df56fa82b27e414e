import { useEffect, useState } from 'react';

/** The current time, ticking every `ms` (durations on screen keep counting between refetches). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
