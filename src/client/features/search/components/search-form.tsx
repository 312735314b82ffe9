import { useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { History, Search, X } from 'lucide-react';
import { useDebounce } from 'use-debounce';
import { Button } from '#client/components/ui/button.tsx';
import { useNameIndex } from '../api/get-name-index.ts';
import { useSuggestions } from '../api/get-suggestions.ts';
import {
  clearRecentSearches,
  rememberSearch,
  useRecentSearches,
} from '../hooks/use-recent-searches.ts';
import { usePageShortcut } from '../hooks/use-page-shortcut.ts';
import { mergeSuggestions } from '../recent-searches.ts';
import { cn } from '#client/lib/cn.ts';

/** The server's catalogue suggestions (until the names are here) wait for a short pause in typing. */
const SUGGEST_DELAY_MS = 150;

/** The text after the last comma: the name being typed in 'Spotify, Sla'. */
function lastName(text: string): { prefix: string; name: string } {
  const comma = text.lastIndexOf(',');
  if (comma < 0) return { prefix: '', name: text };
  return { prefix: `${text.slice(0, comma + 1)} `, name: text.slice(comma + 1) };
}

/**
 * The logo search box: submits non-empty trimmed text to `onSearch`, and as the visitor types
 * offers recent searches and catalogue names in a WAI-ARIA combobox.
 */
export function SearchForm({
  value: controlledValue,
  onValueChange,
  onSearch,
  size = 'lg',
  className,
}: {
  /** Makes the box controlled (the results page searches as the visitor types). */
  value?: string;
  onValueChange?: (value: string) => void;
  onSearch: (query: string) => void;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const [ownValue, setOwnValue] = useState('');
  const value = controlledValue ?? ownValue;
  const setValue = (next: string) => {
    setOwnValue(next);
    onValueChange?.(next);
  };

  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const hintId = useId();
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  // '/' focuses the box, as on most search sites.
  usePageShortcut('/', () => {
    inputRef.current?.focus();
    inputRef.current?.select();
  });

  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const recent = useRecentSearches();
  const { prefix, name } = lastName(value);
  // The catalogue's names load when the box is first used and then match at every keypress, in
  // the browser; until then the server suggests (docs/product.md#suggestions-and-recent-searches).
  const names = useNameIndex(open).data;
  const [suggestText] = useDebounce(name.trim(), SUGGEST_DELAY_MS);
  const served = useSuggestions(open && !names ? suggestText : '');
  // Matched while the list is closed too: ArrowDown reopens it on the first option.
  const matched = useMemo(() => names?.suggest(name), [names, name]);
  const catalogue = matched ?? served.data?.suggestions ?? [];
  const items = mergeSuggestions(value, recent, catalogue).map((item) => ({
    ...item,
    // Catalogue names complete the name being typed; recent searches replace the whole text.
    completion: item.kind === 'catalogue' ? `${prefix}${item.value}` : item.value,
  }));
  const showingRecent = items.some((item) => item.kind === 'recent');
  const expanded = open && items.length > 0;
  const active = expanded && activeIndex < items.length ? activeIndex : -1;

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };

  const search = (query: string) => {
    const text = query.trim();
    if (!text) {
      inputRef.current?.focus();
      return;
    }
    close();
    rememberSearch(text);
    onSearch(text);
  };

  const pick = (completion: string) => {
    setValue(completion);
    search(completion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActiveIndex(items.length ? 0 : -1);
        } else setActiveIndex(active + 1 >= items.length ? 0 : active + 1);
        return;
      case 'ArrowUp':
        if (!expanded) return;
        event.preventDefault();
        setActiveIndex(active <= 0 ? items.length - 1 : active - 1);
        return;
      case 'Enter':
        if (active < 0 || !items[active]) return;
        event.preventDefault();
        pick(items[active].completion);
        return;
      case 'Escape':
        // Esc closes the list; a second Esc clears the box, as in native search fields.
        if (!expanded) return;
        event.preventDefault();
        close();
    }
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!formRef.current?.contains(event.relatedTarget as Node | null)) close();
  };

  const large = size === 'lg';
  return (
    <form
      ref={formRef}
      role="search"
      aria-label="Logos"
      // Before the app has loaded (or without JavaScript) the browser sends the query itself.
      action="/search"
      onSubmit={(event) => {
        event.preventDefault();
        search(value);
      }}
      onBlur={onBlur}
      className={cn('relative w-full', className)}
    >
      <label htmlFor={inputId} className="sr-only">
        Search logos
      </label>
      <div
        className={cn(
          'group relative flex items-center rounded-2xl border border-input bg-background shadow-sm transition-shadow focus-within:border-ring focus-within:shadow-md focus-within:ring-4 focus-within:ring-ring/15',
          large ? 'h-14 sm:h-16' : 'h-12',
        )}
      >
        <Search
          aria-hidden
          className={cn(
            'pointer-events-none absolute left-4 text-muted-foreground',
            large ? 'size-5' : 'size-[1.125rem]',
          )}
        />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name="q"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          placeholder="Search company logos…"
          aria-describedby={hintId}
          autoComplete="off"
          enterKeyHint="search"
          spellCheck={false}
          className={cn(
            'peer h-full min-w-0 flex-1 bg-transparent pr-2 text-foreground outline-none placeholder:text-muted-foreground [&::-webkit-search-cancel-button]:hidden',
            large ? 'pl-11 text-base sm:pl-12 sm:text-lg' : 'pl-11 text-base sm:text-sm',
          )}
        />
        {!value && (
          <kbd
            aria-hidden
            className="mr-2 hidden h-6 min-w-6 items-center justify-center rounded-md border bg-muted px-1.5 font-mono text-xs text-muted-foreground peer-focus:hidden sm:inline-flex"
          >
            /
          </kbd>
        )}
        <Button
          type="submit"
          size={large ? 'lg' : 'md'}
          className={cn('mr-1.5 rounded-xl', large && 'px-4 sm:mr-2 sm:px-5')}
        >
          Search
        </Button>
      </div>
      <p id={hintId} className="sr-only">
        Separate several company names with commas to search for all of them at once. Press slash to
        come back to this box from anywhere on the page.
      </p>

      {/* Always in the page so aria-controls points somewhere; shown only with suggestions. */}
      <div
        className={cn(
          'absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-2xl border bg-popover text-left text-popover-foreground shadow-xl',
          !expanded && 'hidden',
        )}
      >
        {showingRecent && !value.trim() && (
          <p className="px-4 pt-3 pb-1 text-xs font-medium text-muted-foreground">
            Recent searches
          </p>
        )}
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Suggestions"
          className="max-h-80 overflow-y-auto p-1.5"
        >
          {expanded &&
            items.map((item, index) => (
              <li
                key={`${item.kind}:${item.value}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Keep focus in the box: a click picks the option without blurring the input first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(item.completion)}
                onMouseMove={() => {
                  if (index !== active) setActiveIndex(index);
                }}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-sm',
                  index === active && 'bg-muted',
                )}
              >
                {item.kind === 'recent' ? (
                  <History aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                ) : (
                  <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                )}
                <span className="min-w-0 flex-1 truncate">{item.value}</span>
                <span className="sr-only">
                  {item.kind === 'recent' ? '(recent search)' : '(company)'}
                </span>
              </li>
            ))}
        </ul>
        {showingRecent && (
          <div className="flex justify-end border-t px-2 py-1.5">
            <Button
              variant="ghost"
              size="sm"
              className="text-muted-foreground"
              onClick={() => {
                clearRecentSearches();
                inputRef.current?.focus();
              }}
            >
              <X aria-hidden />
              Clear recent searches
            </Button>
          </div>
        )}
      </div>
    </form>
  );
}
