"use client";

import { useEffect, useState } from "react";

/**
 * The value once it has stopped changing for `delayMs`: a search typed letter by letter asks the API
 * once for the word, not once per letter.
 */
export function useDebouncedValue<T>(value: T, delayMs = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
