import { useId, type ReactNode } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#client/components/ui/popover.tsx';
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx';
import {
  LICENSE_FAMILIES,
  LICENSE_LABELS,
  NO_FILTERS,
  type DateFilter,
  type LicenseFamily,
  type LogoFilters,
} from '../logo-filters.ts';
import { cn } from '#client/lib/cn.ts';
import type { FileType } from '#shared/search/search.schemas.ts';

export interface FilterOption<Value> {
  value: Value;
  label: string;
}

/** The choices and their wording, which differ a little between the home page and /search (spec 000 §2). */
export interface FilterOptions {
  fileTypes: FilterOption<FileType | null>[];
  dates: FilterOption<DateFilter | null>[];
}

export const HOME_FILTER_OPTIONS: FilterOptions = {
  fileTypes: [
    { value: null, label: 'All Formats' },
    { value: 'svg', label: 'SVG Only' },
    { value: 'png', label: 'PNG Only' },
    { value: 'jpg', label: 'JPG Only' },
  ],
  dates: [
    { value: null, label: 'Any time' },
    { value: '30d', label: 'Last 30 days' },
    { value: '90d', label: 'Last 90 days' },
    { value: '1y', label: 'Last year' },
  ],
};

export const SEARCH_FILTER_OPTIONS: FilterOptions = {
  fileTypes: [
    { value: null, label: 'All Formats' },
    { value: 'svg', label: 'SVG' },
    { value: 'png', label: 'PNG' },
    { value: 'jpg', label: 'JPG' },
    { value: 'gif', label: 'GIF' },
  ],
  dates: [
    { value: null, label: 'All time' },
    { value: '30d', label: 'Last 30 days' },
    { value: '90d', label: 'Last 90 days' },
    { value: '1y', label: 'Last year' },
  ],
};

// Radix radio values are strings; '' stands for "no filter".
const encode = (value: string | null) => value ?? '';

function activeCount(filters: LogoFilters): number {
  return (filters.fileType ? 1 : 0) + (filters.date ? 1 : 0) + (filters.licenses.length ? 1 : 0);
}

function Column({
  title,
  children,
  className,
}: {
  title: string;
  children: (labelId: string) => ReactNode;
  className?: string;
}) {
  const labelId = useId();
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <h3 id={labelId} className="text-sm font-semibold">
        {title}
      </h3>
      {children(labelId)}
    </div>
  );
}

function OptionRow({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-8 items-center gap-2.5">
      {children}
      <label htmlFor={id} className="cursor-pointer text-sm text-foreground">
        {label}
      </label>
    </div>
  );
}

/**
 * The Advanced Filters popover: File Type and Date Added (one choice each) and License Type
 * (several). Every change applies at once; the page keeps the filters in the address.
 */
export function AdvancedFilters({
  filters,
  options,
  onChange,
}: {
  filters: LogoFilters;
  options: FilterOptions;
  onChange: (filters: LogoFilters) => void;
}) {
  const idPrefix = useId();
  const count = activeCount(filters);

  const toggleLicense = (family: LicenseFamily, on: boolean) => {
    const licenses = on
      ? LICENSE_FAMILIES.filter((f) => f === family || filters.licenses.includes(f))
      : filters.licenses.filter((f) => f !== family);
    onChange({ ...filters, licenses });
  };

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
          <Column title="File Type">
            {(labelId) => (
              <RadioGroup
                aria-labelledby={labelId}
                value={encode(filters.fileType)}
                onValueChange={(value) =>
                  onChange({
                    ...filters,
                    fileType:
                      options.fileTypes.find((o) => encode(o.value) === value)?.value ?? null,
                  })
                }
              >
                {options.fileTypes.map((option) => {
                  const id = `${idPrefix}-type-${encode(option.value) || 'all'}`;
                  return (
                    <OptionRow key={id} id={id} label={option.label}>
                      <RadioGroupItem id={id} value={encode(option.value)} />
                    </OptionRow>
                  );
                })}
              </RadioGroup>
            )}
          </Column>
          <Column title="Date Added">
            {(labelId) => (
              <RadioGroup
                aria-labelledby={labelId}
                value={encode(filters.date)}
                onValueChange={(value) =>
                  onChange({
                    ...filters,
                    date: options.dates.find((o) => encode(o.value) === value)?.value ?? null,
                  })
                }
              >
                {options.dates.map((option) => {
                  const id = `${idPrefix}-date-${encode(option.value) || 'any'}`;
                  return (
                    <OptionRow key={id} id={id} label={option.label}>
                      <RadioGroupItem id={id} value={encode(option.value)} />
                    </OptionRow>
                  );
                })}
              </RadioGroup>
            )}
          </Column>
          <Column title="License Type" className="col-span-2 sm:col-span-1">
            {(labelId) => (
              <div
                role="group"
                aria-labelledby={labelId}
                className="grid grid-cols-2 gap-1 sm:grid-cols-1"
              >
                {LICENSE_FAMILIES.map((family) => {
                  const id = `${idPrefix}-license-${family}`;
                  return (
                    <OptionRow key={id} id={id} label={LICENSE_LABELS[family]}>
                      <Checkbox
                        id={id}
                        checked={filters.licenses.includes(family)}
                        onCheckedChange={(checked) => toggleLicense(family, checked === true)}
                      />
                    </OptionRow>
                  );
                })}
              </div>
            )}
          </Column>
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
