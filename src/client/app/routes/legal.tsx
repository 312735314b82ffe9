import { Fragment, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Cookie, Info, Lock, Scale } from 'lucide-react';
import { LeadList } from '#client/components/layout/lead-list.tsx';
import { PageContainer, PageHeader } from '#client/components/layout/page-header.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { PageTabs, TabsContent } from '#client/components/ui/tabs.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { setConsent, useConsentDate } from '#client/lib/consent.ts';
import { formatDateTime } from '#client/lib/format-date.ts';
import { useHydrated } from '#client/lib/hydration.tsx';

const DOCUMENTS: {
  value: string;
  label: string;
  icon: typeof Scale;
  title: string;
  intro: ReactNode;
  summary?: string;
  /** Shown below the summary. */
  aside?: ReactNode;
  /** Each heading's text: a string is one paragraph. */
  sections: Record<string, ReactNode>;
}[] = [
  {
    value: 'logo-usage',
    label: 'Logo Usage',
    icon: Scale,
    title: 'Logo Usage Agreement',
    intro: (
      <>
        WikiLogos helps you find logos hosted on <strong>Wikimedia Commons</strong>, a free media
        repository run by the Wikimedia Foundation. WikiLogos does not create, own or license these
        logos. This agreement explains what that means for you.
      </>
    ),
    sections: {
      'Legal responsibility':
        'You alone are responsible for how you use any logo you find, preview or download through WikiLogos, including making sure that your use respects copyright, trademark and any other law that applies where you publish it.',
      'No warranty':
        'Logos, their descriptions and their license information are provided “as is”, as they appear on Wikimedia Commons. We make no warranty that a logo is accurate, current, complete or the official version, that the license shown is correct, or that a logo is free of third-party rights.',
      'Trademark recognition':
        'Company names and logos are trademarks or registered trademarks of their respective owners. Their appearance on WikiLogos implies no affiliation with or endorsement by those owners, and gives you no right to use their trademarks.',
      Indemnification:
        'You agree to indemnify and hold harmless WikiLogos and its operators against any claims, damages, losses and costs, including reasonable legal fees, that arise from your use of logos obtained through the service or from your breach of this agreement.',
      'User verification':
        'Before you use a logo, and always before commercial use, check its license and attribution requirements on its source page (the “Visit Source Page” link in every preview) and, where needed, get permission from the trademark owner.',
      'Usage limitations':
        "Do not use logos to suggest endorsement, to mislead people about where a product or service comes from, in unlawful or defamatory content, or in ways the owner's brand guidelines forbid. Do not get around download limits, scrape the service, or resell logo collections obtained through it.",
    },
  },
  {
    value: 'cookies',
    label: 'Cookies',
    icon: Cookie,
    title: 'Cookie Policy',
    intro:
      'Cookies are small files that a website stores in your browser. Below are the kinds of cookies websites commonly use and, for each, what WikiLogos does.',
    summary:
      'WikiLogos uses only essential cookies: the session cookie. Your theme preference is kept in your own browser. There are no analytics or advertising cookies, which is why you never see a cookie banner here.',
    aside: <ConsentChoice />,
    sections: {
      'Essential cookies': (
        <p>
          These are needed for the site to work, so they cannot be switched off. WikiLogos sets one:
          a <strong>session cookie</strong> that keeps you signed in, protects your account from
          requests made by other websites, and counts guest downloads for your browser session.
        </p>
      ),
      'Analytics cookies': (
        <p>
          Many sites use these to measure visits and behaviour. <strong>WikiLogos uses none</strong>{' '}
          and runs no third-party analytics or tracking scripts.
        </p>
      ),
      'Authentication cookies':
        'These remember that you are signed in. On WikiLogos this is the same session cookie described above; signing out ends it.',
      'Preference cookies': (
        <p>
          These remember choices such as your theme. WikiLogos keeps your light or dark theme in
          your browser's local storage under the key <code>theme</code>. It never leaves your
          device.
        </p>
      ),
      'Managing cookies':
        "You can delete cookies and site data in your browser's settings at any time. Blocking the session cookie signs you out and prevents signing in, but you can still search logos.",
    },
  },
  {
    value: 'privacy',
    label: 'Privacy',
    icon: Lock,
    title: 'Privacy Policy',
    intro:
      'This policy explains what information WikiLogos collects, why, who else sees it, and the choices you have. We collect as little as we can.',
    sections: {
      'Information we collect': (
        <LeadList
          items={{
            'Account information:': 'your email address and username.',
            'Usage data:':
              'your searches and your download history (which logo, its title and file type, and when), used to count your monthly downloads and show your history.',
            'Payment information:':
              'handled entirely by our card payment provider, Stripe. We receive your subscription status, plan and dates, never your card number.',
            'Technical information:':
              'IP address, browser type and request logs, used to keep the service secure and running.',
          }}
        />
      ),
      'How we use it':
        'To provide the service (sign-in, downloads, download history and subscriptions), to enforce download limits, to keep the site secure and prevent abuse, and to answer your support requests. We do not show ads, build advertising profiles or sell your data.',
      Sharing:
        'We share information only with the providers that run the service for us: Stripe for payments and our hosting provider for servers and storage. We disclose information to authorities only when the law requires it.',
      'Your rights': (
        <p>
          You can see the information we hold about you, correct it (your username can be changed
          from your dashboard), export your download history, and ask us to delete your account and
          its data. Depending on where you live, laws such as the GDPR or the CCPA give you further
          rights, which we respect. <Link to="/contact">Contact WikiLogos support</Link> from the
          email address on your account to use them.
        </p>
      ),
      Security:
        'Connections to WikiLogos are encrypted, passwords are stored only as secure hashes, and access to user data is limited to the people who run the service.',
      Retention:
        'We keep account information and download history for as long as your account exists and delete them when you delete it. Technical logs are kept for a short time for security. Payment records are kept by Stripe for as long as tax law requires.',
      Updates:
        'When this policy changes we update this page, and we tell signed-in users about important changes before they take effect.',
    },
  },
];

export function LegalRoute() {
  useDocumentTitle('Legal Information', {
    description:
      'How logos from WikiLogos may be used, which cookies WikiLogos sets (only essential ones) and how it handles your data.',
  });

  return (
    <>
      <div className="border-b bg-surface">
        <PageContainer className="py-12 sm:py-16">
          <PageHeader
            eyebrow="Legal & Privacy"
            title="Legal Information"
            description="The agreements that apply when you use WikiLogos, written to be read."
          />
          <Notice variant="accent" icon={<Info aria-hidden />} className="mt-8 max-w-3xl">
            <strong className="font-semibold">By using WikiLogos you automatically agree to</strong>{' '}
            the Logo Usage Agreement, the Cookie Policy and the Privacy Policy on this page. If you
            do not agree with them, please do not use the site.
          </Notice>
        </PageContainer>
      </div>

      <PageContainer className="py-10 sm:py-12">
        <PageTabs label="Legal documents" tabs={DOCUMENTS}>
          {DOCUMENTS.map(({ value, title, intro, summary, aside, sections }) => (
            <TabsContent key={value} value={value}>
              <div className="max-w-[68ch]">
                <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
                <div className="prose-body mt-4 space-y-4 text-[0.9688rem]/7 text-prose sm:text-base/7">
                  <p>{intro}</p>
                  {summary && (
                    <div className="not-prose rounded-xl border bg-surface p-4 text-sm/6 sm:p-5">
                      <p className="font-semibold text-foreground">The short version</p>
                      <p className="mt-1 text-muted-foreground">{summary}</p>
                    </div>
                  )}
                  {aside}
                  {Object.entries(sections).map(([heading, body]) => (
                    <Fragment key={heading}>
                      <h3>{heading}</h3>
                      {typeof body === 'string' ? <p>{body}</p> : body}
                    </Fragment>
                  ))}
                </div>
              </div>
            </TabsContent>
          ))}
        </PageTabs>
      </PageContainer>
    </>
  );
}

/**
 * The consent recorded in this browser, and a way to reset it or give it again
 * (docs/product.md#privacy-cookies-and-consent). One button whose label follows the state, so the
 * keyboard focus stays on it. Storage is read only once the page is live in the browser.
 */
function ConsentChoice() {
  const id = useId();
  const hydrated = useHydrated();
  const date = useConsentDate();
  return (
    <section
      aria-labelledby={id}
      className="not-prose grid gap-3 rounded-xl border p-4 text-sm/6 sm:p-5"
    >
      <h3 id={id} className="font-semibold text-foreground">
        Your cookie choice
      </h3>
      <p aria-live="polite" className="text-muted-foreground">
        {!hydrated ? null : date ? (
          <>
            You accepted essential cookies on{' '}
            <time dateTime={date} className="text-foreground">
              {formatDateTime(date)}
            </time>
            . It is kept in this browser only. Resetting it removes the record; WikiLogos records it
            again on your next visit, as the site cannot work without its essential cookies.
          </>
        ) : (
          'No choice is recorded in this browser. WikiLogos records your consent to its essential cookies on your next visit, or now with the button below.'
        )}
      </p>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={!hydrated}
        onClick={() => setConsent(!date)}
      >
        {date ? 'Reset consent' : 'Accept essential cookies'}
      </Button>
    </section>
  );
}
