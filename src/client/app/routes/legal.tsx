import type { ReactNode } from 'react';

import { Cookie, Info, Lock, Scale } from 'lucide-react';
import { PageContainer, PageHeader } from '#client/components/layout/page-header.tsx';
import { IconTabsList, Tabs, TabsContent } from '#client/components/ui/tabs.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { useTabParam } from '#client/hooks/use-tab-param.ts';

const TABS = [
  { value: 'logo-usage', label: 'Logo Usage', icon: Scale },
  { value: 'cookies', label: 'Cookies', icon: Cookie },
  { value: 'privacy', label: 'Privacy', icon: Lock },
] as const;

const TAB_VALUES = TABS.map((tab) => tab.value);

export function LegalRoute() {
  useDocumentTitle('Legal Information');
  const [tab, selectTab] = useTabParam(TAB_VALUES);

  return (
    <>
      <div className="border-b bg-surface">
        <PageContainer className="py-12 sm:py-16">
          <PageHeader
            eyebrow="Legal & Privacy"
            title="Legal Information"
            description="The agreements that apply when you use WikiLogos, written to be read."
          />
          <div className="mt-8 flex max-w-3xl gap-4 rounded-xl border border-primary/30 bg-accent p-4 text-accent-foreground sm:p-5">
            <Info aria-hidden className="mt-0.5 size-5 shrink-0" />
            <p className="text-sm/6">
              <strong className="font-semibold">
                By using WikiLogos you automatically agree to
              </strong>{' '}
              the Logo Usage Agreement, the Cookie Policy and the Privacy Policy on this page. If
              you do not agree with them, please do not use the site.
            </p>
          </div>
        </PageContainer>
      </div>

      <PageContainer className="py-10 sm:py-12">
        <Tabs value={tab} onValueChange={selectTab}>
          <IconTabsList aria-label="Legal documents" tabs={TABS} />

          <TabsContent value="logo-usage">
            <LogoUsage />
          </TabsContent>
          <TabsContent value="cookies">
            <Cookies />
          </TabsContent>
          <TabsContent value="privacy">
            <Privacy />
          </TabsContent>
        </Tabs>
      </PageContainer>
    </>
  );
}

function Document({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="max-w-[68ch]">
      <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
      <div className="prose-body mt-4 space-y-4 text-[0.9688rem]/7 text-prose sm:text-base/7">
        <p>{intro}</p>
        {children}
      </div>
    </div>
  );
}

function LogoUsage() {
  return (
    <Document
      title="Logo Usage Agreement"
      intro={
        <>
          WikiLogos helps you find logos hosted on <strong>Wikimedia Commons</strong>, a free media
          repository run by the Wikimedia Foundation. WikiLogos does not create, own or license
          these logos. This agreement explains what that means for you.
        </>
      }
    >
      <h3>Legal responsibility</h3>
      <p>
        You alone are responsible for how you use any logo you find, preview or download through
        WikiLogos, including making sure that your use respects copyright, trademark and any other
        law that applies where you publish it.
      </p>
      <h3>No warranty</h3>
      <p>
        Logos, their descriptions and their license information are provided “as is”, as they appear
        on Wikimedia Commons. We make no warranty that a logo is accurate, current, complete or the
        official version, that the license shown is correct, or that a logo is free of third-party
        rights.
      </p>
      <h3>Trademark recognition</h3>
      <p>
        Company names and logos are trademarks or registered trademarks of their respective owners.
        Their appearance on WikiLogos implies no affiliation with or endorsement by those owners,
        and gives you no right to use their trademarks.
      </p>
      <h3>Indemnification</h3>
      <p>
        You agree to indemnify and hold harmless WikiLogos and its operators against any claims,
        damages, losses and costs, including reasonable legal fees, that arise from your use of
        logos obtained through the service or from your breach of this agreement.
      </p>
      <h3>User verification</h3>
      <p>
        Before you use a logo, and always before commercial use, check its license and attribution
        requirements on its source page (the “Visit Source Page” link in every preview) and, where
        needed, get permission from the trademark owner.
      </p>
      <h3>Usage limitations</h3>
      <p>
        Do not use logos to suggest endorsement, to mislead people about where a product or service
        comes from, in unlawful or defamatory content, or in ways the owner's brand guidelines
        forbid. Do not get around download limits, scrape the service, or resell logo collections
        obtained through it.
      </p>
    </Document>
  );
}

function Cookies() {
  return (
    <Document
      title="Cookie Policy"
      intro="Cookies are small files that a website stores in your browser. Below are the kinds of cookies websites commonly use and, for each, what WikiLogos does."
    >
      <div className="not-prose rounded-xl border bg-surface p-4 text-sm/6 sm:p-5">
        <p className="font-semibold text-foreground">The short version</p>
        <p className="mt-1 text-muted-foreground">
          WikiLogos uses only essential cookies: the session cookie. Your theme preference is kept
          in your own browser. There are no analytics or advertising cookies, which is why you never
          see a cookie banner here.
        </p>
      </div>
      <h3>Essential cookies</h3>
      <p>
        These are needed for the site to work, so they cannot be switched off. WikiLogos sets one: a{' '}
        <strong>session cookie</strong> that keeps you signed in, protects your account from
        requests made by other websites, and counts guest downloads for your browser session.
      </p>
      <h3>Analytics cookies</h3>
      <p>
        Many sites use these to measure visits and behaviour. <strong>WikiLogos uses none</strong>{' '}
        and runs no third-party analytics or tracking scripts.
      </p>
      <h3>Authentication cookies</h3>
      <p>
        These remember that you are signed in. On WikiLogos this is the same session cookie
        described above; signing out ends it.
      </p>
      <h3>Preference cookies</h3>
      <p>
        These remember choices such as your theme. WikiLogos keeps your light or dark theme in your
        browser's local storage under the key <code>theme</code>. It never leaves your device.
      </p>
      <h3>Managing cookies</h3>
      <p>
        You can delete cookies and site data in your browser's settings at any time. Blocking the
        session cookie signs you out and prevents signing in, but you can still search logos.
      </p>
    </Document>
  );
}

function Privacy() {
  return (
    <Document
      title="Privacy Policy"
      intro="This policy explains what information WikiLogos collects, why, who else sees it, and the choices you have. We collect as little as we can."
    >
      <h3>Information we collect</h3>
      <ul className="list-disc space-y-2 pl-5 marker:text-muted-foreground">
        <li>
          <strong>Account information:</strong> your email address and username.
        </li>
        <li>
          <strong>Usage data:</strong> your searches and your download history (which logo, its
          title and file type, and when), used to count your monthly downloads and show your
          history.
        </li>
        <li>
          <strong>Payment information:</strong> handled entirely by our card payment provider,
          Stripe. We receive your subscription status, plan and dates, never your card number.
        </li>
        <li>
          <strong>Technical information:</strong> IP address, browser type and request logs, used to
          keep the service secure and running.
        </li>
      </ul>
      <h3>How we use it</h3>
      <p>
        To provide the service (sign-in, downloads, download history and subscriptions), to enforce
        download limits, to keep the site secure and prevent abuse, and to answer your support
        requests. We do not show ads, build advertising profiles or sell your data.
      </p>
      <h3>Sharing</h3>
      <p>
        We share information only with the providers that run the service for us: Stripe for
        payments and our hosting provider for servers and storage. We disclose information to
        authorities only when the law requires it.
      </p>
      <h3>Your rights</h3>
      <p>
        You can see the information we hold about you, correct it (your username can be changed from
        your dashboard), export your download history, and ask us to delete your account and its
        data. Depending on where you live, laws such as the GDPR or the CCPA give you further
        rights, which we respect. Contact WikiLogos support from the email address on your account
        to use them.
      </p>
      <h3>Security</h3>
      <p>
        Connections to WikiLogos are encrypted, passwords are stored only as secure hashes, and
        access to user data is limited to the people who run the service.
      </p>
      <h3>Retention</h3>
      <p>
        We keep account information and download history for as long as your account exists and
        delete them when you delete it. Technical logs are kept for a short time for security.
        Payment records are kept by Stripe for as long as tax law requires.
      </p>
      <h3>Updates</h3>
      <p>
        When this policy changes we update this page, and we tell signed-in users about important
        changes before they take effect.
      </p>
    </Document>
  );
}
