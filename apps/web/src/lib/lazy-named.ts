import { type ComponentType, createElement, lazy } from 'react';

/** Each lazily loaded component whose load failed, with how to give it a fresh start. */
const failed = new Set<() => void>();

/**
 * Lets every component whose code could not be fetched try again at its next render (Retry after the network
 * failed). React.lazy keeps its first failure for good, so each gets a fresh one.
 */
export function refreshFailedChunks(): void {
  for (const refresh of [...failed]) refresh();
}

/**
 * React.lazy for a module's named export, so screens keep named exports and still split into chunks. `preload`
 * loads the chunk before the screen renders (a route loader waits for it, so the address and the screen change
 * together); the render then uses the same loaded module.
 *
 * A failed load is forgotten. The React.lazy that saw it stays failed (a render retried by React then shows the
 * error instead of loading again and again) until `refreshFailedChunks` or the next `preload` (a new navigation to
 * the screen) puts a fresh one in its place.
 */
export function lazyNamed<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  let loading: Promise<ComponentType<P>> | undefined;
  const get = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (module) => module[name],
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const refresh = () => {
    failed.delete(refresh);
    current = makeLazy();
  };
  const makeLazy = () =>
    lazy(async () => {
      try {
        return { default: await get() };
      } catch (error) {
        failed.add(refresh);
        throw error;
      }
    });
  let current = makeLazy();
  const preload = () => {
    if (failed.has(refresh)) refresh();
    return get();
  };
  function LazyNamed(props: P) {
    return createElement(current as ComponentType<P>, props);
  }
  return Object.assign(LazyNamed, { preload });
}
