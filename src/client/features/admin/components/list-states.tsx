import { RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';

/** A list that could not be loaded: the product's message and a way to ask again. */
export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice role="alert" variant="warning" icon={<TriangleAlert aria-hidden />}>
      <p>{message}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        <RotateCcw aria-hidden />
        Try again
      </Button>
    </Notice>
  );
}

export function ListSkeleton({ rows = 4, label }: { rows?: number; label: string }) {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-14" />
      ))}
    </div>
  );
}
