import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';

/*
 * `html[data-hydrated]` says the server's markup is live: every click and keystroke now does
 * something. The root's first commit is not enough on its own: a part of the page loaded with
 * React.lazy is hydrated later, once its code has arrived, and a click on it before then can be
 * lost. Such parts are declared with `lazyPart`, and the mark waits for those on the page.
 */
let rootCommitted = false;
const pendingParts = new Set<string>();

function markWhenDone(): void {
  if (rootCommitted && pendingParts.size === 0) document.documentElement.dataset.hydrated = '';
}

/** Called once by the app's root component. */
export function useRootHydrated(): void {
  useEffect(() => {
    rootCommitted = true;
    markWhenDone();
  }, []);
}

function PartCommitted({ id }: { id: string }) {
  useEffect(() => {
    if (pendingParts.delete(id)) markWhenDone();
  }, [id]);
  return null;
}

/**
 * React.lazy in a Suspense boundary of its own. The part's wrapper renders with the page (outside
 * the boundary, which React hydrates only once the code is there), so a part on the page when it
 * first hydrates holds the mark until it has committed.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: (props: Props) => ReactNode = () => null,
): ComponentType<Props> {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: Props) {
    const id = useId();
    if (typeof document !== 'undefined' && !rootCommitted) pendingParts.add(id);
    return (
      <Suspense fallback={fallback(props)}>
        <Part {...props} />
        <PartCommitted id={id} />
      </Suspense>
    );
  };
}

const noSubscription = () => () => {};

/**
 * False in the server's markup and until this component has hydrated; true after that (and from
 * the start in a render that is not a hydration). Forms that take a secret or an account action
 * keep their fields in a `HydratedFieldset` (components/ui): before hydration a submit would be the
 * browser's own GET, putting every field (the password too) in the address, the server's log and
 * the history; and text typed then would be wiped when React takes over the controlled inputs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
