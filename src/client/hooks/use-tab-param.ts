import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Sets one address parameter in place: the entry is replaced and the scroll position kept. */
export function useSetParam(name: string): (value: string) => void {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (value: string) => {
      setSearchParams(
        (params) => {
          params.set(name, value);
          return params;
        },
        { replace: true },
      );
    },
    [name, setSearchParams],
  );
}

/**
 * The open tab of a page, kept in the address (`?tab=…`) so other pages can link straight to it.
 * An unknown or missing value falls back to the first tab.
 */
export function useTabParam<const Value extends string>(
  values: readonly Value[],
): [Value, (value: string) => void] {
  const [searchParams] = useSearchParams();
  const selectTab = useSetParam('tab');
  const requested = searchParams.get('tab');
  return [values.find((value) => value === requested) ?? values[0]!, selectTab];
}
