-- Trigram indexes make the case-insensitive title search fast at catalogue scale.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Range exclusion constraints (no overlapping stay bookings) need btree_gist.
CREATE EXTENSION IF NOT EXISTS btree_gist;
