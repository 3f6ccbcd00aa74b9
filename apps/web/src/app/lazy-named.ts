import { type ComponentType, createElement, lazy } from 'react';

/**
 * React.lazy for a module's named export, so screens keep named exports and still split into chunks. `preload`
 * loads the chunk before the screen renders (a route loader waits for it, so the address and the screen change
 * together); the render then uses the same loaded module.
 *
 * A failed load (the server unreachable) is forgotten, and so is the React.lazy that saw it: React.lazy keeps its
 * first failure for good, so a fresh one takes its place and the next render (a Retry) loads the chunk again.
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
        current = makeLazy();
        throw error;
      },
    );
    return loading;
  };
  const makeLazy = () => lazy(async () => ({ default: await get() }));
  let current = makeLazy();
  function LazyNamed(props: P) {
    return createElement(current as ComponentType<P>, props);
  }
  return Object.assign(LazyNamed, { preload: get });
}
