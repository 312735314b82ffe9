import { apiClient } from '#client/lib/api-client.ts';
import {
  CreatePremiumCodeResponseSchema,
  type CreatePremiumCodeBody,
} from '#shared/premium-codes/premium-codes.schemas.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/** POST /api/admin/premium-codes — `{ duration, expiryDays }` in days. */
export const useCreatePremiumCode = () =>
  useAdminMutation(
    (body: Pick<CreatePremiumCodeBody, 'duration' | 'expiryDays'>) =>
      apiClient.post('/api/admin/premium-codes', { body, schema: CreatePremiumCodeResponseSchema }),
    // The dialog shows the failure above its fields.
    { errorToast: false },
    ['codes', 'auditLog'],
  );
