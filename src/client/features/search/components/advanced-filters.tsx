import { useId } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#client/components/ui/popover.tsx';
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx';
import {
  FILTER_KEYS,
  NO_FILTERS,
  activeFilterCount,
  canonical,
  filterDescriptor,
  unmatchedChoices,
  type FilterControlProps,
  type FilterKey,
  type FilterPage,
} from '../logo-filters.ts';
import { cn } from '#client/lib/cn.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/** One filter's column: radio buttons for a single-choice filter, checkboxes for the rest. */
function FilterColumn({
  filterKey: key,
  chosen,
  page,
  set,
  unmatched,
}: {
  filterKey: FilterKey;
  chosen: readonly string[];
  page: FilterPage;
  set: (key: FilterKey, values: readonly string[]) => void;
  /** Choices no shown logo has, disabled with the reason (a chosen one stays, to be undone). */
  unmatched: { values: readonly string[]; reason: string } | null;
}) {
  const labelId = useId();
  const { title, anyLabel, choices } = filterDescriptor(key);
  const id = (value: string) => `${labelId}-${value || 'any'}`;
  const reasonId = `${labelId}-reason`;
  const isOff = (value: string) => !!unmatched?.values.includes(value) && !chosen.includes(value);
  const options = anyLabel ? [['', anyLabel[page]] as const, ...choices[page]] : choices[page];
  const rows = options.map(([value, label]) => {
    const off = isOff(value);
    const control = {
      id: id(value),
      disabled: off,
      'aria-describedby': off ? reasonId : undefined,
    };
    return (
      <div key={value} className="flex min-h-8 items-center gap-2.5">
        {anyLabel ? (
          <RadioGroupItem {...control} value={value} />
        ) : (
          <Checkbox
            {...control}
            checked={chosen.includes(value)}
            onCheckedChange={(checked) =>
              set(key, checked === true ? [...chosen, value] : chosen.filter((v) => v !== value))
            }
          />
        )}
        <label
          htmlFor={id(value)}
          className={cn(
            'text-sm',
            off ? 'cursor-not-allowed text-muted-foreground' : 'cursor-pointer text-foreground',
          )}
        >
          {label}
        </label>
      </div>
    );
  });
  const anyOff = options.some(([value]) => isOff(value));
  return (
    <div className={cn('flex flex-col gap-3', !anyLabel && 'col-span-2 sm:col-span-1')}>
      <div className="flex flex-col gap-1">
        <h3 id={labelId} className="text-sm font-semibold">
          {title}
        </h3>
        {anyOff && (
          <p id={reasonId} className="text-xs text-muted-foreground">
            {unmatched?.reason}
          </p>
        )}
      </div>
      {anyLabel ? (
        // Radix radio values are strings; '' stands for "no filter".
        <RadioGroup
          aria-labelledby={labelId}
          value={chosen[0] ?? ''}
          onValueChange={(value) => set(key, value ? [value] : [])}
        >
          {rows}
        </RadioGroup>
      ) : (
        <div
          role="group"
          aria-labelledby={labelId}
          className="grid grid-cols-2 gap-1 sm:grid-cols-1"
        >
          {rows}
        </div>
      )}
    </div>
  );
}

/**
 * The Advanced Filters popover: a column per filter, radio buttons for the single-choice ones and
 * checkboxes for the rest. Every change applies at once; the page keeps the filters in the address.
 */
export function AdvancedFilters({
  filters,
  page,
  onChange,
  logos = [],
  keys = FILTER_KEYS,
}: FilterControlProps & {
  /** The logos shown (before filtering): choices none of them has are disabled. */
  logos?: readonly Logo[];
  /** The filters that rule applies to (the others narrow the server's search instead). */
  keys?: readonly FilterKey[];
}) {
  const count = activeFilterCount(filters);
  const set = (key: FilterKey, values: readonly string[]) =>
    onChange({ ...filters, [key]: canonical(key, values) });

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="md">
          <SlidersHorizontal aria-hidden />
          Advanced Filters
          {count > 0 && (
            <span className="ml-0.5 inline-flex size-5 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
              {count}
              <span className="sr-only"> active</span>
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        aria-label="Advanced Filters"
        className="w-[min(40rem,calc(100vw-1.5rem))] p-0"
      >
        <div className="grid grid-cols-2 gap-x-4 gap-y-5 p-4 sm:grid-cols-3 sm:gap-5 sm:p-5">
          {FILTER_KEYS.map((key) => (
            <FilterColumn
              key={key}
              filterKey={key}
              chosen={filters[key]}
              page={page}
              set={set}
              unmatched={keys.includes(key) ? unmatchedChoices(key, logos, page) : null}
            />
          ))}
        </div>
        <div className="flex items-center justify-between gap-3 border-t bg-surface px-5 py-3">
          <p className="text-xs text-muted-foreground">
            License matches by family: CC BY-SA 4.0 counts as CC BY-SA.
          </p>
          <Button
            variant="ghost"
            size="sm"
            disabled={count === 0}
            onClick={() => onChange(NO_FILTERS)}
          >
            Reset
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
