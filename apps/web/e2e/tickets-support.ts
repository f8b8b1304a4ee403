import { writeFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import QRCode from 'qrcode';
import type { CreateEventInput, Event } from '@sokoni/contracts/events';
import { solidPng } from './png';
import { bearer, type Account } from './support';

const DAY = 24 * 60 * 60 * 1000;

/** Creates an event a week ahead through the API, with an image uploaded for it, as `organizer`. */
export async function createEvent(
  request: APIRequestContext,
  organizer: Account,
  input: Partial<Omit<CreateEventInput, 'image'>> & { title: string },
): Promise<Event> {
  const upload = await request.post('/api/uploads/event-image', {
    headers: bearer(organizer),
    multipart: {
      folder: 'events',
      file: { name: 'poster.png', mimeType: 'image/png', buffer: solidPng(96, 96, [120, 40, 160]) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { publicUrl: image } = (await upload.json()) as { publicUrl: string };
  const response = await request.post('/api/events', {
    headers: bearer(organizer),
    data: {
      date: new Date(Date.now() + 7 * DAY).toISOString(),
      location: 'Ngong Racecourse, Nairobi',
      price: 2500,
      description: 'An afternoon of live music, food and wine.',
      category: 'Concert',
      ticketsAvailable: 50,
      ...input,
      image,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Event;
}

/**
 * Every request the context makes to anywhere but `origin` is refused, and its address kept: the
 * app must work without a CDN.
 */
export async function refuseForeignRequests(context: BrowserContext, origin: string): Promise<string[]> {
  const attempted: string[] = [];
  const ours = new URL(origin).origin;
  await context.route(
    (url) => url.protocol.startsWith('http') && url.origin !== ours,
    (route) => {
      attempted.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  return attempted;
}

// Spec §9 asks the camera for at least 640 × 640: a 640 × 480 video would be refused (overconstrained).
const WIDTH = 720;
const HEIGHT = 720;
const DARK = 16;
const LIGHT = 235;
const QUIET_ZONE = 4;
const FRAMES = 10;

/**
 * Writes a video Chromium's fake camera plays (--use-file-for-fake-video-capture) showing the QR code
 * of `text`: YUV4MPEG2 4:2:0, each frame the code's modules in the luma plane (dark on light, with a
 * 4-module quiet zone), centred, and neutral chroma (DESIGN §2).
 */
export function writeQrVideo(path: string, text: string) {
  const { modules } = QRCode.create(text);
  const side = modules.size + 2 * QUIET_ZONE;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / side);
  const left = Math.floor((WIDTH - side * scale) / 2) + QUIET_ZONE * scale;
  const top = Math.floor((HEIGHT - side * scale) / 2) + QUIET_ZONE * scale;
  const luma = Buffer.alloc(WIDTH * HEIGHT, LIGHT);
  for (let y = 0; y < modules.size * scale; y += 1) {
    for (let x = 0; x < modules.size * scale; x += 1) {
      if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) {
        luma[(top + y) * WIDTH + left + x] = DARK;
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: FRAMES }, () => frame),
    ]),
  );
}
