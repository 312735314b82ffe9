import { z } from 'zod';

export const HealthOkSchema = z.object({ status: z.literal('ok') });
export const HealthDownSchema = z.object({ status: z.literal('unavailable'), message: z.string() });
export type HealthOk = z.infer<typeof HealthOkSchema>;
