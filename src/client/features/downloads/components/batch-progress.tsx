import { cn } from '#client/lib/cn.ts';

/** The batch's progress as a bar with '{n}% complete' beside it. */
export function BatchProgress({
  value,
  compact = false,
  label = 'Batch download progress',
  className,
}: {
  value: number;
  label?: string;
  /** Just the bar (the bottom bar shows the percentage beside its count). */
  compact?: boolean;
  className?: string;
}) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% complete`}
        className={cn('flex-1 overflow-hidden bg-primary/20', compact ? 'h-1' : 'h-2 rounded-full')}
      >
        <div
          className="h-full bg-primary transition-[width] duration-200 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
      {!compact && <span className="text-xs font-medium tabular-nums">{percent}% complete</span>}
    </div>
  );
}
