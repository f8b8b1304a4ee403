import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * A picture from a maintained icon set, read from its installed package: Lucide (`lucide:<name>`, the
 * lucide-static package) or Tabler's outline set (`tabler:<name>`, @tabler/icons) where Lucide has no such
 * subject. Both draw in round strokes on a 24 × 24 grid, so they sit together.
 */
type Icon = `lucide:${string}` | `tabler:${string}`;

/**
 * What each sample picture shows, and the icon that draws it. The sample data names a subject per
 * picture; a subject has an icon of its own, so two kinds of thing never look alike.
 */
export const SUBJECTS = {
  // The shop's goods.
  phone: 'lucide:smartphone',
  laptop: 'lucide:laptop',
  tv: 'lucide:tv',
  speaker: 'lucide:speaker',
  'solar-kit': 'lucide:solar-panel',
  'gas-cooker': 'lucide:cooking-pot',
  dress: 'tabler:hanger',
  shuka: 'lucide:grid-3x3',
  sandals: 'lucide:footprints',
  jacket: 'tabler:jacket',
  handbag: 'lucide:handbag',
  rice: 'tabler:bowl-chopsticks',
  beans: 'lucide:bean',
  honey: 'tabler:hexagons',
  'car-mirror': 'lucide:car-front',
  'car-seat-covers': 'tabler:steering-wheel',
  helmet: 'tabler:helmet',
  table: 'tabler:desk',
  sofa: 'lucide:sofa',
  'office-chair': 'lucide:armchair',
  'bunk-bed': 'lucide:bed',
  'e-book': 'lucide:book-open',
  novel: 'lucide:book',
  'revision-pack': 'lucide:graduation-cap',
  cement: 'lucide:hard-hat',
  paint: 'lucide:paint-roller',
  'water-tank': 'lucide:cylinder',
  'shape-sorter': 'lucide:shapes',
  'board-game': 'lucide:dices',
  bicycle: 'lucide:bike',
  guitar: 'lucide:guitar',
  lyre: 'lucide:music',
  keyboard: 'lucide:keyboard-music',
  'baby-carrier': 'lucide:baby',
  diapers: 'tabler:diaper',
  'baby-cot': 'lucide:bed-single',
  jersey: 'tabler:shirt-sport',
  football: 'tabler:ball-football',
  'skipping-rope': 'tabler:jump-rope',
  camera: 'lucide:camera',
  'ring-light': 'lucide:lightbulb',
  carving: 'tabler:paw',
  basket: 'lucide:shopping-basket',
  painting: 'lucide:palette',
  seedlings: 'lucide:sprout',
  irrigation: 'lucide:droplets',
  'garden-bench': 'lucide:fence',
  tea: 'tabler:teapot',
  coffee: 'lucide:coffee',
  backpack: 'lucide:backpack',
  suitcase: 'lucide:luggage',
  'dog-food': 'tabler:dog-bowl',
  'cat-post': 'lucide:cat',
  bracelet: 'lucide:gem',
  watch: 'lucide:watch',
  tent: 'lucide:tent',
  boots: 'tabler:shoe',
  paper: 'lucide:files',
  printer: 'lucide:printer',
  'body-cream': 'lucide:soap-dispenser-droplet',
  'hair-dryer': 'lucide:wind',
  // The stays' photos.
  house: 'lucide:house',
  apartment: 'lucide:building-2',
  bed: 'lucide:bed-double',
  palm: 'lucide:tree-palm',
  pool: 'lucide:waves-ladder',
  mountain: 'lucide:mountain-snow',
  lake: 'tabler:sailboat',
  dhow: 'tabler:sailboat-2',
  acacia: 'lucide:tree-deciduous',
  'tea-estate': 'lucide:leaf',
  fireplace: 'lucide:flame-kindling',
  // The events'.
  drums: 'lucide:drum',
  singer: 'lucide:mic-vocal',
  talk: 'lucide:presentation',
  tractor: 'lucide:tractor',
  beadwork: 'tabler:needle-thread',
  fish: 'lucide:fish',
  running: 'tabler:run',
  // The courses'.
  'mobile-money': 'lucide:smartphone-nfc',
  'kitchen-garden': 'lucide:carrot',
  code: 'lucide:code-xml',
  language: 'lucide:languages',
  'online-shop': 'lucide:store',
  dairy: 'lucide:milk',
  health: 'lucide:heart-pulse',
} as const satisfies Record<string, Icon>;

export type Subject = keyof typeof SUBJECTS;

const resolvePackaged = createRequire(import.meta.url).resolve;
const shapes = new Map<Subject, string>();

/** The subject's icon as its package ships it: the elements inside its 24 × 24 <svg>. */
export function shapesOf(subject: Subject): string {
  const known = shapes.get(subject);
  if (known !== undefined) return known;
  const [set, name] = SUBJECTS[subject].split(':');
  const file = set === 'lucide' ? `lucide-static/icons/${name}.svg` : `@tabler/icons/outline/${name}.svg`;
  const svg = readFileSync(resolvePackaged(file), 'utf8');
  const drawn = svg.slice(svg.indexOf('>', svg.indexOf('<svg')) + 1, svg.lastIndexOf('</svg>')).trim();
  shapes.set(subject, drawn);
  return drawn;
}
