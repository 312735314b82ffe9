import { z } from 'zod';
import { ApiErrorSchema } from '#shared/lib/api-error.ts';

export const HealthOkSchema = z.object({ status: z.literal('ok') });
export const HealthDownSchema = ApiErrorSchema.extend({ status: z.literal('unavailable') });
