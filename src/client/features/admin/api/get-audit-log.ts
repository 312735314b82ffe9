import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { AuditLogResponseSchema } from '#shared/admin/admin.schemas.ts';

/** GET /api/admin/audit-log — newest first. */
export const auditLogQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/audit-log'] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get('/api/admin/audit-log', { schema: AuditLogResponseSchema, signal }))
        .entries,
  });

export const useAuditLog = () => useQuery(auditLogQueryOptions());
