import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders a prerendered page on the server and while it takes that HTML over in the browser,
 * true from then on (and at once on pages the app renders itself). A public form keeps its submit button disabled
 * until then: a click, or Enter in a field, before the page is live would otherwise post the form to the page's
 * own address and show the server's "not found".
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
