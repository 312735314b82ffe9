import { apiClient } from '#client/lib/api-client.ts';
import {
  BatchDownloadResponseSchema,
  type BatchDownloadBody,
  type BatchDownloadResponse,
} from '#shared/downloads/downloads.schemas.ts';

/**
 * POST /api/downloads/batch: records every logo of a batch zip or a consolidated sheet before the
 * work starts. Premium only — the server answers 403 otherwise (and 401 to guests), which is what
 * stops a batch; the caller decides how to treat other failures (ignored).
 */
export function recordBatch(
  body: BatchDownloadBody,
  signal?: AbortSignal,
): Promise<BatchDownloadResponse> {
  return apiClient.post('/api/downloads/batch', {
    body,
    schema: BatchDownloadResponseSchema,
    signal,
  });
}
