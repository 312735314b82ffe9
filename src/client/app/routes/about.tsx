import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Check,
  Cookie,
  FileArchive,
  Info,
  Minus,
  Quote,
  Scale,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { PageContainer, PageHeader } from '#client/components/layout/page-header.tsx';
import { LeadList } from '#client/components/layout/lead-list.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import {
  FREE_DOWNLOADS_PER_MONTH,
  GUEST_DOWNLOADS_PER_SESSION,
  PLAN_COMPARISON,
  PREMIUM_PRICE,
} from '#shared/billing/plans.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { cn } from '#client/lib/cn.ts';

// The anchor offset: clears the sticky header (64 px) and, on small screens, the sticky
// section bar under it (48 px). The sections' scroll-margin-top (scroll-mt-28) is the same 112 px:
// a hash in the address on arrival (a shared link, the footer's '/about#…') is handled by the
// app's scroll restoration (src/client/hooks/use-scroll-restoration.ts), whose scrollIntoView
// honours that margin.
const SCROLL_OFFSET_PX = 112;

const SECTIONS = [
  { id: 'platform', label: "What's it?", icon: Info },
  { id: 'batch-downloading', label: 'Batch Downloads', icon: FileArchive },
  { id: 'subscriptions', label: 'Free vs Premium', icon: Sparkles },
  { id: 'attribution', label: 'Using Logos', icon: Quote },
  { id: 'privacy-policy', label: 'Privacy Stuff', icon: Cookie },
  { id: 'terms-of-service', label: 'Terms & Rules', icon: Scale },
] as const satisfies readonly { id: string; label: string; icon: LucideIcon }[];

type SectionId = (typeof SECTIONS)[number]['id'];

const ATTRIBUTION_RULES = {
  'Keep the original name.':
    "Refer to the logo by its file name on Commons, and don't present an edited version as the original.",
  'Link to the source page.':
    'Every preview has a “Visit Source Page” link; that is the page to cite.',
  'State the license': ', for example “Public domain” or “CC BY-SA 4.0”.',
  'Credit the creator': 'as named on the source page, when the license asks for it.',
  'Check the license before business use.':
    'Some licenses require attribution or share-alike, and fair-use files are only fair in some contexts.',
};

const PRIVACY_POINTS = {
  'Only essential cookies.':
    'A session cookie keeps you signed in and counts guest downloads for your browser session. Your light or dark theme choice is stored in your own browser. No analytics, advertising or tracking cookies.',
  'What we store.':
    'Your account email and username, and your download history (which logos, and when), which counts your monthly downloads and powers your history page.',
  'Payments.': 'Handled by Stripe. Your card number goes to Stripe and never touches our servers.',
  'No ads, no trackers,': 'and we never sell your data.',
};

const TERMS = [
  "You are responsible for how you use a logo: check its license and the trademark owner's rules before you publish it.",
  'Logos are provided as they appear on Wikimedia Commons, without any warranty that they are current, complete or cleared for your use.',
  "Don't get around download limits, scrape the site, or share a Premium account.",
  'Premium renews until you cancel. You can cancel anytime and keep Premium until the end of the paid period.',
  "We may improve, change or pause parts of the service, and we'll update these terms when we do.",
];

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** The section whose heading has most recently scrolled past the offset line. */
function useActiveSection(): [SectionId, (id: SectionId) => void] {
  const [active, setActive] = useState<SectionId>(SECTIONS[0].id);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const atBottom =
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
      if (atBottom) {
        setActive(SECTIONS[SECTIONS.length - 1]!.id);
        return;
      }
      let current: SectionId = SECTIONS[0].id;
      for (const { id } of SECTIONS) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top <= SCROLL_OFFSET_PX + 16) current = id;
      }
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  return [active, setActive];
}

export function AboutRoute() {
  useDocumentTitle('About', {
    description:
      'What WikiLogos is: a free, ad-free logo finder for Wikimedia Commons, with batch downloads, Free and Premium plans and advice on using logos with the right attribution.',
  });
  const [active, setActive] = useActiveSection();
  const navRef = useRef<HTMLUListElement>(null);

  // On small screens the section bar scrolls sideways; keep the current section's chip in view.
  // (Scrolling the bar itself, not scrollIntoView, so a smooth page scroll is never interrupted.)
  useEffect(() => {
    const list = navRef.current;
    const item = list?.querySelector<HTMLElement>(`[data-section="${active}"]`);
    if (!list || !item || list.scrollWidth <= list.clientWidth) return;
    list.scrollTo({ left: item.offsetLeft - 16, behavior: scrollBehavior() });
  }, [active]);

  const onNavClick = (event: MouseEvent<HTMLAnchorElement>, id: SectionId) => {
    event.preventDefault();
    const section = document.getElementById(id);
    if (section) {
      const top = section.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
      window.scrollTo({ top: Math.max(0, top), behavior: scrollBehavior() });
    }
    // Update the address for sharing without a router navigation, which would jump instead.
    window.history.replaceState(window.history.state, '', `#${id}`);
    setActive(id);
    // Move keyboard focus with the view, as following a real anchor would.
    section?.focus({ preventScroll: true });
  };

  return (
    <>
      <div className="border-b bg-surface">
        <PageContainer className="py-12 sm:py-16">
          <PageHeader
            eyebrow="About"
            title="About WikiLogos"
            description="What WikiLogos does, what Free and Premium include, how to use the logos you find, and the short version of our privacy and terms."
          />
        </PageContainer>
      </div>

      <PageContainer className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-16 xl:grid-cols-[15rem_minmax(0,1fr)]">
        <nav
          aria-label="On this page"
          className="sticky top-16 z-30 -mx-4 border-b bg-header backdrop-blur-md sm:-mx-6 lg:top-16 lg:mx-0 lg:self-start lg:border-b-0 lg:bg-transparent lg:py-12 lg:backdrop-blur-none"
        >
          <p className="mb-3 hidden px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase lg:block">
            On this page
          </p>
          <ul
            ref={navRef}
            className="flex gap-1 overflow-x-auto px-4 py-2 [scrollbar-width:none] sm:px-6 lg:flex-col lg:overflow-visible lg:px-0 lg:py-0"
          >
            {SECTIONS.map(({ id, label, icon: Icon }) => {
              const current = active === id;
              return (
                <li key={id} data-section={id} className="shrink-0">
                  <a
                    href={`#${id}`}
                    onClick={(event) => onNavClick(event, id)}
                    aria-current={current ? 'location' : undefined}
                    className={cn(
                      'flex h-8 items-center gap-2.5 rounded-full px-3 text-sm font-medium whitespace-nowrap transition-colors lg:h-9 lg:rounded-lg',
                      current
                        ? 'bg-accent text-accent-foreground'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )}
                  >
                    <Icon aria-hidden className="hidden size-4 lg:block" />
                    {label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>

        <article className="max-w-[68ch] py-10 lg:py-12">
          <Section id="platform" title="What's WikiLogos?">
            <p>
              WikiLogos is a logo finder for designers, marketers and developers. It searches{' '}
              <strong>Wikimedia Commons</strong>, the free media library behind Wikipedia, for
              company logos. Most of them are SVG files, so they stay sharp at any size.
            </p>
            <p>
              Type a company name, or several names separated by commas, like{' '}
              <code>Spotify, Slack, Figma</code>, to look for a handful of brands at once. Official
              logos come first, so the one you want is usually at the top of the list.
            </p>
            <p>
              Open any result for a large preview with its file type, size, dimensions, date added
              and license, plus a link to its source page on Commons. Then download it as SVG or PNG
              in one click.
            </p>
            <Notice variant="accent" icon={<Sparkles aria-hidden />} className="not-prose">
              <p className="font-semibold">No ads. Ever.</p>
              <p className="mt-1">
                WikiLogos shows no banners, no sponsored results and no trackers, and never will.
                The site is paid for by Premium subscribers, not by your attention.
              </p>
            </Notice>
          </Section>

          <Section id="batch-downloading" title="Batch Downloads">
            <p>
              Need a whole set of logos for a partner page or a pitch deck? Switch on{' '}
              <strong>Batch Select</strong> on the results page, click the logos you want, and
              choose <strong>Download Batch</strong>. You get one <code>.zip</code> file, with every
              logo named after its title: “Mozilla Firefox logo” becomes{' '}
              <code>mozilla_firefox_logo.svg</code>.
            </p>
            <p>
              Turn on <strong>Consolidate SVGs</strong> (“Combine all SVG logos into a single
              file!”) and WikiLogos merges the selected SVG logos into one sheet instead: a tidy
              three-column grid on a white background, saved as a single SVG you can drop into
              Figma, Illustrator or a slide. It is the quickest way to build a “trusted by” strip.
            </p>
            <p>Batch downloads and consolidated sheets are part of Premium.</p>
          </Section>

          <Section id="subscriptions" title="Free vs Premium">
            <p>
              <strong>Free</strong> gives you {FREE_DOWNLOADS_PER_MONTH} downloads a month with an
              account. Without an account you can still download {GUEST_DOWNLOADS_PER_SESSION} logos
              per browser session.
            </p>
            <p>
              <strong>Premium</strong> removes the limit and adds the power tools. It costs $
              {PREMIUM_PRICE.monthly.perMonth} a month, or ${PREMIUM_PRICE.annual.perYear} a year
              billed annually: that is ${PREMIUM_PRICE.annual.perMonth} a month, and you{' '}
              {PREMIUM_PRICE.annual.saving.toLowerCase()}. Cancel anytime; Premium stays active
              until the end of the period you paid for.
            </p>
            <ComparisonTable />
            <div className="not-prose pt-2">
              <Button asChild variant="outline">
                <Link to="/premium">See pricing</Link>
              </Button>
            </div>
          </Section>

          <Section id="attribution" title="Using Logos">
            <p>
              Every file on Wikimedia Commons carries a license chosen by the person who uploaded
              it. Many simple text logos are in the public domain; others are shared under a
              Creative Commons license or used under fair use. When you use a logo:
            </p>
            <LeadList ordered items={ATTRIBUTION_RULES} />
            <figure className="not-prose rounded-xl border bg-muted/60 p-4">
              <figcaption className="mb-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                Example credit line
              </figcaption>
              <p className="font-mono text-[0.8125rem]/6 break-words text-foreground">
                “Example Corp logo.svg” by Jane Doe, via Wikimedia Commons, CC BY-SA 4.0
              </p>
            </figure>
            <p>
              A license for a file is not a license for the brand. Trademarks stay with their
              owners: using a logo does not suggest that the company endorses you, and many
              companies publish brand guidelines worth following.
            </p>
          </Section>

          <Section id="privacy-policy" title="Privacy Stuff">
            <p>The short version: we collect as little as we can.</p>
            <LeadList items={PRIVACY_POINTS} />
            <p>
              The full details are in our <Link to="/legal?tab=privacy">privacy policy</Link>.
            </p>
            <p>
              Questions about your data or your account, or anything else?{' '}
              <Link to="/contact">Contact support</Link>: Premium members get priority support.
            </p>
          </Section>

          <Section id="terms-of-service" title="Terms & Rules">
            <p>By using WikiLogos you agree to a few simple rules:</p>
            <ul className="list-disc space-y-2 pl-5 marker:text-muted-foreground">
              {TERMS.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
            <p>
              Read the complete <Link to="/legal">legal information</Link>, including the logo usage
              agreement.
            </p>
          </Section>
        </article>
      </PageContainer>
    </>
  );
}

function Section({ id, title, children }: { id: SectionId; title: string; children: ReactNode }) {
  const { icon: Icon } = SECTIONS.find((section) => section.id === id)!;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      className="scroll-mt-28 border-b pt-2 pb-12 outline-none last:border-b-0 [&+section]:pt-12"
    >
      <h2
        id={`${id}-title`}
        className="flex items-center gap-3 text-2xl font-semibold tracking-tight"
      >
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground"
        >
          <Icon className="size-[1.125rem]" />
        </span>
        {title}
      </h2>
      <div className="prose-body mt-5 space-y-4 text-[0.9688rem]/7 text-prose sm:text-base/7">
        {children}
      </div>
    </section>
  );
}

function ComparisonTable() {
  return (
    <div className="not-prose overflow-x-auto rounded-xl border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">What Free and Premium include</caption>
        <thead className="bg-muted">
          <tr>
            {['Feature', 'Free', 'Premium'].map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {PLAN_COMPARISON.map(([feature, free, premium]) => (
            <tr key={feature}>
              <th scope="row" className="px-4 py-3 font-medium text-foreground">
                {feature}
              </th>
              <td className="px-4 py-3 text-muted-foreground">
                <Availability value={free} />
              </td>
              <td className="px-4 py-3 text-foreground">
                <Availability value={premium} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Availability({ value }: { value: string | boolean }) {
  if (typeof value === 'string') return <>{value}</>;
  const Icon = value ? Check : Minus;
  return (
    <>
      <Icon
        aria-hidden
        className={value ? 'size-4 text-link' : 'size-4 text-muted-foreground'}
        strokeWidth={value ? 2.5 : undefined}
      />
      <span className="sr-only">{value ? 'Included' : 'Not included'}</span>
    </>
  );
}
