import { useEffect, useRef, useState } from 'react';

/**
 * Tells when the element behind `slotRef` (the bar's place in the page) has scrolled up out of
 * view, so the bar can switch to position: fixed while the slot keeps its height and the content
 * below does not jump. An IntersectionObserver costs nothing per scroll event, unlike a scroll
 * listener; without one (old browsers, jsdom) the bar simply stays in the flow.
 */
export function useFixedOnScroll<T extends HTMLElement>() {
  const slotRef = useRef<T>(null);
  const [fixed, setFixed] = useState(false);

  useEffect(() => {
    const slot = slotRef.current;
    if (!slot || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      // Out of view *above* the viewport: scrolled past. (Below it cannot happen for a top bar.)
      setFixed(!entry.isIntersecting && entry.boundingClientRect.bottom <= 0);
    });
    observer.observe(slot);
    return () => observer.disconnect();
  }, []);

  return { slotRef, fixed };
}
