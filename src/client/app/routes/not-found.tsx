import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft, House } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

export function NotFoundRoute() {
  useDocumentTitle('404 Page Not Found');
  const location = useLocation();
  const navigate = useNavigate();
  const path = `${location.pathname}${location.search}`;
  // 'default' is the key of the first entry of this tab; with nothing before it, 'Go back' would leave the site.
  const canGoBack = location.key !== 'default';

  return (
    <PageContainer className="flex flex-col items-center py-20 text-center sm:py-28">
      <p className="font-mono text-sm font-medium text-link">Error 404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-5xl">
        404 Page Not Found
      </h1>
      <p className="mt-4 max-w-md text-base/7 text-muted-foreground">
        We couldn't find the page you were looking for. It may have moved, or the link may be
        mistyped.
      </p>

      <figure className="mt-10 w-full max-w-lg overflow-hidden rounded-2xl border bg-zinc-950 text-left shadow-lg dark:bg-card">
        <div aria-hidden className="flex items-center gap-1.5 border-b border-white/10 px-4 py-3">
          {[1, 2, 3].map((dot) => (
            <span key={dot} className="size-2.5 rounded-full bg-white/20" />
          ))}
        </div>
        <pre className="px-5 py-4 font-mono text-[0.8125rem]/6 break-all whitespace-pre-wrap text-zinc-300">
          <code>
            <span className="text-emerald-400">GET</span>{' '}
            <span className="text-zinc-100">{path}</span> <span className="text-zinc-400">→</span>{' '}
            <span className="text-rose-400">404</span>
            {'\n'}
            <span className="text-zinc-400"># No route matched this path.</span>
          </code>
        </pre>
        <figcaption className="border-t border-white/10 px-5 py-3 font-mono text-xs/5 text-zinc-300">
          Did you forget to add the page to the router?
        </figcaption>
      </figure>

      <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/">
            <House aria-hidden />
            Back to Home
          </Link>
        </Button>
        {canGoBack && (
          <Button size="lg" variant="outline" onClick={() => void navigate(-1)}>
            <ArrowLeft aria-hidden />
            Go back
          </Button>
        )}
      </div>
    </PageContainer>
  );
}
