import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { FileUp, LayoutGrid } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { TextareaField } from '#client/components/ui/textarea-field.tsx';
import { cn } from '#client/lib/cn.ts';
import { MAX_WALL_NAMES, parseNameFile, parseNameList } from '../wall-input.ts';

/**
 * The names to put on the wall: typed or pasted (one per line, or comma-separated), or read from
 * a dropped or chosen .txt or .csv file.
 */
export function WallNamesForm({
  initialNames,
  onSubmit,
}: {
  initialNames: readonly string[];
  onSubmit: (names: string[]) => void;
}) {
  const [text, setText] = useState(() => initialNames.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileHintId = useId();

  const take = (parsed: { names: string[]; problem: string | null }) => {
    setProblem(parsed.problem);
    if (!parsed.problem) onSubmit(parsed.names);
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.(csv|txt)$/i.test(file.name)) {
      setProblem('Choose a .txt or .csv file.');
      return;
    }
    const parsed = parseNameFile(file.name, await file.text());
    setText(parsed.names.join('\n'));
    take(parsed);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    take(parseNameList(text));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  };

  return (
    <form
      onSubmit={submit}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'grid gap-4 rounded-2xl border bg-card p-4 shadow-xs sm:p-5',
        dragging && 'border-primary ring-2 ring-primary',
      )}
      aria-label="Names for the wall"
    >
      <TextareaField
        label="Company names"
        name="names"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={6}
        placeholder={'Google\nMicrosoft\nstripe.com'}
        hint={`One per line, or separated by commas, up to ${MAX_WALL_NAMES}. Websites such as stripe.com work too.`}
        error={problem ?? undefined}
        className="[&_textarea]:min-h-32"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">
          <LayoutGrid aria-hidden />
          Make wall
        </Button>
        <Button
          type="button"
          variant="outline"
          aria-describedby={fileHintId}
          onClick={() => fileInput.current?.click()}
        >
          <FileUp aria-hidden />
          Choose a file
        </Button>
        <span id={fileHintId} className="text-xs text-muted-foreground">
          Or drop a .txt or .csv file here (a column named name, company or brand, or the first
          column).
        </span>
        <input
          ref={fileInput}
          type="file"
          accept=".txt,.csv,text/plain,text/csv"
          className="sr-only"
          tabIndex={-1}
          aria-label="Names file (.txt or .csv)"
          onChange={(event) => {
            void readFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
    </form>
  );
}
