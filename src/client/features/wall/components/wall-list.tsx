import {
  useLayoutEffect,
  useRef,
  useState,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import {
  ArrowDown,
  ArrowUp,
  CircleAlert,
  GripVertical,
  LoaderCircle,
  Pencil,
  RefreshCw,
  Replace,
  Trash2,
} from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/cn.ts';
import type { WallRow } from '../hooks/use-wall.ts';
import type { WallEntry } from '../wall-url.ts';
import { MAX_WALL_NAME_LENGTH } from '../wall-input.ts';
import { ChangeLogoDialog } from './change-logo-dialog.tsx';
import { WallThumb } from './wall-thumb.tsx';

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The name typed in place of another: saved on Enter or Save, Escape cancels. */
function EditName({
  name,
  taken,
  onSave,
  onCancel,
}: {
  name: string;
  taken: (name: string) => boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.replace(/\s+/g, ' ').trim();
    if (!next) setProblem('Enter a name.');
    else if (next.toLowerCase() !== name.toLowerCase() && taken(next)) {
      setProblem('That name is on the wall already.');
    } else onSave(next);
  };
  return (
    <form onSubmit={submit} className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
      <Input
        // Opened by the person's own click on Edit: the field they asked for takes the focus.
        autoFocus
        aria-label={`New name for ${name}`}
        value={value}
        maxLength={MAX_WALL_NAME_LENGTH}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
          }
        }}
        aria-invalid={problem ? true : undefined}
        className="h-8 min-w-0 flex-1 basis-40"
      />
      <Button type="submit" size="sm">
        Save
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      {problem && (
        <p role="alert" className="basis-full text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </form>
  );
}

function RowStatus({ row }: { row: WallRow }) {
  const { state } = row;
  switch (state.kind) {
    case 'loading':
      return (
        <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          <LoaderCircle aria-hidden className="size-3.5 animate-spin" />
          Finding logo…
        </span>
      );
    case 'missing':
      return (
        <span className="inline-flex items-center gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300">
          <CircleAlert aria-hidden className="size-3.5" />
          No logo found
        </span>
      );
    case 'failed':
      return (
        <span className="inline-flex items-center gap-1.5 text-xs font-medium text-red-700 dark:text-red-300">
          <CircleAlert aria-hidden className="size-3.5" />
          <span>Could not look this name up. {state.message}</span>
        </span>
      );
    case 'found':
      return (
        <span className="line-clamp-1 text-xs break-all text-muted-foreground">
          {state.logo.title}
        </span>
      );
  }
}

/**
 * The wall's names in order, each with its logo or why it has none. Reorder by dragging a row, by
 * Move up / Move down, or with Alt+↑ / Alt+↓ on a focused row; each move is announced.
 */
export function WallList({
  rows,
  onChange,
  announce,
}: {
  rows: readonly WallRow[];
  onChange: (entries: WallEntry[]) => void;
  announce: (message: string) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [changing, setChanging] = useState<string | null>(null);
  const [lastChanging, setLastChanging] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const entries = rows.map((row) => row.entry);
  // React moves a row's element to reorder, and a moved element loses focus: give it back, so
  // Alt+↓ pressed twice moves the same row twice.
  const refocus = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = refocus.current;
    refocus.current = null;
    if (element?.isConnected && document.activeElement !== element) element.focus();
  });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length || from === to) return;
    if (document.activeElement instanceof HTMLElement) refocus.current = document.activeElement;
    onChange(moved(entries, from, to));
    announce(`${entries[from]!.name} moved to position ${to + 1} of ${rows.length}.`);
  };
  const replace = (index: number, entry: WallEntry) =>
    onChange(entries.map((e, i) => (i === index ? entry : e)));

  const onRowKeyDown = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
    setOver(null);
  };

  const changingRow = rows.find((row) => row.entry.name === changing);
  // The dialog keeps its last row while it closes, so Radix can hand focus back to Change.
  const shown = rows.find((row) => row.entry.name === lastChanging);

  return (
    <>
      <ol aria-label="Logos on the wall" className="flex flex-col gap-2">
        {rows.map((row, index) => {
          const { entry, state } = row;
          const name = entry.name;
          return (
            <li
              key={name.toLowerCase()}
              draggable={editing !== name}
              onDragStart={(event) => {
                setDragged(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', name);
              }}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                setOver(index);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              onDrop={(event) => onDrop(event, index)}
              onKeyDown={(event) => onRowKeyDown(event, index)}
              aria-label={`${index + 1}. ${name}`}
              className={cn(
                'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border bg-card p-2 pr-2.5 shadow-xs',
                over === index && dragged !== index && 'border-primary ring-1 ring-primary',
                dragged === index && 'opacity-60',
                state.kind === 'missing' && 'border-amber-400 dark:border-amber-700',
              )}
            >
              <GripVertical
                aria-hidden
                className="size-4 shrink-0 cursor-grab text-muted-foreground"
              />
              {state.kind === 'found' ? (
                <WallThumb logo={state.logo} className="h-10 w-16" />
              ) : (
                <span aria-hidden className="h-10 w-16 shrink-0 rounded-lg border border-dashed" />
              )}
              {editing === name ? (
                <EditName
                  name={name}
                  taken={(next) => entries.some((e) => e.name.toLowerCase() === next.toLowerCase())}
                  onCancel={() => setEditing(null)}
                  onSave={(next) => {
                    setEditing(null);
                    // A new name is looked up afresh: the old file choice does not carry over.
                    if (next !== name) replace(index, { name: next });
                  }}
                />
              ) : (
                <>
                  <div className="flex min-w-0 flex-1 basis-32 flex-col">
                    <span className="truncate text-sm font-medium">{name}</span>
                    <RowStatus row={row} />
                  </div>
                  <div className="flex items-center gap-1">
                    {state.kind === 'found' && state.choices.length > 1 && (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Change logo for ${name}`}
                        onClick={() => {
                          setChanging(name);
                          setLastChanging(name);
                        }}
                      >
                        <Replace aria-hidden />
                        <span aria-hidden>Change</span>
                      </Button>
                    )}
                    {state.kind === 'failed' && (
                      <Button size="sm" variant="outline" onClick={state.retry}>
                        <RefreshCw aria-hidden />
                        Try again
                      </Button>
                    )}
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      aria-label={`Edit name ${name}`}
                      title="Edit name"
                      onClick={() => setEditing(name)}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      aria-label={`Move ${name} up`}
                      title="Move up (Alt+↑)"
                      aria-disabled={index === 0 || undefined}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      aria-label={`Move ${name} down`}
                      title="Move down (Alt+↓)"
                      aria-disabled={index === rows.length - 1 || undefined}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      aria-label={`Remove ${name}`}
                      title="Remove"
                      onClick={() => {
                        onChange(entries.filter((_, i) => i !== index));
                        announce(`${name} removed from the wall.`);
                      }}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ol>
      {shown?.state.kind === 'found' && (
        <ChangeLogoDialog
          open={changingRow !== undefined}
          onOpenChange={(open) => {
            if (!open) setChanging(null);
          }}
          name={shown.entry.name}
          choices={shown.state.choices}
          current={shown.state.logo}
          onPick={(logo) => {
            const index = entries.findIndex((e) => e.name === shown.entry.name);
            if (index !== -1) replace(index, { name: shown.entry.name, file: logo.title });
            setChanging(null);
            announce(`${shown.entry.name} now shows ${logo.title}.`);
          }}
        />
      )}
    </>
  );
}
