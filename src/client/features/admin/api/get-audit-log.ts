import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { AuditLogResponseSchema } from '#shared/admin/admin.schemas.ts';

/** GET /api/admin/audit-log — newest first. */
async function getAuditLog(signal?: AbortSignal) {
  const { entries } = await apiClient.get('/api/admin/audit-log', {
    schema: AuditLogResponseSchema,
    signal,
  });
  return entries;
}

export function auditLogQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/audit-log'] as const,
    queryFn: ({ signal }) => getAuditLog(signal),
  });
}

export function useAuditLog() {
  return useQuery(auditLogQueryOptions());
}
