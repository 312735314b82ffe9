import { Fragment, useState } from 'react';
import { Keyboard } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogHeader,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { useReturnFocus } from '#client/components/ui/use-return-focus.ts';
import { usePageShortcut } from '../hooks/use-page-shortcut.ts';

/** A key as printed on the keyboard, and as a screen reader should say it when that differs. */
type Key = { label: string; spoken?: string };

type Shortcut = {
  /** Alternatives: any one of these key combinations. */
  keys: Key[][];
  action: string;
};

const key = (label: string, spoken?: string): Key => ({ label, spoken });

const GROUPS: { title: string; shortcuts: Shortcut[] }[] = [
  {
    title: 'Anywhere on the page',
    shortcuts: [
      { keys: [[key('/', 'Slash')]], action: 'Go to the search box' },
      { keys: [[key('?', 'Question mark')]], action: 'Show these shortcuts' },
    ],
  },
  {
    title: 'On a logo',
    shortcuts: [
      {
        keys: [
          [key('←', 'Left arrow')],
          [key('→', 'Right arrow')],
          [key('↑', 'Up arrow')],
          [key('↓', 'Down arrow')],
        ],
        action: 'Move between the logos',
      },
      { keys: [[key('Home')], [key('End')]], action: 'Go to the first or last logo' },
      { keys: [[key('Enter')]], action: "Open the logo's details" },
      { keys: [[key('Esc', 'Escape')]], action: 'Close the details and return to the logo' },
      { keys: [[key('D')]], action: 'Download the logo' },
      { keys: [[key('C')]], action: 'Copy the SVG code (Premium)' },
      { keys: [[key('Tab')]], action: "Reach the logo's own buttons" },
    ],
  },
  {
    title: 'In Batch Select',
    shortcuts: [
      { keys: [[key('X')], [key('Enter')]], action: 'Select or deselect the logo' },
      { keys: [[key('Shift'), key('D')]], action: 'Download Batch: the selected logos' },
    ],
  },
];

function Kbd({ value }: { value: Key }) {
  return (
    <kbd className="inline-flex h-6 min-w-6 items-center justify-center rounded-md border border-b-2 bg-muted px-1.5 font-mono text-xs font-medium text-foreground">
      {value.spoken ? (
        <>
          <span aria-hidden>{value.label}</span>
          <span className="sr-only">{value.spoken}</span>
        </>
      ) : (
        value.label
      )}
    </kbd>
  );
}

function Keys({ keys }: { keys: Key[][] }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      {keys.map((combination, index) => (
        <Fragment key={index}>
          {index > 0 && <span className="px-0.5 text-xs text-muted-foreground">or</span>}
          {combination.map((part, partIndex) => (
            <Fragment key={part.label}>
              {partIndex > 0 && (
                <span aria-hidden className="text-xs text-muted-foreground">
                  +
                </span>
              )}
              <Kbd value={part} />
            </Fragment>
          ))}
        </Fragment>
      ))}
    </span>
  );
}

/** 'Keyboard shortcuts': a button and `?` anywhere open the sheet of the grid's shortcuts. */
export function KeyboardShortcuts({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  // Back to the card (or the box) the sheet was opened from, not to this button.
  const returnFocus = useReturnFocus();
  usePageShortcut('?', () => setOpen(true));

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="icon"
          title="Keyboard shortcuts"
          aria-keyshortcuts="?"
          className={className}
        >
          <Keyboard aria-hidden />
          <span className="sr-only">Keyboard shortcuts</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl" {...returnFocus}>
        <DialogHeader
          className="border-b px-6 pt-6 pr-14 pb-4"
          title="Keyboard shortcuts"
          description="Browse and download logos without the mouse. The logo shortcuts work once a logo has focus: press Tab to reach the logos."
        />
        <div className="flex flex-col gap-6 px-6 pt-5 pb-6">
          {GROUPS.map((group) => (
            <section key={group.title}>
              <h3 className="text-sm font-semibold">{group.title}</h3>
              <dl className="mt-2 divide-y rounded-xl border">
                {group.shortcuts.map((shortcut) => (
                  <div
                    key={shortcut.action}
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1.5 px-3 py-2 text-sm"
                  >
                    <dt className="shrink-0">
                      <Keys keys={shortcut.keys} />
                    </dt>
                    {/* Read after its keys, shown before them. */}
                    <dd className="order-first text-foreground">{shortcut.action}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
