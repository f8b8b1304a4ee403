// Draws the 22 category backgrounds into apps/web/public/images/categories (committed; rerun after
// adding a category): `npx tsx scripts/generate-category-art.ts`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { CATEGORY_IDS } from '@sokoni/contracts/catalog';
import { renderBackdrop } from '../apps/api/src/seed/art.js';

const out = new URL('../apps/web/public/images/categories/', import.meta.url);
mkdirSync(out, { recursive: true });
for (const [index, id] of CATEGORY_IDS.entries()) {
  writeFileSync(new URL(`${id}.webp`, out), await renderBackdrop(`category:${id}`, (index * 47) % 360, 480));
}
console.log(`wrote ${CATEGORY_IDS.length} category images`);
