import { type ComponentType, lazy } from 'react';

/**
 * React.lazy for a module's named export, so screens keep named exports and still split into chunks. `preload`
 * loads the chunk before the screen renders (a route loader waits for it, so the address and the screen change
 * together); the render then uses the same loaded module. A failed load is forgotten, so a later try loads again.
 */
export function lazyNamed<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () => {
    loading ??= load().then(
      (module) => module[name],
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(
    lazy(async () => ({ default: await get() })),
    { preload: get },
  );
}
