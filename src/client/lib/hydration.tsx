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
 * `html[data-hydrated]` says the server's markup is live. A React.lazy part hydrates only once its
 * code arrives (a click before then can be lost), so such parts use `lazyPart` and the mark waits.
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
 * React.lazy in its own Suspense boundary. The wrapper renders with the page, so a part present at
 * first hydration holds the mark until it has committed.
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
 * False until this component has hydrated. Secret-bearing forms keep their fields in a
 * `HydratedFieldset`: before hydration a submit is the browser's own GET (the password in the
 * address, the log and the history), and typed text would be wiped by React taking over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
