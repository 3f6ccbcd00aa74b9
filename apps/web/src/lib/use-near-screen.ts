import { type RefCallback, useCallback, useState } from 'react';

/**
 * Whether an element has come within `margin` of the screen (and stays true from then on). Heavy parts below the
 * fold, such as the dashboard's charts and their chart library, load when the user scrolls towards them rather
 * than while the first screen is still getting ready. Without IntersectionObserver it answers true at once.
 */
export function useNearScreen<T extends Element>(margin = '300px'): [RefCallback<T>, boolean] {
  const [isNear, setIsNear] = useState(false);
  const ref = useCallback<RefCallback<T>>(
    (element) => {
      if (!element || isNear) return;
      if (typeof IntersectionObserver === 'undefined') {
        setIsNear(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setIsNear(true);
            observer.disconnect();
          }
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [isNear, margin],
  );
  return [ref, isNear];
}
