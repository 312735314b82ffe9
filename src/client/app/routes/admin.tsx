import { DatabaseBackup, LifeBuoy, ScrollText, Ticket, Users } from 'lucide-react';
import { PageContainer, PageHeader } from '#client/components/layout/page-header.tsx';
import { PageTabs, TabsContent } from '#client/components/ui/tabs.tsx';
import { RequireUser } from '#client/app/require-user.tsx';
import { AdminTools } from '#client/features/admin/components/admin-tools.tsx';
import { AuditLog } from '#client/features/admin/components/audit-log.tsx';
import { Backups } from '#client/features/admin/components/backups.tsx';
import { PremiumCodes } from '#client/features/admin/components/premium-codes.tsx';
import { SupportRequests } from '#client/features/admin/components/support-requests.tsx';
import { UserManagement } from '#client/features/admin/components/user-management.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';

const TABS = [
  { value: 'users', label: 'User Management', icon: Users },
  { value: 'codes', label: 'Premium Access Codes', icon: Ticket },
  { value: 'support', label: 'Support', icon: LifeBuoy },
  { value: 'audit', label: 'Audit Log', icon: ScrollText },
  { value: 'backups', label: 'Backups', icon: DatabaseBackup },
] as const;

/**
 * /admin: administrators only. The guard only decides what to render; every call
 * behind these tabs is authorized by the server session.
 */
export function AdminRoute() {
  useDocumentTitle('Admin Dashboard');
  return <RequireUser admin>{(user) => <AdminDashboard user={user} />}</RequireUser>;
}

function AdminDashboard({ user }: { user: User }) {
  return (
    <PageContainer className="flex flex-col gap-10 py-12 sm:py-16">
      <PageHeader
        title="Admin Dashboard"
        description={`Signed in as ${user.username}. Manage users, premium access codes, support requests, backups and administrator access.`}
      />
      <PageTabs label="Admin sections" tabs={TABS}>
        <TabsContent value="users">
          <UserManagement ownId={user.id} />
        </TabsContent>
        <TabsContent value="codes">
          <PremiumCodes />
        </TabsContent>
        <TabsContent value="support">
          <SupportRequests />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLog />
        </TabsContent>
        <TabsContent value="backups">
          <Backups />
        </TabsContent>
      </PageTabs>
      <AdminTools />
    </PageContainer>
  );
}
