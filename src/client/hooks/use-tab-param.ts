import { useSearchParams } from 'react-router';

/**
 * The open tab of a page, kept in the address (`?tab=…`) so other pages can link straight to it.
 * An unknown or missing value falls back to the first tab; choosing a tab replaces the entry and
 * keeps the scroll position.
 */
export function useTabParam<const Value extends string>(
  values: readonly Value[],
): [Value, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = values.find((value) => value === requested) ?? values[0]!;
  const selectTab = (value: string) => {
    setSearchParams(
      (params) => {
        params.set('tab', value);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [tab, selectTab];
}
