import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { JsonSchema } from './schema-values.js';

/** A route as Fastify registered it (the ground truth: hidden routes and HEAD twins included). */
export type RegisteredRoute = {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
  access: NonNullable<RouteOptions['config']>['access'];
};

/**
 * Runs `build` while listening for every Fastify instance it creates (the documented
 * 'fastify.initialization' diagnostics channel) and records each route registered on it.
 */
export async function recordingRoutes<T>(
  build: () => Promise<T>,
): Promise<{ built: T; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, schema: route.schema, access: route.config?.access });
    });
  };
  channel.subscribe(onInstance);
  try {
    return { built: await build(), routes };
  } finally {
    channel.unsubscribe(onInstance);
  }
}

/** How a route is fuzzed. */
export type RouteKind =
  /** Params, query and JSON body from its schema (the OpenAPI document, or the zod schema if hidden). */
  | 'schema'
  /** A multipart upload. */
  | 'multipart'
  /** Paystack's webhook: a raw body signed with HMAC-SHA512. */
  | 'webhook'
  /** Files served from disk under a wildcard (uploads). */
  | 'static'
  /** The Swagger UI and its documents. */
  | 'docs';

export type RouteSpec = {
  key: string;
  kind: RouteKind;
  method: string;
  /** Fastify's form: /api/products/:id */
  url: string;
  params: Array<{ name: string; schema: JsonSchema }>;
  query: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  body: JsonSchema | undefined;
};

type OpenApiOperation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const zodToJsonSchema = (schema: unknown): JsonSchema | undefined =>
  schema instanceof z.ZodType
    ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : undefined;

/**
 * Every registered route with what is needed to fuzz it. A route no generator knows how to fuzz is
 * returned in `unfuzzable`: the test fails on it, so a new route cannot escape the fuzzer.
 */
export function fuzzableRoutes(
  registered: RegisteredRoute[],
  doc: OpenApiDocument,
): { specs: RouteSpec[]; unfuzzable: string[] } {
  const specs: RouteSpec[] = [];
  const unfuzzable: string[] = [];
  const seen = new Set<string>();
  for (const route of registered) {
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const base = { key, method: route.method, url: route.url, params: [], query: [], body: undefined };
    const schema = (route.schema ?? {}) as {
      consumes?: string[];
      hide?: boolean;
      params?: unknown;
      querystring?: unknown;
      body?: unknown;
    };
    if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) {
      specs.push({ ...base, kind: 'docs' });
      continue;
    }
    if (route.url.endsWith('*')) {
      if (route.url === '/api/uploads/*') specs.push({ ...base, kind: 'static' });
      else unfuzzable.push(key);
      continue;
    }
    if (route.url === '/api/payments/webhook') {
      specs.push({ ...base, kind: 'webhook' });
      continue;
    }
    if (schema.consumes?.includes('multipart/form-data')) {
      specs.push({ ...base, kind: 'multipart' });
      continue;
    }
    // HEAD twins of GET routes are in the document under their GET.
    const documentedMethod = route.method === 'HEAD' ? 'get' : route.method.toLowerCase();
    const operation = doc.paths[toOpenApiPath(route.url)]?.[documentedMethod];
    const spec: RouteSpec = { ...base, kind: 'schema' };
    if (operation) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path') spec.params.push({ name: parameter.name, schema: parameter.schema });
        if (parameter.in === 'query')
          spec.query.push({
            name: parameter.name,
            required: parameter.required ?? false,
            schema: parameter.schema,
          });
      }
      spec.body = operation.requestBody?.content?.['application/json']?.schema;
    } else if (schema.hide) {
      // Hidden from the document: its zod schemas say the same.
      const params = zodToJsonSchema(schema.params);
      const query = zodToJsonSchema(schema.querystring);
      for (const [name, property] of Object.entries(params?.properties ?? {}))
        spec.params.push({ name, schema: property });
      for (const [name, property] of Object.entries(query?.properties ?? {}))
        spec.query.push({ name, required: query?.required?.includes(name) ?? false, schema: property });
      spec.body = zodToJsonSchema(schema.body);
    } else {
      unfuzzable.push(key);
      continue;
    }
    // A parameter in the URL that no schema names is still fuzzed (as a string).
    for (const match of route.url.matchAll(/:(\w+)/g)) {
      const name = match[1] ?? '';
      if (!spec.params.some((param) => param.name === name))
        spec.params.push({ name, schema: { type: 'string' } });
    }
    specs.push(spec);
  }
  return { specs, unfuzzable };
}
