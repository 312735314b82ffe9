import {
  Crown,
  Download,
  Infinity as InfinityIcon,
  RotateCcw,
  TriangleAlert,
  UserPlus,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { openUpgradeDialog } from '#client/components/ui/use-upgrade-dialog.ts';
import { cn } from '#client/lib/cn.ts';
import { LIMIT_REACHED_PROMPT, type Allowance } from '../allowance.ts';

const ICONS = { unlimited: InfinityIcon, blocked: TriangleAlert, remaining: Download };

/**
 * The line under the dialog's Download button, which it describes: what the caller may still
 * download. A polite live region present before the first answer, so changes are announced; when
 * nothing is left it offers Upgrade, led by the limit prompt (or Sign Up, when a guest's network
 * used up its day).
 */
export function DownloadAllowance({ id, allowance }: { id: string; allowance: Allowance | null }) {
  const blocked = allowance?.kind === 'blocked';
  const Icon = ICONS[allowance?.kind ?? 'remaining'];
  return (
    <div
      className={cn(
        'flex min-h-5 items-start gap-2 text-sm/5',
        blocked
          ? 'flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-xl border border-destructive/40 bg-destructive/5 px-3.5 py-3'
          : 'text-muted-foreground',
      )}
    >
      <p id={id} role="status" className="flex min-w-0 flex-1 items-start gap-2">
        {allowance && (
          <>
            <Icon
              aria-hidden
              className={cn('mt-0.5 size-4 shrink-0', blocked && 'text-destructive')}
            />
            <span className="flex flex-col gap-1">
              {allowance.kind === 'blocked' && allowance.action === 'upgrade' && (
                <strong className="font-semibold">{LIMIT_REACHED_PROMPT} </strong>
              )}
              <span>
                {allowance.text}
                {allowance.kind === 'blocked' && allowance.resetsOn && (
                  <> Your downloads start again on {allowance.resetsOn}.</>
                )}
              </span>
              {allowance.kind === 'remaining' && allowance.note && (
                <span className="flex items-start gap-1.5 text-foreground">
                  <RotateCcw aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                  {allowance.note}
                </span>
              )}
            </span>
          </>
        )}
      </p>
      {allowance?.kind === 'blocked' &&
        (allowance.action === 'sign-up' ? (
          <Button size="sm" asChild>
            <Link to="/auth">
              <UserPlus aria-hidden />
              Sign Up
            </Link>
          </Button>
        ) : (
          <Button size="sm" onClick={() => openUpgradeDialog()}>
            <Crown aria-hidden />
            Upgrade
          </Button>
        ))}
    </div>
  );
}
