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

/** How a screen reader should say a key printed as a symbol. */
const SPOKEN: Record<string, string> = {
  '/': 'Slash',
  '?': 'Question mark',
  '←': 'Left arrow',
  '→': 'Right arrow',
  '↑': 'Up arrow',
  '↓': 'Down arrow',
  Esc: 'Escape',
};

/** Each shortcut's keys, then what it does: alternatives joined by ' or ', a combination by '+'. */
const GROUPS: { title: string; shortcuts: [keys: string, action: string][] }[] = [
  {
    title: 'Anywhere on the page',
    shortcuts: [
      ['/', 'Go to the search box'],
      ['?', 'Show these shortcuts'],
    ],
  },
  {
    title: 'On a logo',
    shortcuts: [
      ['← or → or ↑ or ↓', 'Move between the logos'],
      ['Home or End', 'Go to the first or last logo'],
      ['Enter', "Open the logo's details"],
      ['Esc', 'Close the details and return to the logo'],
      ['D', 'Download the logo'],
      ['C', 'Copy the SVG code (Premium)'],
      ['Tab', "Reach the logo's own buttons"],
    ],
  },
  {
    title: 'In Batch Select',
    shortcuts: [
      ['X or Enter', 'Select or deselect the logo'],
      ['Shift+D', 'Download Batch: the selected logos'],
    ],
  },
];

function Kbd({ label }: { label: string }) {
  const spoken = SPOKEN[label];
  return (
    <kbd className="inline-flex h-6 min-w-6 items-center justify-center rounded-md border border-b-2 bg-muted px-1.5 font-mono text-xs font-medium text-foreground">
      {spoken ? (
        <>
          <span aria-hidden>{label}</span>
          <span className="sr-only">{spoken}</span>
        </>
      ) : (
        label
      )}
    </kbd>
  );
}

function Keys({ keys }: { keys: string }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      {keys.split(' or ').map((combination, index) => (
        <Fragment key={combination}>
          {index > 0 && <span className="px-0.5 text-xs text-muted-foreground">or</span>}
          {combination.split('+').map((part, partIndex) => (
            <Fragment key={part}>
              {partIndex > 0 && (
                <span aria-hidden className="text-xs text-muted-foreground">
                  +
                </span>
              )}
              <Kbd label={part} />
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
                {group.shortcuts.map(([keys, action]) => (
                  <div
                    key={action}
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1.5 px-3 py-2 text-sm"
                  >
                    <dt className="shrink-0">
                      <Keys keys={keys} />
                    </dt>
                    {/* Read after its keys, shown before them. */}
                    <dd className="order-first text-foreground">{action}</dd>
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
