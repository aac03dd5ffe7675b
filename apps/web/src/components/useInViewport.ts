import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element has come into the viewport; once true it stays true. A widget below the fold
 * uses it to load its code only when the user scrolls to it, so the first paint does not wait for
 * (or download) what nobody sees yet. Without IntersectionObserver (tests, old browsers): at once.
 */
export function useInViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !ref.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}
