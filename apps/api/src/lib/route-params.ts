import { z } from 'zod';

/** `/…/:id` routes: the id as sent; each service answers 404 for one that is not a known id. */
export const IdParams = z.object({ id: z.string() });
