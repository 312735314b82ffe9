import { LoaderCircle, type LucideIcon } from 'lucide-react';

/** A button's icon, or a spinner while its work runs. */
export function BusyIcon({ busy, icon: Icon }: { busy: boolean; icon: LucideIcon }) {
  return busy ? <LoaderCircle aria-hidden className="animate-spin" /> : <Icon aria-hidden />;
}
