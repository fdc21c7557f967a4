import { useCallback, useState } from 'react';

/**
 * A module loaded when a person first reaches for what needs it (focus in a form, say) rather than
 * with the page: `const rules = onDemand(() => import('./order-rules'))`, then in the component
 * `const [loaded, request] = rules.useModule()` with `onFocusCapture={request}`, and
 * `await rules.load()` where the answer cannot wait (a submit). For zod and the schemas a form
 * checks with: built as their module is evaluated, they were one long task as the page started
 * (docs/decisions.md#main-thread-work-after-the-first-paint). A failed download is tried again on
 * the next request.
 */
export function onDemand<M>(importer: () => Promise<M>) {
  let module: M | undefined;
  let loading: Promise<M> | undefined;

  const load = (): Promise<M> => {
    loading ??= importer().then(
      (loaded) => {
        module = loaded;
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  /** The module once loaded (by this component or any other), and a handler that starts loading it. */
  function useModule(): [M | undefined, () => void] {
    const [loaded, setLoaded] = useState(module);
    const request = useCallback(() => {
      if (module) {
        setLoaded(module);
        return;
      }
      load().then(setLoaded, (error: unknown) => console.warn('Could not load a part of the page', error));
    }, []);
    return [loaded ?? module, request];
  }

  return { load, useModule };
}
