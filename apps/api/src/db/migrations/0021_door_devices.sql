ALTER TABLE "ticket_scans" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_device" text;