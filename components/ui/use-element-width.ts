"use client";

import { useEffect, useRef, useState } from "react";

/**
 * The width of an element in CSS pixels, followed as it changes. A chart drawn at its real width keeps
 * its text at the font size of the page; a fixed viewBox scaled down to a phone shrinks it unreadably.
 */
export function useElementWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width) || fallback));
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return { ref, width };
}
