import { X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import type { FilterOptions } from './advanced-filters.tsx';
import { LICENSE_LABELS, NO_FILTERS, hasActiveFilters, type LogoFilters } from '../logo-filters.ts';

/** The 'Filters:' line: each active filter as a chip that removes it. */
export function FilterChips({
  filters,
  options,
  onChange,
}: {
  filters: LogoFilters;
  options: FilterOptions;
  onChange: (filters: LogoFilters) => void;
}) {
  if (!hasActiveFilters(filters)) return null;

  const chips: { key: string; label: string; remove: () => void }[] = [];
  if (filters.fileType) {
    const label =
      options.fileTypes.find((o) => o.value === filters.fileType)?.label ??
      filters.fileType.toUpperCase();
    chips.push({ key: 'type', label, remove: () => onChange({ ...filters, fileType: null }) });
  }
  if (filters.date) {
    const label = options.dates.find((o) => o.value === filters.date)?.label ?? filters.date;
    chips.push({ key: 'date', label, remove: () => onChange({ ...filters, date: null }) });
  }
  for (const family of filters.licenses) {
    chips.push({
      key: `license-${family}`,
      label: LICENSE_LABELS[family],
      remove: () =>
        onChange({ ...filters, licenses: filters.licenses.filter((f) => f !== family) }),
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-muted-foreground">Filters:</span>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              onClick={chip.remove}
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex h-7 cursor-pointer items-center gap-1 rounded-full border border-transparent bg-accent pr-1.5 pl-3 text-xs font-medium text-accent-foreground transition-colors hover:border-ring"
            >
              {chip.label}
              <X aria-hidden className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <Button
          variant="link"
          size="sm"
          className="ml-1 text-xs"
          onClick={() => onChange(NO_FILTERS)}
        >
          Clear all
        </Button>
      )}
    </div>
  );
}
