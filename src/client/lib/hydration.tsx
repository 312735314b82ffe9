import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';

/*
 * `html[data-hydrated]` says the server's markup is live. A React.lazy part hydrates only once its
 * code arrives (a click before then can be lost), so such parts use `lazyPart` and the mark waits.
 * A part that waits for the viewport (`nearViewport`) is not wanted yet, so the mark never waits
 * for it: until then the server and the browser both show its fallback, which has nothing to click.
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
 * How far below the viewport a `nearViewport` part starts loading on its own. Small, so a part just
 * below a phone's first screen stays off the page load; the visitor's first scroll starts it sooner.
 */
const NEAR_VIEWPORT_MARGIN = '0px 0px 100px 0px';

/**
 * React.lazy in its own Suspense boundary. The wrapper renders with the page, so a part present at
 * first hydration holds the mark until it has committed.
 *
 * With `nearViewport`, a part below the first screen (docs/decisions/044-phone-page-load-work.md):
 * the server and the first render in the browser show only its fallback; its code loads, and it
 * renders, once the visitor scrolls the page or the fallback comes within `NEAR_VIEWPORT_MARGIN` of
 * the viewport. Its code and its render stay off a phone's page load, and the hydration mark does
 * not wait for it.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: (props: Props) => ReactNode = () => null,
  { nearViewport = false }: { nearViewport?: boolean } = {},
): ComponentType<Props> {
  const Part = lazy(async () => ({ default: await load() }));
  function Loaded(props: Props) {
    const id = useId();
    if (typeof document !== 'undefined' && !rootCommitted) pendingParts.add(id);
    return (
      <Suspense fallback={fallback(props)}>
        <Part {...props} />
        <PartCommitted id={id} />
      </Suspense>
    );
  }
  if (!nearViewport) return Loaded;
  return function NearViewportPart(props: Props) {
    const [wanted, setWanted] = useState(false);
    const place = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = place.current;
      if (wanted || !element) return;
      const want = () => setWanted(true);
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) want();
        },
        { rootMargin: NEAR_VIEWPORT_MARGIN },
      );
      observer.observe(element);
      // Scrolling is heading for it: start while it is still a screen away.
      window.addEventListener('scroll', want, { once: true, passive: true });
      return () => {
        observer.disconnect();
        window.removeEventListener('scroll', want);
      };
    }, [wanted]);
    if (wanted) return <Loaded {...props} />;
    // A plain block around the fallback (its margins collapse through it), for the observer.
    return <div ref={place}>{fallback(props)}</div>;
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
