import { LoaderCircle, type LucideIcon } from 'lucide-react';

/** A button's icon, or a spinner while its work runs. */
export function BusyIcon({ busy, icon: Icon }: { busy: boolean; icon: LucideIcon }) {
  return busy ? <LoaderCircle aria-hidden className="animate-spin" /> : <Icon aria-hidden />;
}

/**
 * A logo action's label, with the logo's title for screen readers so ten 'Download' buttons on a
 * page can be told apart; `busy` text instead while its work runs.
 */
export function ActionLabel({
  busy,
  idle,
  title,
}: {
  busy: string | null;
  idle: string;
  title: string;
}) {
  return (
    busy ?? (
      <span>
        {idle}
        <span className="sr-only"> {title}</span>
      </span>
    )
  );
}
