import { z } from 'zod';

// Every error the API returns has this shape; the spec's clients read `message`.
export const ApiErrorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof ApiErrorSchema>;
