import { Link, useNavigate } from 'react-router';
import {
  ArrowRight,
  Download,
  Layers,
  ScanSearch,
  Search,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { SearchForm } from '#client/features/search/components/search-form.tsx';
import { useUrlFilters } from '#client/features/search/hooks/use-url-filters.ts';
import { newSearchPath } from '#client/features/search/search-path.ts';
import { FREE_DOWNLOADS_PER_MONTH, PREMIUM_PRICE } from '#shared/billing/plans.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { lazyPart } from '#client/lib/hydration.tsx';

// Below the fold: its filters, cards, dialog and data layer load, and render, only when the visitor
// scrolls near them, so a phone's page load neither downloads nor runs them.
const PopularLogos = lazyPart(
  async () => (await import('./home-popular-logos.tsx')).PopularLogos,
  () => <PopularLogosFallback />,
  { nearViewport: true },
);

const EXAMPLE_SEARCHES = ['Wikipedia', 'Mozilla', 'Linux', 'Spotify, Slack, Figma'];

const HIGHLIGHTS = [
  [Download, `${FREE_DOWNLOADS_PER_MONTH} free downloads a month`],
  [Layers, 'SVG and PNG'],
  [ShieldCheck, 'No ads, no trackers'],
] as const;

const STEPS = [
  {
    icon: Search,
    title: 'Search',
    text: 'Type a company name, or several separated by commas. Official logos are listed first.',
  },
  {
    icon: ScanSearch,
    title: 'Preview',
    text: 'Open a logo to check its format, size, dimensions, date added and license, with a link to its source page.',
  },
  {
    icon: Download,
    title: 'Download',
    text: 'Save the SVG or PNG in one click. Premium adds batch zips, direct SVG copy and merged logo sheets.',
  },
] as const;

export function HomeRoute() {
  useDocumentTitle('WikiLogos - Search & Download Company Logos', { full: true });
  const navigate = useNavigate();
  // The home filters narrow the examples below and travel with a search started here.
  const [filters, setFilters] = useUrlFilters();

  return (
    <>
      <section className="relative isolate overflow-hidden border-b">
        <HeroBackdrop />
        <PageContainer className="flex flex-col items-center pt-16 pb-20 text-center sm:pt-24 sm:pb-28">
          <p className="inline-flex items-center gap-2 rounded-full border bg-background/80 px-3.5 py-1.5 text-xs font-medium text-muted-foreground shadow-xs sm:text-sm">
            <Sparkles aria-hidden className="size-3.5 text-link" />
            Free of ads · Logos from Wikimedia Commons
          </p>
          <h1 className="mt-6 max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-6xl sm:leading-[1.05]">
            Every company logo, one search away
          </h1>
          <p className="mt-5 max-w-2xl text-base/7 text-pretty text-muted-foreground sm:text-lg/8">
            Find official logos on Wikimedia Commons, most of them crisp, scalable SVGs. Preview
            them, download them, copy the SVG code, or merge several into one sheet.
          </p>

          <SearchForm
            className="mt-10 max-w-2xl"
            onSearch={(query) => void navigate(newSearchPath(query, filters))}
          />

          <div className="mt-5 flex max-w-2xl flex-wrap items-center justify-center gap-2 text-sm">
            <span className="text-muted-foreground">Try</span>
            {EXAMPLE_SEARCHES.map((example) => (
              <Link
                key={example}
                to={newSearchPath(example, filters)}
                className="rounded-full border bg-background px-3 py-1 text-foreground shadow-xs transition-colors hover:border-ring hover:text-link"
              >
                {example}
              </Link>
            ))}
          </div>

          <ul className="mt-10 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {HIGHLIGHTS.map(([Icon, text]) => (
              <li key={text} className="flex items-center gap-2">
                <Icon aria-hidden className="size-4" />
                {text}
              </li>
            ))}
          </ul>
        </PageContainer>
      </section>

      <section aria-labelledby="popular-logos-heading" className="border-b bg-surface">
        <PageContainer className="py-16 sm:py-20">
          <div className="flex flex-col gap-2">
            <h2
              id="popular-logos-heading"
              className="text-2xl font-semibold tracking-tight sm:text-3xl"
            >
              Popular Logo Examples
            </h2>
            <p className="max-w-2xl text-base/7 text-muted-foreground">
              A few well-known brands to try the previews, downloads and filters on. Search above
              for any other company.
            </p>
          </div>
          <PopularLogos filters={filters} onFiltersChange={setFilters} />
        </PageContainer>
      </section>

      <PageContainer className="py-20 sm:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">How it works</h2>
          <p className="mt-3 text-base/7 text-muted-foreground">
            From a company name to a logo file in your design, in three steps.
          </p>
        </div>
        <ol className="mt-12 grid gap-5 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border bg-card p-6 shadow-xs">
              <div className="flex items-center justify-between">
                <span className="flex size-11 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                  <step.icon aria-hidden className="size-5" />
                </span>
                <span aria-hidden className="font-mono text-sm text-muted-foreground">
                  0{index + 1}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm/6 text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>

        <div className="relative mt-16 overflow-hidden rounded-3xl border bg-surface px-6 py-10 sm:px-12 sm:py-12">
          <div
            aria-hidden
            className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-primary/15 blur-3xl"
          />
          <div className="relative flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
            <div className="max-w-xl">
              <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">
                Need more than {FREE_DOWNLOADS_PER_MONTH} logos a month?
              </h2>
              <p className="mt-2 text-base/7 text-muted-foreground">
                Premium gives you unlimited downloads, batch downloads, merged SVG sheets and
                one-click SVG copy, from ${PREMIUM_PRICE.annual.perMonth}/month billed annually.
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/premium">
                  See pricing
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/about#subscriptions">Free vs Premium</Link>
              </Button>
            </div>
          </div>
        </div>
      </PageContainer>
    </>
  );
}

/** Holds the section's place (toolbar and nine cards) while its code loads. */
function PopularLogosFallback() {
  return (
    <div aria-hidden className="mt-8">
      <div className="flex items-center justify-between">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-9 w-56" />
      </div>
      <div className="mt-14 grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3">
        {Array.from({ length: 9 }, (_, index) => (
          <Skeleton key={index} className="h-72 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}

/** Soft indigo glow over a faint grid; purely decorative. */
function HeroBackdrop() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,#000_40%,transparent_100%)] bg-[size:48px_48px] opacity-60" />
      <div className="absolute top-[-12rem] left-1/2 h-[28rem] w-[56rem] max-w-[140vw] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl dark:bg-primary/25" />
    </div>
  );
}
