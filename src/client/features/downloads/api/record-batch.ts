import { apiClient } from '#client/lib/api-client.ts';
import {
  BatchDownloadResponseSchema,
  type BatchDownloadBody,
} from '#shared/downloads/downloads.schemas.ts';

/**
 * Records every logo of a batch zip or sheet before the work starts. Premium only: the 403 (401
 * for guests) is what stops a batch.
 */
export function recordBatch(body: BatchDownloadBody, signal?: AbortSignal) {
  return apiClient.post('/api/downloads/batch', {
    body,
    schema: BatchDownloadResponseSchema,
    signal,
  });
}
