/**
 * The OpenAPI 3.1 document of /api/v1, generated from the routes declared under /api/v1
 * (`declaredRoutes`, routes/declared/declareRoute.ts; the resumable uploads among them, which the
 * tus server answers): their parameters, bodies and answers are the very zod schemas (from
 * common/) that validate requests and type responses, turned into JSON Schema 2020-12 (the dialect
 * OpenAPI 3.1 uses) by zod's own z.toJSONSchema. Nothing here is written by hand per route, so the
 * document cannot drift.
 */

import { bodyKindOf, type RouteContract } from '@formscribe/common/api/routeContract';
import { v1Api, v1ResumableUploadDocs } from '@formscribe/common/api/v1';
import type { V1Contract } from '@formscribe/common/api/v1Contract';
import { API_TOKENS_PER_ACCOUNT } from '@formscribe/common/limits';
import { errorResponseSchema } from '@formscribe/common/schemas/common';
import type { OpenApiDocument } from '@formscribe/common/schemas/v1';
import { z } from 'zod';
import { type DeclaredRoute, declaredRoutes } from '../declared/declareRoute.ts';

/** The /api/v1 contracts by identity: their summaries and answers are what a plain contract lacks. */
const v1Contracts = new Map<RouteContract, V1Contract>(
  [...Object.values(v1Api), ...Object.values(v1ResumableUploadDocs)].map((contract) => [contract, contract]),
);
type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return rest;
}

/** `/api/v1/forms/:id` → `/api/v1/forms/{id}` (as the router writes a path, and as the document does). */
export function openApiPath(koaPath: string): string {
  return koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parametersOf(schema: z.ZodObject | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || (object.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function requestBodyOf(contract: RouteContract) {
  if (contract.body && bodyKindOf(contract) === 'json') {
    return { required: true, content: { 'application/json': { schema: jsonSchema(contract.body, 'input') } } };
  }
  if (contract.upload && bodyKindOf(contract) === 'upload') {
    const { field } = contract.upload;
    const schema = {
      type: 'object',
      properties: { [field]: { type: 'string', contentMediaType: 'application/octet-stream' } },
      required: [field],
    };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  return undefined;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

function responsesOf({ contract, access }: DeclaredRoute) {
  const answer = v1Contracts.get(contract)?.answer;
  const { status = 200, produces = ['application/json'] } = contract;
  const schema = contract.response ?? answer?.schema;
  const content = Object.fromEntries(
    produces.map((type) => [type, { schema: schema ? jsonSchema(schema, 'output') : { type: 'string' } }]),
  );
  const responses: Record<string, unknown> = { [status]: { description: answer?.description ?? 'OK', content } };
  if (contract.method === 'get') responses[304] = { description: 'Not modified (If-None-Match matched the ETag)' };
  if (contract.params || contract.query || contract.body || contract.upload) {
    responses[400] = errorAnswer('The input is not valid; `issues` lists every problem');
  }
  if (access.public === undefined) {
    responses[401] = errorAnswer('No token, or a token that is not valid or has expired');
    responses[402] = errorAnswer('The token’s owner is not on the Professional plan (the token is kept)');
    responses[403] = errorAnswer('Not allowed: a read-only token on a write, or a form the owner only contributes to');
    responses[404] = errorAnswer('Not found, or not the token owner’s to see');
    responses[429] = errorAnswer('Rate limit reached; see RateLimit-* and Retry-After');
  }
  return responses;
}

function operationObject(route: DeclaredRoute) {
  const { contract, access } = route;
  const requestBody = requestBodyOf(contract);
  return {
    summary: contract.summary ?? `${contract.method.toUpperCase()} ${contract.path}`,
    ...(contract.description ? { description: contract.description } : {}),
    operationId: `${contract.method}${contract.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`,
    ...(access.public !== undefined ? { security: [] } : {}),
    ...(access.token === 'read_write' ? { 'x-token-scope': 'read_write' } : {}),
    parameters: [...parametersOf(contract.params, 'path'), ...parametersOf(contract.query, 'query')],
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(route),
  };
}

let built: OpenApiDocument | undefined;

/** The document for every declared route (built once: the routes are fixed at startup). */
export function openApiDocument(): OpenApiDocument {
  if (built) return built;
  const paths: Record<string, Record<string, unknown>> = {};
  const v1Routes = declaredRoutes.filter((route) => route.contract.path.startsWith('/api/v1/'));
  for (const route of v1Routes) {
    const { path, method } = route.contract;
    paths[path] = { ...paths[path], [method]: operationObject(route) };
  }
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Formscribe API',
      version: '1',
      description:
        'Personal access tokens (profile page, Professional plan) authenticate with `Authorization: Bearer <token>`. ' +
        `An account holds up to ${API_TOKENS_PER_ACCOUNT} tokens, and a new password (changed or reset) revokes them all. ` +
        'Read tokens may call GET routes; writes need a read-and-write token. Lists are cursor pages: pass `nextCursor` ' +
        'back as `cursor`. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'A personal access token' } },
      schemas: { Error: jsonSchema(errorResponseSchema, 'output') },
    },
    paths,
  };
  return built;
}
