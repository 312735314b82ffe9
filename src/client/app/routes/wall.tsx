import { useState } from 'react';
import { Link2 } from 'lucide-react';
import { PageContainer, PageHeader } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { CompositionExport } from '#client/features/downloads/components/composition-export.tsx';
import { WallControls } from '#client/features/wall/components/wall-controls.tsx';
import { WallList } from '#client/features/wall/components/wall-list.tsx';
import { WallNamesForm } from '#client/features/wall/components/wall-names-form.tsx';
import { WallPreview } from '#client/features/wall/components/wall-preview.tsx';
import { useWall, type Wall } from '#client/features/wall/hooks/use-wall.ts';
import {
  WALL_FILTER_ID,
  backgroundFill,
  colourFilterMarkup,
} from '#client/features/wall/wall-layout.ts';
import { WALL_PATH, type WallEntry } from '#client/features/wall/wall-url.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

export const WALL_DESCRIPTION =
  'Paste up to 100 company names and get one consistent “trusted by” logo wall: balanced sizes, one colour or greyscale, saved as SVG, PNG or a zip with credits.';

function progressText({ rows, progress }: Wall): string {
  if (progress.done < progress.total) {
    const left = progress.total - progress.done;
    return `Finding logos for ${left} of ${progress.total} ${progress.total === 1 ? 'name' : 'names'}…`;
  }
  const missing = rows.filter((row) => row.state.kind === 'missing').length;
  const found = rows.filter((row) => row.state.kind === 'found').length;
  const text = `Found logos for ${found} of ${progress.total} ${progress.total === 1 ? 'name' : 'names'}.`;
  return missing > 0 ? `${text} ${missing} without a logo: edit the name to try again.` : text;
}

/** /wall: names in, a balanced logo wall out (docs/product.md#logo-wall). */
export function WallRoute() {
  useDocumentTitle('Logo Wall', { description: WALL_DESCRIPTION });
  const wall = useWall();
  const [announcement, setAnnouncement] = useState('');
  // The names box starts again from the wall's names when the rows change them.
  const [formVersion, setFormVersion] = useState(0);

  const fromRows = (entries: WallEntry[]) => {
    wall.setEntries(entries);
    setFormVersion((v) => v + 1);
  };
  const fromForm = (names: string[]) => {
    const byName = new Map(wall.entries.map((entry) => [entry.name.toLowerCase(), entry]));
    wall.setEntries(names.map((name) => byName.get(name.toLowerCase()) ?? { name }));
  };
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(
        `${window.location.origin}${WALL_PATH}?${wall.shareSearch}`,
      );
      toast({ title: 'Link copied', description: 'Whoever opens it sees this wall.' });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy the link' });
    }
  };
  const filter = colourFilterMarkup(wall.settings.colour);
  const hasEntries = wall.entries.length > 0;

  return (
    <PageContainer className="grid gap-8 py-10 sm:py-12">
      <PageHeader title="Logo Wall" description={WALL_DESCRIPTION} />
      <WallNamesForm
        key={formVersion}
        initialNames={wall.entries.map((entry) => entry.name)}
        onSubmit={fromForm}
      />
      {hasEntries && (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
          <section aria-labelledby="wall-names" className="grid gap-3">
            <h2 id="wall-names" className="text-lg font-semibold">
              Names
            </h2>
            <p role="status" className="text-sm text-muted-foreground">
              {progressText(wall)}
            </p>
            <WallList rows={wall.rows} onChange={fromRows} announce={setAnnouncement} />
          </section>
          <div className="grid gap-6">
            <section aria-labelledby="wall-preview" className="grid gap-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="wall-preview" className="text-lg font-semibold">
                  Preview
                </h2>
                <Button size="sm" variant="outline" onClick={() => void copyLink()}>
                  <Link2 aria-hidden />
                  Copy link
                </Button>
              </div>
              <WallPreview layout={wall.layout} placed={wall.placed} settings={wall.settings} />
              <WallControls settings={wall.settings} onChange={wall.setSettings} />
            </section>
            <CompositionExport
              composition={{
                logos: wall.placed,
                width: wall.layout.width,
                height: wall.layout.height,
                background: backgroundFill(wall.settings.background),
                filter: filter ? { id: WALL_FILTER_ID, markup: filter } : null,
              }}
            />
          </div>
        </div>
      )}
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </PageContainer>
  );
}
