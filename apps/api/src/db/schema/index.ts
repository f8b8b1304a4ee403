// Drizzle needs every table in one object; each vertical keeps its own file.
export * from './accounts.js';
export * from './shop.js';
export * from './orders.js';
export * from './payments.js';
export * from './community.js';
export * from './uploads.js';
export * from './mail.js';
export * from './events.js';
export * from './stays.js';
export * from './courses.js';
export * from './ledger.js';
export * from './moderation.js';
