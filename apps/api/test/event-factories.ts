import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Event } from '@sokoni/contracts/events';
import { bearer, uploadImage, type RegisteredUser } from './factories.js';

/**
 * An event created through the API by `organizer`, a paid concert unless `overrides` say otherwise;
 * its image is uploaded for it unless one is given. Fails the test unless it is created.
 */
export async function createEvent(
  app: FastifyInstance,
  organizer: RegisteredUser,
  overrides: Record<string, unknown> = {},
): Promise<Event> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(organizer.token),
    payload: {
      title: 'Blankets & Wine',
      date: '2030-03-14T16:30:00.000Z',
      location: 'Ngong Racecourse, Nairobi',
      image: overrides.image ?? (await uploadImage(app, organizer.token, 'event-image')),
      price: 2500,
      description: 'An afternoon of music.',
      category: 'Concert',
      ticketsAvailable: 50,
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}
