import { z } from 'zod';
import { baseConfigSchema, mongoConfigSchema, outboxConfigSchema } from '@brandradar/platform';

export const trackerConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(outboxConfigSchema.shape)
  .extend({
    /**
     * How long a replica keeps a page of an account's tracker list, in ms; 0 keeps nothing. Every
     * write drops the account's pages on every replica at once (a broadcast); this bounds how stale
     * a page can be should a broadcast be missed.
     */
    LIST_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
    /** Most list pages one replica keeps, of all accounts; past it the least recently used goes. */
    LIST_CACHE_MAX_PAGES: z.coerce.number().int().min(1).default(10_000),
    /**
     * Most bytes of list pages one replica keeps, counted as their JSON length (the objects take a
     * few times that of heap): 8 MiB holds about 500 full pages of 25 trackers.
     */
    LIST_CACHE_MAX_BYTES: z.coerce.number().int().min(1024).default(8 * 1024 * 1024),
  });
export type TrackerConfig = z.infer<typeof trackerConfigSchema>;
