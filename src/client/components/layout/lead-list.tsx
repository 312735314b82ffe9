import { cn } from '#client/lib/cn.ts';

/** A list of long-form text (About, Legal) whose items open with a bold lead-in. */
export function LeadList({
  items,
  ordered = false,
}: {
  /** The lead-in, then the rest of the item; a rest that starts with a comma follows it directly. */
  items: Record<string, string>;
  ordered?: boolean;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List
      className={cn(
        ordered ? 'list-decimal' : 'list-disc',
        'space-y-2 pl-5 marker:text-muted-foreground',
      )}
    >
      {Object.entries(items).map(([lead, rest]) => (
        <li key={lead}>
          <strong>{lead}</strong>
          {rest.startsWith(',') ? rest : ` ${rest}`}
        </li>
      ))}
    </List>
  );
}
