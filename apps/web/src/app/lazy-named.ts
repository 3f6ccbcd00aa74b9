import { type ComponentType, lazy } from 'react';

/** React.lazy for a module's named export, so screens keep named exports and still split into chunks. */
export function lazyNamed<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
